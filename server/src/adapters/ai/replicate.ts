import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'
import { providerError, requestProviderJson, type ProviderRequest } from './http'
import type { AiGenerationSetting, TokenUsage } from './setting'

// `owner/name` runs the model's current version through the official-model endpoint; `owner/name:version`
// pins a version, which community models need, through /v1/predictions.
const modelPattern = /^([\w.-]+)\/([\w.-]+)(?::([0-9a-f]{8,}))?$/i

const predictionSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  output: z.unknown(),
  error: z.unknown(),
  metrics: z
    .object({
      input_token_count: z.number().nonnegative().nullish(),
      output_token_count: z.number().nonnegative().nullish(),
    })
    .nullish(),
})

type Prediction = z.output<typeof predictionSchema>

const runningStatuses = new Set(['starting', 'processing'])

/** Replicate holds a `Prefer: wait` request open for at most 60 s. */
const longestWaitSeconds = 60

export interface PredictionInput {
  baseUrl: string
  setting: AiGenerationSetting
  userMessage: string
  /** Pause between polls of a prediction still running when the wait ran out. */
  pollIntervalMs: number
  request: Pick<ProviderRequest, 'fetch' | 'apiKey' | 'deadline' | 'signal' | 'secrets'>
}

export interface PredictionResult {
  answer: string
  usage: TokenUsage
}

function modelInput(input: PredictionInput): Record<string, unknown> {
  const { setting } = input
  return {
    prompt: input.userMessage,
    ...(setting.systemPrompt.trim() ? { system_prompt: setting.systemPrompt } : {}),
    temperature: setting.temperature,
    top_p: setting.topP,
    // Language models on Replicate name the length limit either max_tokens (Meta Llama 3 and the other
    // official models) or max_new_tokens (many community models). Replicate does not refuse inputs a model does
    // not declare, so both are sent and each model reads the one it knows.
    max_tokens: setting.maxTokens,
    max_new_tokens: setting.maxTokens,
    frequency_penalty: setting.frequencyPenalty,
    presence_penalty: setting.presencePenalty,
  }
}

/**
 * Runs one prediction and returns its text: POST with `Prefer: wait`, then, when the wait ran out before the
 * model finished, polls the prediction until it succeeds or fails or the deadline passes (then cancels it, so
 * an abandoned prediction is not billed to the end).
 */
export async function runPrediction(input: PredictionInput): Promise<PredictionResult> {
  const context = { ...input.request, provider: 'replicate' as const, operation: 'generate' as const }
  const base = input.baseUrl
  const match = modelPattern.exec(input.setting.model)
  if (!match) {
    throw providerError('permanent', context, 'the Replicate model must be written as owner/name')
  }
  const [, owner, name, version] = match

  const parse = (body: unknown, status: number): Prediction => {
    const parsed = predictionSchema.safeParse(body)
    if (!parsed.success)
      throw providerError('transient', context, 'Replicate sent an unexpected answer', status)
    return parsed.data
  }

  // The wait must end before our own deadline, or we would abort the very answer we are waiting for.
  const secondsLeft = Math.floor((input.request.deadline - Date.now()) / 1000) - 1
  const waitSeconds = Math.max(1, Math.min(longestWaitSeconds, secondsLeft))
  const created = await requestProviderJson({
    ...context,
    method: 'POST',
    url: version ? `${base}/v1/predictions` : `${base}/v1/models/${owner}/${name}/predictions`,
    headers: { prefer: `wait=${waitSeconds}` },
    body: version ? { version, input: modelInput(input) } : { input: modelInput(input) },
  })
  let prediction = parse(created.body, created.status)

  try {
    while (runningStatuses.has(prediction.status)) {
      if (Date.now() + input.pollIntervalMs >= input.request.deadline) {
        throw providerError('transient', context, 'the prediction did not finish in time')
      }
      await sleep(input.pollIntervalMs, undefined, { signal: input.request.signal })
      // The documented "get a prediction" URL, which is what `urls.get` holds. Built from the configured base
      // rather than read from the answer, so the token is only ever sent to the configured host.
      const polled = await requestProviderJson({
        ...context,
        url: `${base}/v1/predictions/${encodeURIComponent(prediction.id)}`,
      }).catch((error: unknown) => {
        // A poll cut off by our deadline means the same as the check above: the prediction did not finish in
        // time (the poll itself is not what was late).
        if (!input.request.signal?.aborted && Date.now() >= input.request.deadline) {
          throw providerError('transient', context, 'the prediction did not finish in time')
        }
        throw error
      })
      prediction = parse(polled.body, polled.status)
    }
  } catch (error) {
    await cancelPrediction(input, prediction.id)
    if (input.request.signal?.aborted) throw providerError('transient', context, 'the request was cancelled')
    throw error
  }

  return { answer: predictionText(prediction, context), usage: predictionUsage(prediction) }
}

function predictionText(prediction: Prediction, context: Parameters<typeof providerError>[1]): string {
  switch (prediction.status) {
    case 'succeeded': {
      const { output } = prediction
      // Language models stream their answer, so the output is the list of chunks in order.
      if (typeof output === 'string') return output
      if (Array.isArray(output) && output.every((chunk) => typeof chunk === 'string')) return output.join('')
      throw providerError(
        'permanent',
        context,
        'the model does not answer with text; choose a language model',
      )
    }
    case 'failed': {
      const reason =
        typeof prediction.error === 'string' && prediction.error.trim() ? prediction.error : 'unknown'
      throw providerError('transient', context, `the prediction failed: ${reason}`)
    }
    case 'canceled':
    case 'aborted':
      throw providerError('transient', context, 'the prediction was canceled')
    default:
      throw providerError('transient', context, `the prediction ended as "${prediction.status}"`)
  }
}

function predictionUsage(prediction: Prediction): TokenUsage {
  return {
    promptTokens: prediction.metrics?.input_token_count ?? 0,
    completionTokens: prediction.metrics?.output_token_count ?? 0,
  }
}

/** Best effort: the prediction is being given up on anyway, so a failure to cancel changes nothing. */
async function cancelPrediction(input: PredictionInput, predictionId: string): Promise<void> {
  try {
    await requestProviderJson({
      ...input.request,
      provider: 'replicate',
      operation: 'generate',
      method: 'POST',
      url: `${input.baseUrl}/v1/predictions/${encodeURIComponent(predictionId)}/cancel`,
      // Its own short bound and no outside signal: the caller's deadline or cancellation is why we are here.
      deadline: Date.now() + 5_000,
      signal: undefined,
    })
  } catch {
    // Nothing to do: the prediction ends on Replicate's own time limit.
  }
}
