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

// A fake of Replicate's HTTP API: GET /v1/models paginated with absolute `next` URLs, predictions created at
// /v1/models/{owner}/{name}/predictions or /v1/predictions (with a version), `Prefer: wait` honoured or not,
// GET /v1/predictions/{id} for polling, and POST /v1/predictions/{id}/cancel. Answers stream as chunk arrays.
//
// Standalone for demos: `cd server && pnpm exec tsx test/ai/fakes/replicate.ts --port 4011`, then
// REPLICATE_BASE_URL=http://127.0.0.1:4011.

export interface FakeReplicateModel {
  owner: string
  name: string
  description: string
}

export const fakeReplicateModels: readonly FakeReplicateModel[] = [
  {
    owner: 'meta',
    name: 'meta-llama-3-8b-instruct',
    description: 'Base version of Llama 3, 8 billion parameters',
  },
  { owner: 'meta', name: 'meta-llama-3-70b-instruct', description: 'Llama 3, 70 billion parameters' },
  { owner: 'deepseek-ai', name: 'deepseek-r1', description: 'A reasoning model' },
  { owner: 'mistralai', name: 'mixtral-8x7b-instruct-v0.1', description: 'A sparse mixture of experts' },
  { owner: 'ibm-granite', name: 'granite-3.3-8b-instruct', description: 'A small instruction-tuned model' },
]

export interface FakeReplicateOptions {
  port?: number
  /** When given, any other token gets a 401 that quotes it. Otherwise every token is accepted. */
  acceptedKeys?: readonly string[]
  models?: readonly FakeReplicateModel[]
  /** Models per page of GET /v1/models. @default 2 */
  pageSize?: number
}

export interface FakeReplicate {
  url: string
  requests: RecordedRequest[]
  /** The prediction creation requests only. */
  predictionRequests(): RecordedRequest[]
  /** Whether `Prefer: wait` gets a finished prediction. When false, creation answers "starting". @default true */
  honourWait: boolean
  /** Polls that still see "processing" before a prediction finishes. Infinity: it never does. @default 2 */
  pollsBeforeDone: number
  /** Reported in the metrics of every finished prediction. @default { input: 30, output: 9 } */
  tokenCounts: { input: number; output: number }
  /** The next `times` requests (any path) misbehave this way. */
  failNext(failure: FakeFailure, times?: number): void
  /** The next predictions end "failed" with this error text. */
  failNextPredictions(error: string, times?: number): void
  /** The next predictions' texts, in order; afterwards texts are generated again. */
  answerWith(...texts: string[]): void
  close(): Promise<void>
}

interface StoredPrediction {
  id: string
  model: string
  version: string
  input: Record<string, unknown>
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled'
  output: string[] | null
  error: string | null
  pollsLeft: number
  /** Decided at creation, revealed when the prediction finishes. */
  outcome: { text: string } | { error: string }
  createdAt: string
  completedAt: string | null
}

const predictionPaths = /^\/v1\/(?:models\/([^/]+)\/([^/]+)\/predictions|predictions)$/
const predictionPath = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/

function problem(status: number, title: string, detail: string): FakeReply {
  return { status, json: { title, detail, status } }
}

export async function startFakeReplicate(options: FakeReplicateOptions = {}): Promise<FakeReplicate> {
  const failures = new FailureQueue()
  const predictionFailures: string[] = []
  const scriptedTexts: string[] = []
  const models = options.models ?? fakeReplicateModels
  const pageSize = options.pageSize ?? 2
  const predictions = new Map<string, StoredPrediction>()
  let predictionCount = 0

  const unauthorized = (key: string | undefined): FakeReply =>
    problem(
      401,
      'Unauthenticated',
      key ? `Invalid token: ${key}` : 'You did not pass an authentication token',
    )

  const serialise = (prediction: StoredPrediction, origin: string) => {
    const finished = prediction.status === 'succeeded' || prediction.status === 'failed'
    return {
      id: prediction.id,
      model: prediction.model,
      version: prediction.version,
      input: prediction.input,
      logs: '',
      output: prediction.output,
      data_removed: false,
      error: prediction.error,
      status: prediction.status,
      created_at: prediction.createdAt,
      completed_at: prediction.completedAt,
      urls: {
        get: `${origin}/v1/predictions/${prediction.id}`,
        cancel: `${origin}/v1/predictions/${prediction.id}/cancel`,
      },
      ...(finished
        ? {
            metrics: {
              predict_time: 0.42,
              input_token_count: fake.tokenCounts.input,
              output_token_count: fake.tokenCounts.output,
            },
          }
        : {}),
    }
  }

  const finish = (prediction: StoredPrediction) => {
    prediction.completedAt = new Date().toISOString()
    if ('text' in prediction.outcome) {
      prediction.status = 'succeeded'
      // Language models stream: the output is the answer's chunks, a word (with its leading space) each.
      prediction.output = prediction.outcome.text.split(/(?= )/)
    } else {
      prediction.status = 'failed'
      prediction.error = prediction.outcome.error
    }
  }

  const listModels = (request: RecordedRequest, origin: string): FakeReply => {
    const page = Number(request.query.get('cursor') ?? 0)
    const results = models.slice(page * pageSize, (page + 1) * pageSize).map((model) => ({
      url: `https://replicate.com/${model.owner}/${model.name}`,
      owner: model.owner,
      name: model.name,
      description: model.description,
      visibility: 'public',
      run_count: 1000,
      latest_version: { id: `${model.name.length}`.padStart(64, 'a') },
    }))
    const hasNext = (page + 1) * pageSize < models.length
    return {
      status: 200,
      json: {
        next: hasNext ? `${origin}/v1/models?cursor=${page + 1}` : null,
        previous: page > 0 ? `${origin}/v1/models?cursor=${page - 1}` : null,
        results,
      },
    }
  }

  const createPrediction = (request: RecordedRequest, origin: string, match: RegExpExecArray): FakeReply => {
    const body = (request.body ?? {}) as { version?: unknown; input?: unknown }
    const [, owner, name] = match
    let model: string
    let version: string
    if (owner && name) {
      model = `${owner}/${name}`
      if (!models.some((candidate) => `${candidate.owner}/${candidate.name}` === model)) {
        return problem(404, 'Not found', 'The requested resource could not be found.')
      }
      version = 'official'
    } else {
      if (typeof body.version !== 'string' || !/^[0-9a-f]{8,}$/.test(body.version)) {
        return problem(422, 'Input validation failed', '- version: Invalid version or not permitted')
      }
      version = body.version
      model = 'community/pinned-version'
    }
    if (typeof body.input !== 'object' || body.input === null) {
      return problem(422, 'Input validation failed', '- input: Required')
    }
    const input = body.input as Record<string, unknown>
    const prompt = typeof input.prompt === 'string' ? input.prompt : ''
    predictionCount += 1
    const failure = predictionFailures.shift()
    const kind = /tweet/i.test(prompt) ? 'Tweet' : 'Comment'
    const prediction: StoredPrediction = {
      id: `fakeprediction${predictionCount}`,
      model,
      version,
      input,
      status: 'starting',
      output: null,
      error: null,
      pollsLeft: fake.pollsBeforeDone,
      outcome:
        failure !== undefined
          ? { error: failure }
          : { text: scriptedTexts.shift() ?? `${kind} ${predictionCount} about ${targetLinkIn(prompt)}` },
      createdAt: new Date().toISOString(),
      completedAt: null,
    }
    predictions.set(prediction.id, prediction)
    const prefersWait = /^wait(=\d+)?$/.test(String(request.headers.prefer ?? '').trim())
    if (prefersWait && fake.honourWait) finish(prediction)
    return { status: 201, json: serialise(prediction, origin) }
  }

  const answer = (request: RecordedRequest, origin: string): FakeReply => {
    const key = bearerToken(request)
    const failure = failures.take()
    let delayMs = 0
    switch (failure?.kind) {
      case 'unauthorized':
        return unauthorized(key)
      case 'status':
        return problem(failure.status, 'Error', failure.message ?? `Fake failure ${failure.status}`)
      case 'malformed-json':
        return { status: 200, text: '<html><body>Bad gateway</body></html>' }
      case 'slow':
        delayMs = failure.delayMs
        break
      case undefined:
        break
    }
    if (key === undefined || (options.acceptedKeys !== undefined && !options.acceptedKeys.includes(key))) {
      return unauthorized(key)
    }

    let reply: FakeReply
    const creation = predictionPaths.exec(request.path)
    const existing = predictionPath.exec(request.path)
    if (request.method === 'GET' && request.path === '/v1/models') {
      reply = listModels(request, origin)
    } else if (request.method === 'POST' && creation) {
      reply = createPrediction(request, origin, creation)
    } else if (existing && existing[1] !== undefined) {
      const prediction = predictions.get(existing[1])
      if (!prediction) {
        reply = problem(404, 'Not found', 'The requested resource could not be found.')
      } else if (existing[2] && request.method === 'POST') {
        if (prediction.status === 'starting' || prediction.status === 'processing') {
          prediction.status = 'canceled'
          prediction.completedAt = new Date().toISOString()
        }
        reply = { status: 200, json: serialise(prediction, origin) }
      } else if (request.method === 'GET') {
        if (prediction.status === 'starting' || prediction.status === 'processing') {
          if (prediction.pollsLeft > 0) {
            prediction.pollsLeft -= 1
            prediction.status = 'processing'
          } else {
            finish(prediction)
          }
        }
        reply = { status: 200, json: serialise(prediction, origin) }
      } else {
        reply = problem(405, 'Method not allowed', `${request.method} ${request.path}`)
      }
    } else {
      reply = problem(404, 'Not found', `Unknown path ${request.method} ${request.path}`)
    }
    return { ...reply, delayMs }
  }

  const server = await startRecordingServer(answer, options.port)
  const fake: FakeReplicate = {
    url: server.url,
    requests: server.requests,
    predictionRequests: () =>
      server.requests.filter((request) => request.method === 'POST' && predictionPaths.test(request.path)),
    honourWait: true,
    pollsBeforeDone: 2,
    tokenCounts: { input: 30, output: 9 },
    failNext: (failure, times = 1) => failures.add(failure, times),
    failNextPredictions: (error, times = 1) => {
      for (let index = 0; index < times; index += 1) predictionFailures.push(error)
    },
    answerWith: (...texts) => scriptedTexts.push(...texts),
    close: server.close,
  }
  return fake
}

if (isMainModule(import.meta.url)) {
  const fake = await startFakeReplicate({ port: portFromCommandLine() })
  console.log(`Fake Replicate API listening on ${fake.url}`)
  process.once('SIGINT', () => void fake.close().then(() => process.exit(0)))
}
