import { z } from 'zod'
import type { AiProvider } from './providers'

/** Where each provider's API lives and the operator's default keys, read once at start-up. */
export interface AiConfig {
  /** Origins (plus any path prefix) without a trailing slash; the adapters append the documented paths. */
  baseUrls: Record<AiProvider, string>
  /** Used when a customer's AI setting has no key of its own. */
  defaultApiKeys: Partial<Record<AiProvider, string>>
}

export const defaultAiBaseUrls: Record<AiProvider, string> = {
  openai: 'https://api.openai.com',
  deepseek: 'https://api.deepseek.com',
  openrouter: 'https://openrouter.ai',
  replicate: 'https://api.replicate.com',
}

// An empty variable (`OPENAI_API_KEY=` in a .env file) means "not set", as operators expect.
const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

const baseUrl = (fallback: string) =>
  z.preprocess(
    blankAsUnset,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default(fallback)
      .transform((url) => url.replace(/\/+$/, '')),
  )

const apiKey = z.preprocess(blankAsUnset, z.string().trim().optional())

const environmentSchema = z.object({
  OPENAI_BASE_URL: baseUrl(defaultAiBaseUrls.openai),
  DEEPSEEK_BASE_URL: baseUrl(defaultAiBaseUrls.deepseek),
  OPENROUTER_BASE_URL: baseUrl(defaultAiBaseUrls.openrouter),
  REPLICATE_BASE_URL: baseUrl(defaultAiBaseUrls.replicate),
  OPENAI_API_KEY: apiKey,
  DEEPSEEK_API_KEY: apiKey,
  OPENROUTER_API_KEY: apiKey,
  REPLICATE_API_TOKEN: apiKey,
})

/**
 * Reads the AI part of the environment. Throws on a malformed base URL, naming the variable; the message
 * never contains a key because keys are free text and cannot fail validation.
 */
export function aiConfigFromEnv(env: Record<string, string | undefined>): AiConfig {
  const parsed = environmentSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)
    throw new Error(`Invalid AI configuration: ${problems.join('; ')}`)
  }
  const values = parsed.data
  const defaultApiKeys: Partial<Record<AiProvider, string>> = {}
  if (values.OPENAI_API_KEY) defaultApiKeys.openai = values.OPENAI_API_KEY
  if (values.DEEPSEEK_API_KEY) defaultApiKeys.deepseek = values.DEEPSEEK_API_KEY
  if (values.OPENROUTER_API_KEY) defaultApiKeys.openrouter = values.OPENROUTER_API_KEY
  if (values.REPLICATE_API_TOKEN) defaultApiKeys.replicate = values.REPLICATE_API_TOKEN
  return {
    baseUrls: {
      openai: values.OPENAI_BASE_URL,
      deepseek: values.DEEPSEEK_BASE_URL,
      openrouter: values.OPENROUTER_BASE_URL,
      replicate: values.REPLICATE_BASE_URL,
    },
    defaultApiKeys,
  }
}

/** The customer's own key when the AI setting has one, else the operator's default for that provider. */
export function resolveApiKey(
  config: AiConfig,
  provider: AiProvider,
  customerApiKey: string | null | undefined,
): string | undefined {
  const own = customerApiKey?.trim()
  return own ? own : config.defaultApiKeys[provider]
}
