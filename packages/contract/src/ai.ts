// AI settings defaults, presets and the provider catalogue

export const AI_PROVIDER_IDS = ['openai', 'deepseek', 'openrouter', 'replicate'] as const
export type AiProviderId = (typeof AI_PROVIDER_IDS)[number]
export const DEFAULT_AI_PROVIDER: AiProviderId = 'deepseek'

/** The wizard's provider step. */
export const AI_PROVIDERS = [
  { id: 'openai', name: 'OpenAI', description: 'GPT models' },
  { id: 'deepseek', name: 'DeepSeek', description: 'chat and reasoner' },
  { id: 'openrouter', name: 'OpenRouter', description: 'multiple providers' },
  { id: 'replicate', name: 'Replicate', description: 'open-source models' },
] as const satisfies readonly { id: AiProviderId; name: string; description: string }[]

export const AI_TEMPERATURE_MIN = 0
export const AI_TEMPERATURE_MAX = 2
export const AI_TEMPERATURE_STEP = 0.1
export const AI_TEMPERATURE_DEFAULT = 0.7
export const AI_MAX_TOKENS_DEFAULT = 500
export const AI_MAX_TOKENS_PRESET = 100
export const AI_MAX_TOKENS_BLANK_FORM = 1000
export const AI_MAX_TOKENS_MIN = 1
export const AI_MAX_TOKENS_MAX = 32_000
export const AI_TOP_P_DEFAULT = 1
export const AI_PENALTY_DEFAULT = 0
export const AI_PENALTY_MIN = -2
export const AI_PENALTY_MAX = 2

/** True for 0, 0.1, ..., 2 (a tolerance absorbs float noise such as 0.30000000000000004). */
export function isValidTemperature(value: number): boolean {
  if (!Number.isFinite(value) || value < AI_TEMPERATURE_MIN || value > AI_TEMPERATURE_MAX) return false
  const tenths = value / AI_TEMPERATURE_STEP
  return Math.abs(tenths - Math.round(tenths)) < 1e-9
}

/** An AI setting as the client and server use it (camelCase; the API also accepts snake_case on input). */
export interface AiSettingValues {
  id: string
  name: string
  model: string
  provider: AiProviderId
  temperature: number
  maxTokens: number
  topP: number
  frequencyPenalty: number
  presencePenalty: number
  systemPrompt: string
  userPrompt: string
  /** The customer's own provider key; '' uses the operator's default key. Answers carry it masked. */
  apiKey: string
  /** ISO time. */
  lastUsed: string
}

export const NEW_AI_SETTING_NAME = 'New AI Settings'

const twitterSystemPrompt =
  'You are a social media expert who writes engaging, authentic posts for Twitter (X). Keep every reply ' +
  'under 280 characters, match the tone of the conversation, avoid hashtag spam, and never sound like an ad.'
const twitterUserPrompt =
  'Write a short, engaging reply to this tweet that adds value to the conversation and invites others to respond.'

/** The values of a new AI setting; the caller supplies a client-generated UUID and the current time. */
export function createNewAiSetting(id: string, now: Date): AiSettingValues {
  return {
    id,
    name: NEW_AI_SETTING_NAME,
    model: 'deepseek-chat',
    provider: 'deepseek',
    temperature: AI_TEMPERATURE_DEFAULT,
    maxTokens: AI_MAX_TOKENS_DEFAULT,
    topP: AI_TOP_P_DEFAULT,
    frequencyPenalty: AI_PENALTY_DEFAULT,
    presencePenalty: AI_PENALTY_DEFAULT,
    systemPrompt: twitterSystemPrompt,
    userPrompt: twitterUserPrompt,
    apiKey: '',
    lastUsed: now.toISOString(),
  }
}

/** The blank add form starts with max tokens 1000. */
export function createBlankAiSettingForm(id: string, now: Date): AiSettingValues {
  return { ...createNewAiSetting(id, now), maxTokens: AI_MAX_TOKENS_BLANK_FORM }
}

export const DEFAULT_AI_PRESET_ID = 'default'
export const REASONER_AI_PRESET_ID = 'reasoner'

/** The two presets saved for a user who has no AI settings. */
export function createAiPresets(now: Date): AiSettingValues[] {
  const shared = {
    provider: 'deepseek',
    temperature: AI_TEMPERATURE_DEFAULT,
    maxTokens: AI_MAX_TOKENS_PRESET,
    topP: AI_TOP_P_DEFAULT,
    frequencyPenalty: AI_PENALTY_DEFAULT,
    presencePenalty: AI_PENALTY_DEFAULT,
    apiKey: '',
    lastUsed: now.toISOString(),
  } as const
  return [
    {
      ...shared,
      id: DEFAULT_AI_PRESET_ID,
      name: 'Default AI',
      model: 'deepseek-chat',
      systemPrompt:
        'You are an experienced community manager for a growing brand on Twitter (X). You write in a warm, ' +
        'witty and human voice, you know what makes people stop scrolling, and you never use more than two hashtags.',
      userPrompt:
        'Write a humorous tweet with the potential to go viral about the topic of the linked post. ' +
        'Keep it under 280 characters and end with a hook that invites replies.',
    },
    {
      ...shared,
      id: REASONER_AI_PRESET_ID,
      name: 'Reasoner',
      model: 'deepseek-reasoner',
      systemPrompt:
        'You are a careful reasoning assistant. Before you write, you weigh the facts, the audience and the ' +
        'likely objections, and your final answer is clear, well-argued and concise.',
      userPrompt:
        'Write a tweet or a reply to the linked post that shows deep reasoning: state one non-obvious insight, ' +
        'support it with a short argument, and keep it under 280 characters.',
    },
  ]
}

const MASK = '••••••••'

/** How an answer shows a stored key: '••••••••' plus its last 4 characters; '' stays ''. */
export function maskApiKey(apiKey: string): string {
  if (apiKey === '') return ''
  return MASK + (apiKey.length > 8 ? apiKey.slice(-4) : '')
}

/** True when a submitted key is a masked value sent back unchanged: the server keeps the stored key. */
export function isMaskedApiKey(apiKey: string): boolean {
  return apiKey.startsWith(MASK)
}

/**
 * Whether orders can be written with `setting`: it has a key of its own (saved for its provider), or the panel
 * lends its key for that provider. The server refuses an AI order with a setting that cannot, before the charge.
 */
export function aiSettingCanRun(
  setting: { provider: string; apiKey: string },
  providersWithPanelKey: readonly string[],
): boolean {
  return setting.apiKey !== '' || providersWithPanelKey.includes(setting.provider)
}
