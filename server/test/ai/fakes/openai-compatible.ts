import {
  bearerToken,
  FailureQueue,
  isMainModule,
  portFromCommandLine,
  startRecordingServer,
  targetLinkIn,
  type FakeFailure,
  type FakeReply,
  type RecordedRequest,
} from './recording-server'

// A fake of the three OpenAI-compatible providers on one port: the model lists at /v1/models (OpenAI),
// /models (DeepSeek) and /api/v1/models (OpenRouter, public), and chat completions at the matching three paths.
// Like the real services, only OpenAI's path honours `n`; DeepSeek's and OpenRouter's answer one choice.
//
// Standalone for demos: `cd server && pnpm exec tsx test/ai/fakes/openai-compatible.ts --port 4010`, then
// OPENAI_BASE_URL, DEEPSEEK_BASE_URL and OPENROUTER_BASE_URL=http://127.0.0.1:4010.

export const fakeOpenAiModelIds = [
  'gpt-4o',
  'gpt-4o-mini',
  'chatgpt-4o-latest',
  'o3-mini',
  'o1-pro',
  'gpt-4o-realtime-preview',
  'gpt-4o-mini-tts',
  'gpt-3.5-turbo-instruct',
  'gpt-image-1',
  'text-embedding-3-small',
  'omni-moderation-latest',
  'whisper-1',
  'dall-e-3',
  'tts-1',
] as const

export const fakeDeepSeekModelIds = ['deepseek-chat', 'deepseek-reasoner'] as const

export const fakeOpenRouterModels = [
  { id: 'openai/gpt-4o-mini', name: 'OpenAI: GPT-4o-mini', outputModalities: ['text'] },
  { id: 'deepseek/deepseek-r1', name: 'DeepSeek: R1', outputModalities: ['text'] },
  {
    id: 'meta-llama/llama-3.3-70b-instruct',
    name: 'Meta: Llama 3.3 70B Instruct',
    outputModalities: ['text'],
  },
  { id: 'openai/gpt-image-1', name: 'OpenAI: GPT Image 1', outputModalities: ['image'] },
] as const

export interface FakeOpenAiCompatibleOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  /** When given, any other bearer key gets a 401 that quotes it. Otherwise every key is accepted. */
  acceptedKeys?: readonly string[]
  /** Reported in `usage` of every chat completion. @default 20 */
  promptTokensPerCall?: number
  /** Reported in `usage`, times the number of choices. @default 7 */
  completionTokensPerAnswer?: number
}

export interface FakeOpenAiCompatible {
  url: string
  /** Every request received, in order. */
  requests: RecordedRequest[]
  /** The chat completion requests only. */
  chatRequests(): RecordedRequest[]
  /** The next `times` requests (any path) misbehave this way. */
  failNext(failure: FakeFailure, times?: number): void
  /** The next answers' contents, one per choice, in order; afterwards answers are generated again. */
  answerWith(...contents: string[]): void
  close(): Promise<void>
}

const chatCompletionPaths = new Set(['/v1/chat/completions', '/chat/completions', '/api/v1/chat/completions'])

interface ChatRequestBody {
  model?: unknown
  n?: unknown
  messages?: Array<{ role?: unknown; content?: unknown }>
}

function errorReply(status: number, message: string, type = 'invalid_request_error'): FakeReply {
  return { status, json: { error: { message, type, param: null, code: null } } }
}

export async function startFakeOpenAiCompatible(
  options: FakeOpenAiCompatibleOptions = {},
): Promise<FakeOpenAiCompatible> {
  const failures = new FailureQueue()
  const scriptedAnswers: string[] = []
  const promptTokensPerCall = options.promptTokensPerCall ?? 20
  const completionTokensPerAnswer = options.completionTokensPerAnswer ?? 7
  const knownModels = new Set<string>([
    ...fakeOpenAiModelIds,
    ...fakeDeepSeekModelIds,
    ...fakeOpenRouterModels.map((model) => model.id),
  ])
  let answerCount = 0
  let completionCount = 0

  const unauthorized = (key: string | undefined): FakeReply =>
    key
      ? errorReply(
          401,
          `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        )
      : errorReply(
          401,
          "You didn't provide an API key. You need to provide your API key in an Authorization header.",
        )

  const keyRefused = (key: string | undefined) =>
    key === undefined || (options.acceptedKeys !== undefined && !options.acceptedKeys.includes(key))

  const modelList = (path: string): FakeReply => {
    if (path === '/v1/models') {
      return {
        status: 200,
        json: {
          object: 'list',
          data: fakeOpenAiModelIds.map((id) => ({
            id,
            object: 'model',
            created: 1715367049,
            owned_by: 'system',
          })),
        },
      }
    }
    if (path === '/models') {
      return {
        status: 200,
        json: {
          object: 'list',
          data: fakeDeepSeekModelIds.map((id) => ({ id, object: 'model', owned_by: 'deepseek' })),
        },
      }
    }
    return {
      status: 200,
      json: {
        data: fakeOpenRouterModels.map((model) => ({
          id: model.id,
          canonical_slug: model.id,
          name: model.name,
          created: 1721260800,
          description: `${model.name}, served by the fake.`,
          context_length: 128000,
          architecture: { input_modalities: ['text'], output_modalities: model.outputModalities },
          pricing: { prompt: '0.00000015', completion: '0.0000006' },
        })),
      },
    }
  }

  const chatCompletion = (request: RecordedRequest): FakeReply => {
    const body = (request.body ?? {}) as ChatRequestBody
    const model = typeof body.model === 'string' ? body.model : ''
    if (!knownModels.has(model)) {
      return request.path === '/v1/chat/completions'
        ? {
            status: 404,
            json: {
              error: {
                message: `The model \`${model}\` does not exist or you do not have access to it.`,
                type: 'invalid_request_error',
                param: null,
                code: 'model_not_found',
              },
            },
          }
        : errorReply(400, 'Model Not Exist')
    }
    const userMessage = body.messages?.find((message) => message.role === 'user')?.content
    const prompt = typeof userMessage === 'string' ? userMessage : ''
    const wanted = request.path === '/v1/chat/completions' && typeof body.n === 'number' ? body.n : 1
    const kind = /tweet/i.test(prompt) ? 'Tweet' : 'Comment'
    const choices = Array.from({ length: wanted }, (_, index) => {
      answerCount += 1
      const content = scriptedAnswers.shift() ?? `${kind} ${answerCount} about ${targetLinkIn(prompt)}`
      return { index, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' }
    })
    completionCount += 1
    return {
      status: 200,
      json: {
        id: `chatcmpl-fake${completionCount}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices,
        usage: {
          prompt_tokens: promptTokensPerCall,
          completion_tokens: completionTokensPerAnswer * choices.length,
          total_tokens: promptTokensPerCall + completionTokensPerAnswer * choices.length,
        },
      },
    }
  }

  const answer = (request: RecordedRequest): FakeReply => {
    const key = bearerToken(request)
    const failure = failures.take()
    let delayMs = 0
    switch (failure?.kind) {
      case 'unauthorized':
        return unauthorized(key)
      case 'status':
        return errorReply(
          failure.status,
          failure.message ?? `The server had an error (fake ${failure.status}).`,
        )
      case 'malformed-json':
        return { status: 200, text: '{"choices": [ this is not json' }
      case 'slow':
        delayMs = failure.delayMs
        break
      case undefined:
        break
    }
    const isModelList = ['/v1/models', '/models', '/api/v1/models'].includes(request.path)
    // OpenRouter's model list is public: a key is neither needed nor checked.
    const needsKey = request.path !== '/api/v1/models'
    let reply: FakeReply
    if (request.method === 'GET' && isModelList) {
      reply = needsKey && keyRefused(key) ? unauthorized(key) : modelList(request.path)
    } else if (request.method === 'POST' && chatCompletionPaths.has(request.path)) {
      reply = keyRefused(key) ? unauthorized(key) : chatCompletion(request)
    } else {
      reply = errorReply(404, `Unknown path ${request.method} ${request.path}`)
    }
    return { ...reply, delayMs }
  }

  const server = await startRecordingServer(answer, options.port)
  return {
    url: server.url,
    requests: server.requests,
    chatRequests: () => server.requests.filter((request) => chatCompletionPaths.has(request.path)),
    failNext: (failure, times = 1) => failures.add(failure, times),
    answerWith: (...contents) => scriptedAnswers.push(...contents),
    close: server.close,
  }
}

if (isMainModule(import.meta.url)) {
  const fake = await startFakeOpenAiCompatible({ port: portFromCommandLine() })
  console.log(`Fake OpenAI-compatible API (openai, deepseek, openrouter) listening on ${fake.url}`)
  process.once('SIGINT', () => void fake.close().then(() => process.exit(0)))
}
