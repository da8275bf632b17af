import { z } from 'zod'
import { isTransientStatus } from './errors'
import { providerError, requestProviderJson, upstreamMessage, type ProviderRequest } from './http'
import { aiProviderNames, type OpenAiCompatibleProvider } from './providers'
import type { AiGenerationSetting, TokenUsage } from './setting'

const chatCompletionPaths: Record<OpenAiCompatibleProvider, string> = {
  openai: '/v1/chat/completions',
  deepseek: '/chat/completions',
  openrouter: '/api/v1/chat/completions',
}

/**
 * Whether one call may ask for several answers with `n`. OpenAI honours it, and one call for ten texts sends
 * the prompt once. DeepSeek does not document `n`, and OpenRouter ignores it (one choice comes back), so those
 * get one call per text; the caller runs a batch's calls side by side.
 */
export const supportsSeveralChoices: Record<OpenAiCompatibleProvider, boolean> = {
  openai: true,
  deepseek: false,
  openrouter: false,
}

// OpenAI's reasoning models (o1, o3, o4-mini, gpt-5 except gpt-5-chat) refuse `max_tokens` and any sampling
// parameter with a 400 ("Unsupported parameter"); they take `max_completion_tokens` and fixed sampling. They are
// in our model list, so a setting that names one must still work: the sampling numbers are left out for them.
const openAiReasoningModel = /^(o\d|gpt-5(?!-chat))/

const chatCompletionSchema = z.object({
  choices: z.array(
    z.object({
      message: z.object({ content: z.string().nullish() }).nullish(),
    }),
  ),
  usage: z
    .object({
      prompt_tokens: z.number().nonnegative().nullish(),
      completion_tokens: z.number().nonnegative().nullish(),
    })
    .nullish(),
})

export interface ChatCompletionInput {
  provider: OpenAiCompatibleProvider
  baseUrl: string
  setting: AiGenerationSetting
  userMessage: string
  /** How many answers to ask for; more than 1 only where supportsSeveralChoices. */
  choices: number
  request: Pick<ProviderRequest, 'fetch' | 'apiKey' | 'deadline' | 'signal' | 'secrets'>
}

export interface ChatCompletionResult {
  answers: string[]
  usage: TokenUsage
}

function requestBody(input: ChatCompletionInput): Record<string, unknown> {
  const { setting, provider } = input
  const messages = [
    ...(setting.systemPrompt.trim() ? [{ role: 'system', content: setting.systemPrompt }] : []),
    { role: 'user', content: input.userMessage },
  ]
  const body: Record<string, unknown> = { model: setting.model, messages }
  if (provider === 'openai' && openAiReasoningModel.test(setting.model)) {
    body.max_completion_tokens = setting.maxTokens
  } else {
    body.temperature = setting.temperature
    body.max_tokens = setting.maxTokens
    body.top_p = setting.topP
    body.frequency_penalty = setting.frequencyPenalty
    body.presence_penalty = setting.presencePenalty
  }
  if (input.choices > 1) body.n = input.choices
  return body
}

/** One POST to the provider's chat completions path; answers are the raw contents of the choices. */
export async function requestChatCompletion(input: ChatCompletionInput): Promise<ChatCompletionResult> {
  const context = { ...input.request, provider: input.provider, operation: 'generate' as const }
  const { status, body } = await requestProviderJson({
    ...context,
    method: 'POST',
    url: `${input.baseUrl}${chatCompletionPaths[input.provider]}`,
    body: requestBody(input),
  })
  const parsed = chatCompletionSchema.safeParse(body)
  if (!parsed.success) {
    // OpenRouter reports some upstream failures as a 200 whose body is `{ error: { code, message } }`.
    const message = upstreamMessage(body)
    const code = (body as { error?: { code?: unknown } } | null)?.error?.code
    const permanent = typeof code === 'number' && code >= 400 && !isTransientStatus(code)
    throw providerError(
      permanent ? 'permanent' : 'transient',
      context,
      message ?? `${aiProviderNames[input.provider]} sent an unexpected answer`,
      status,
    )
  }
  return {
    answers: parsed.data.choices.map((choice) => choice.message?.content ?? ''),
    usage: {
      promptTokens: parsed.data.usage?.prompt_tokens ?? 0,
      completionTokens: parsed.data.usage?.completion_tokens ?? 0,
    },
  }
}
