import type { AiProvider } from './providers'

/** The parts of a customer's AI setting that shape a generation call. */
export interface AiGenerationSetting {
  provider: AiProvider
  /** openai/deepseek/openrouter: the model id; replicate: `owner/name` or `owner/name:version`. */
  model: string
  temperature: number
  maxTokens: number
  topP: number
  frequencyPenalty: number
  presencePenalty: number
  systemPrompt: string
  userPrompt: string
}

/** Tokens billed by the provider, as it reported them. */
export interface TokenUsage {
  promptTokens: number
  completionTokens: number
}

export function addUsage(left: TokenUsage, right: TokenUsage): TokenUsage {
  return {
    promptTokens: left.promptTokens + right.promptTokens,
    completionTokens: left.completionTokens + right.completionTokens,
  }
}

export const noUsage: TokenUsage = { promptTokens: 0, completionTokens: 0 }
