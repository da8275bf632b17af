// The values a new AI setting starts with and the two presets a new account gets: the AI settings' forms and
// the server use them; kept apart from ai.ts, whose rules and limits the first page's schemas need, so that the
// first page does not download the presets' prompts.

import {
  AI_MAX_TOKENS_BLANK_FORM,
  AI_MAX_TOKENS_DEFAULT,
  AI_MAX_TOKENS_PRESET,
  AI_PENALTY_DEFAULT,
  AI_TEMPERATURE_DEFAULT,
  AI_TOP_P_DEFAULT,
  type AiSettingValues,
} from './ai'

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
