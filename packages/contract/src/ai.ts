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
