import { resolveApiKey, type AiConfig } from './config'
import { AiPermanentError, AiProviderError } from './errors'
import { providerError, type Fetch, type ProviderRequest } from './http'
import { requestChatCompletion, supportsSeveralChoices } from './openai-compatible'
import { buildUserMessage, cleanGeneratedText, duplicateKey, type AiServiceType } from './prompt'
import { aiProviderNames } from './providers'
import { runPrediction } from './replicate'
import { addUsage, noUsage, type AiGenerationSetting, type TokenUsage } from './setting'

/** Texts per batch: one chat completion with `n`, or that many single calls side by side. */
export const largestBatchSize = 10

export interface GeneratedBatch {
  /** The new texts of this batch, cleaned and unique. */
  texts: string[]
  /** Tokens this batch cost, including answers that were dropped as empty or repeated. */
  usage: TokenUsage
}

export interface GeneratedTexts {
  texts: string[]
  usage: TokenUsage
}

export interface GenerateTextsOptions {
  setting: AiGenerationSetting
  /** The link the order targets; the model is told about it in the user message. */
  targetUrl: string
  serviceType: AiServiceType
  /** Texts wanted: one per unit of the order's quantity. */
  count: number
  /** The AI setting's own key; blank falls back to the operator's default key for the provider. */
  apiKey?: string | null | undefined
  config: AiConfig
  fetch?: Fetch
  /** Bound for one provider call: a chat completion, or a prediction with its polls. @default 60000 */
  timeoutMs?: number
  /** @default 10 (largestBatchSize) */
  batchSize?: number
  /** Texts already stored for the order (a resumed job): never produced again. */
  avoidTexts?: readonly string[]
  /**
   * Called after every batch, awaited before the next one. A job stores `batch.texts` and `batch.usage` here,
   * so a failure later in the run loses nothing already paid for and a retry asks only for the rest.
   */
  onProgress?: (done: number, total: number, batch: GeneratedBatch) => void | Promise<void>
  /** Replicate: pause between polls of a prediction that outlived `Prefer: wait`. @default 1000 */
  pollIntervalMs?: number
  signal?: AbortSignal
}

// A model at temperature 0 may answer the same text forever. After this many batches in a row without one new
// text, or once twice the wanted number of texts plus a margin has been asked for, generation stops.
const fruitlessBatchLimit = 3
const requestBudget = (count: number) => count * 2 + 10
// Once a model repeats itself, later prompts list the latest texts to steer it away from them; a few are
// enough, and more would make every call dearer.
const avoidListLength = 10

interface BatchOutcome {
  answers: string[]
  usage: TokenUsage
  /** Set when some or all calls of the batch failed; answers holds what the others brought. */
  error?: AiProviderError
}

/**
 * Writes `count` distinct texts (comments or tweets) for the target link with the AI setting, in batches of up to
 * 10, reporting each batch through onProgress. Throws AiPermanentError (bad key, bad model, only empty or repeated
 * answers) or AiTransientError (timeouts, 429, 5xx); messages start 'Failed to generate texts:' and never
 * contain a key.
 */
export async function generateTexts(options: GenerateTextsOptions): Promise<GeneratedTexts> {
  const { setting, serviceType, config } = options
  const total = options.count
  const batchSize = options.batchSize ?? largestBatchSize
  if (!Number.isInteger(total) || total < 1) throw new RangeError('count must be a positive integer')
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > largestBatchSize) {
    throw new RangeError(`batchSize must be an integer from 1 to ${largestBatchSize}`)
  }

  const apiKey = resolveApiKey(config, setting.provider, options.apiKey)
  const context = {
    provider: setting.provider,
    operation: 'generate' as const,
    secrets: [apiKey, options.apiKey ?? undefined, ...Object.values(config.defaultApiKeys)],
  }
  if (!apiKey) {
    throw providerError(
      'permanent',
      context,
      `an API key is required for ${aiProviderNames[setting.provider]}`,
    )
  }
  const timeoutMs = options.timeoutMs ?? 60_000
  const callRequest = (): Pick<ProviderRequest, 'fetch' | 'apiKey' | 'deadline' | 'signal' | 'secrets'> => ({
    fetch: options.fetch ?? globalThis.fetch,
    apiKey,
    deadline: Date.now() + timeoutMs,
    signal: options.signal,
    secrets: context.secrets,
  })

  const runBatch = async (size: number, userMessage: string): Promise<BatchOutcome> => {
    const baseUrl = config.baseUrls[setting.provider]
    const call = async (choices: number) =>
      setting.provider === 'replicate'
        ? runPrediction({
            baseUrl,
            setting,
            userMessage,
            pollIntervalMs: options.pollIntervalMs ?? 1_000,
            request: callRequest(),
          }).then(({ answer, usage }) => ({ answers: [answer], usage }))
        : requestChatCompletion({
            provider: setting.provider,
            baseUrl,
            setting,
            userMessage,
            choices,
            request: callRequest(),
          })

    if (setting.provider !== 'replicate' && supportsSeveralChoices[setting.provider]) return call(size)

    const settled = await Promise.allSettled(Array.from({ length: size }, () => call(1)))
    const outcome: BatchOutcome = { answers: [], usage: noUsage }
    for (const result of settled) {
      if (result.status === 'fulfilled') {
        outcome.answers.push(...result.value.answers)
        outcome.usage = addUsage(outcome.usage, result.value.usage)
      } else {
        if (!(result.reason instanceof AiProviderError)) throw result.reason
        // A permanent failure says more than a transient one: retrying will not help.
        if (!outcome.error || (result.reason instanceof AiPermanentError && outcome.error.retryable)) {
          outcome.error = result.reason
        }
      }
    }
    if (outcome.error && outcome.answers.length === 0) throw outcome.error
    return outcome
  }

  const texts: string[] = []
  const seen = new Set((options.avoidTexts ?? []).map((text) => duplicateKey(text) || text))
  let usage = noUsage
  let requested = 0
  let fruitlessBatches = 0
  let repeating = false

  while (texts.length < total) {
    if (options.signal?.aborted) throw providerError('transient', context, 'the request was cancelled')
    if (fruitlessBatches >= fruitlessBatchLimit || requested >= requestBudget(total)) {
      throw providerError(
        'permanent',
        context,
        `the model gave only empty or repeated answers (${texts.length} of ${total} texts written); ` +
          'try a higher temperature or more max tokens',
      )
    }
    const size = Math.min(batchSize, total - texts.length)
    requested += size
    const userMessage = buildUserMessage({
      userPrompt: setting.userPrompt,
      targetUrl: options.targetUrl,
      serviceType,
      avoidTexts: repeating ? [...(options.avoidTexts ?? []), ...texts].slice(-avoidListLength) : undefined,
    })

    const outcome = await runBatch(size, userMessage)
    const fresh: string[] = []
    for (const answer of outcome.answers) {
      if (texts.length + fresh.length >= total) break
      const text = cleanGeneratedText(answer, serviceType)
      if (!text) continue
      const key = duplicateKey(text) || text
      if (seen.has(key)) {
        repeating = true
        continue
      }
      seen.add(key)
      fresh.push(text)
    }
    texts.push(...fresh)
    usage = addUsage(usage, outcome.usage)
    fruitlessBatches = fresh.length === 0 ? fruitlessBatches + 1 : 0
    await options.onProgress?.(texts.length, total, { texts: fresh, usage: outcome.usage })
    if (outcome.error) throw outcome.error
  }
  return { texts, usage }
}

export type GeneratePreviewOptions = Omit<GenerateTextsOptions, 'count' | 'batchSize' | 'onProgress'>

/** One sample text for the AI settings dialog's 'Generate preview'. Same errors as generateTexts. */
export async function generatePreview(
  options: GeneratePreviewOptions,
): Promise<{ text: string; usage: TokenUsage }> {
  const { texts, usage } = await generateTexts({ ...options, count: 1 })
  const [text] = texts
  // generateTexts resolves only once it has `count` texts, so there is exactly one.
  if (text === undefined) throw new Error('generateTexts resolved without a text')
  return { text, usage }
}
