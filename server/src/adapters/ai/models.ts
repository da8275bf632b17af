import { z } from 'zod'
import { resolveApiKey, type AiConfig } from './config'
import { providerError, requestProviderJson, type Fetch, type ProviderRequest } from './http'
import { aiProviderNames, type AiProvider } from './providers'

/** One entry of the fetch-models answer ("Model option"). */
export interface ModelOption {
  id: string
  name: string
  provider: AiProvider
}

export interface FetchModelsOptions {
  provider: AiProvider
  /** The key the customer typed; blank falls back to the operator's default key for the provider. */
  apiKey?: string | null | undefined
  config: AiConfig
  fetch?: Fetch
  /** Bound for the whole listing, all pages included. @default 15000 */
  timeoutMs?: number
  /** Replicate lists every public model; this many pages are enough to choose from. @default 10 */
  maxPages?: number
  signal?: AbortSignal
}

// OpenAI's /v1/models lists everything a key can use, embeddings, speech, images and moderation included. Only
// chat completion models can write a comment or a tweet, and they are the gpt-*, chatgpt-* and o<digit> (o1,
// o3, o4-mini) families. Some members of those families are refused by chat completions (the -pro, codex and
// deep-research models are Responses-API only, -instruct is legacy completions) or produce no text (audio,
// realtime, speech, images), so they are left out too.
const openAiChatFamilies = /^(gpt-|chatgpt-|o\d)/
const openAiNonChatVariants =
  /(realtime|audio|transcribe|tts|image|instruct|embedding|codex|deep-research|-pro\b)/

const idListSchema = z.object({ data: z.array(z.object({ id: z.string().min(1) })) })

const openRouterListSchema = z.object({
  data: z.array(
    z.object({
      id: z.string().min(1),
      name: z.string().optional(),
      architecture: z.object({ output_modalities: z.array(z.string()).optional() }).optional(),
    }),
  ),
})

const replicatePageSchema = z.object({
  next: z.string().nullish(),
  results: z.array(z.object({ owner: z.string().min(1), name: z.string().min(1) })),
})

function byName(left: ModelOption, right: ModelOption): number {
  return left.name.localeCompare(right.name)
}

/**
 * Lists the models a customer can pick for an AI setting: GET /v1/models (openai), /models (deepseek),
 * /api/v1/models (openrouter, public, key optional) or /v1/models (replicate, paginated by `next`).
 * Throws AiPermanentError (wrong key: answer 422) or AiTransientError (provider down or slow: answer 502), with
 * the message 'Failed to fetch models: <reason>' and never the key.
 */
export async function fetchModels(options: FetchModelsOptions): Promise<ModelOption[]> {
  const { provider, config } = options
  const apiKey = resolveApiKey(config, provider, options.apiKey)
  const base = config.baseUrls[provider]
  const request: Omit<ProviderRequest, 'url'> = {
    provider,
    operation: 'fetch-models',
    fetch: options.fetch ?? globalThis.fetch,
    apiKey,
    deadline: Date.now() + (options.timeoutMs ?? 15_000),
    signal: options.signal,
    secrets: [apiKey, options.apiKey ?? undefined, ...Object.values(config.defaultApiKeys)],
  }
  if (!apiKey && provider !== 'openrouter') {
    throw providerError('permanent', request, `an API key is required for ${aiProviderNames[provider]}`)
  }

  const parse = <Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> => {
    const parsed = schema.safeParse(body)
    if (!parsed.success) {
      throw providerError('transient', request, `${aiProviderNames[provider]} sent an unexpected model list`)
    }
    return parsed.data
  }

  switch (provider) {
    case 'openai': {
      const { body } = await requestProviderJson({ ...request, url: `${base}/v1/models` })
      return parse(idListSchema, body)
        .data.filter((model) => openAiChatFamilies.test(model.id) && !openAiNonChatVariants.test(model.id))
        .map((model) => ({ id: model.id, name: model.id, provider }))
        .sort(byName)
    }
    case 'deepseek': {
      const { body } = await requestProviderJson({ ...request, url: `${base}/models` })
      return parse(idListSchema, body)
        .data.map((model) => ({ id: model.id, name: model.id, provider }))
        .sort(byName)
    }
    case 'openrouter': {
      const { body } = await requestProviderJson({ ...request, url: `${base}/api/v1/models` })
      return (
        parse(openRouterListSchema, body)
          // Image and audio generators are listed too; a model without "text" among its outputs cannot write.
          .data.filter((model) => model.architecture?.output_modalities?.includes('text') ?? true)
          .map((model) => ({ id: model.id, name: model.name?.trim() || model.id, provider }))
          .sort(byName)
      )
    }
    case 'replicate': {
      const models: ModelOption[] = []
      const seen = new Set<string>()
      let url: string | undefined = `${base}/v1/models`
      for (let page = 0; url && page < (options.maxPages ?? 10); page += 1) {
        const { body } = await requestProviderJson({ ...request, url })
        const { results, next } = parse(replicatePageSchema, body)
        for (const result of results) {
          const id = `${result.owner}/${result.name}`
          if (seen.has(id)) continue
          seen.add(id)
          models.push({ id, name: id, provider })
        }
        // `next` is an absolute URL chosen by the answer; following it to another host would hand that host
        // the customer's token, so pagination stops there instead.
        url = next && next.startsWith(`${base}/`) ? next : undefined
      }
      return models.sort(byName)
    }
  }
}
