/** The AI providers a customer may pick in an AI setting. */
export const aiProviders = ['openai', 'deepseek', 'openrouter', 'replicate'] as const

export type AiProvider = (typeof aiProviders)[number]

/** The providers that speak OpenAI-compatible chat completions; replicate speaks its predictions API. */
export type OpenAiCompatibleProvider = Exclude<AiProvider, 'replicate'>

/** Names for people, used in error messages. */
export const aiProviderNames: Record<AiProvider, string> = {
  openai: 'OpenAI',
  deepseek: 'DeepSeek',
  openrouter: 'OpenRouter',
  replicate: 'Replicate',
}
