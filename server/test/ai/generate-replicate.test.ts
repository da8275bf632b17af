import { afterEach, describe, expect, it } from 'vitest'
import {
  AiPermanentError,
  AiTransientError,
  aiConfigFromEnv,
  generatePreview,
  generateTexts,
  type AiGenerationSetting,
} from '../../src/adapters/ai'
import { startFakeReplicate, type FakeReplicate } from './fakes/replicate'

const targetUrl = 'https://www.instagram.com/p/C7engagePost/'
const token = 'r8_customerToken0123456789abcdef'

const setting: AiGenerationSetting = {
  provider: 'replicate',
  model: 'meta/meta-llama-3-8b-instruct',
  temperature: 0.6,
  maxTokens: 200,
  topP: 0.95,
  frequencyPenalty: 0.1,
  presencePenalty: 0.2,
  systemPrompt: 'You write short, friendly comments.',
  userPrompt: 'Compliment the photo.',
}

let fake: FakeReplicate | undefined

afterEach(async () => {
  await fake?.close()
  fake = undefined
})

async function startFake() {
  fake = await startFakeReplicate()
  return { fake, config: aiConfigFromEnv({ REPLICATE_BASE_URL: fake.url }) }
}

describe('generateTexts with Replicate', () => {
  it("creates a prediction on the model's endpoint with Prefer: wait and the setting's inputs", async () => {
    const { fake, config } = await startFake()

    const result = await generateTexts({
      setting,
      targetUrl,
      serviceType: 'ai_comments',
      count: 1,
      apiKey: token,
      config,
      timeoutMs: 30_000,
    })

    const [request] = fake.predictionRequests()
    expect(request?.path).toBe('/v1/models/meta/meta-llama-3-8b-instruct/predictions')
    expect(request?.headers.authorization).toBe(`Bearer ${token}`)
    // The wait ends before our own 30 s bound, so the answer is never cut off by it.
    const waitSeconds = Number(/^wait=(\d+)$/.exec(String(request?.headers.prefer))?.[1])
    expect(waitSeconds).toBeGreaterThan(20)
    expect(waitSeconds).toBeLessThan(30)
    const input = (request?.body as { input: Record<string, unknown> }).input
    expect(input).toMatchObject({
      system_prompt: 'You write short, friendly comments.',
      temperature: 0.6,
      top_p: 0.95,
      max_tokens: 200,
      max_new_tokens: 200,
      frequency_penalty: 0.1,
      presence_penalty: 0.2,
    })
    expect(input.prompt).toContain('Compliment the photo.')
    expect(input.prompt).toContain(`Target link: ${targetUrl}`)
    expect(input.prompt).toContain('Write exactly one comment')
    // The fake streams its answer as word chunks; they are joined back into one text.
    expect(result.texts).toEqual([`Comment 1 about ${targetUrl}`])
    expect(result.usage).toEqual({ promptTokens: 30, completionTokens: 9 })
  })

  it('runs a pinned version through /v1/predictions', async () => {
    const { fake, config } = await startFake()
    const version = '5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa'

    await generateTexts({
      setting: { ...setting, model: `someone/custom-llm:${version}` },
      targetUrl,
      serviceType: 'ai_comments',
      count: 1,
      apiKey: token,
      config,
    })

    const [request] = fake.predictionRequests()
    expect(request?.path).toBe('/v1/predictions')
    expect(request?.body).toMatchObject({ version, input: { temperature: 0.6 } })
  })

  it('polls a prediction that outlived the wait until it succeeds', async () => {
    const { fake, config } = await startFake()
    fake.honourWait = false
    fake.pollsBeforeDone = 2
    fake.answerWith('What a beautiful shot!')

    const result = await generateTexts({
      setting,
      targetUrl,
      serviceType: 'ai_comments',
      count: 1,
      apiKey: token,
      config,
      pollIntervalMs: 10,
    })

    expect(result.texts).toEqual(['What a beautiful shot!'])
    const polls = fake.requests.filter((request) => request.method === 'GET')
    expect(polls.map((request) => request.path)).toEqual([
      '/v1/predictions/fakeprediction1',
      '/v1/predictions/fakeprediction1',
      '/v1/predictions/fakeprediction1',
    ])
    expect(polls.every((request) => request.headers.authorization === `Bearer ${token}`)).toBe(true)
  })

  // A generous deadline (and test timeout): on a loaded CI machine the prediction's creation itself must answer
  // within it, so that the deadline hits the polling, which is what this test is about.
  it(
    'gives up on a prediction that never finishes, cancels it, and reports a transient error',
    { timeout: 30_000 },
    async () => {
      const { fake, config } = await startFake()
      fake.honourWait = false
      fake.pollsBeforeDone = Number.POSITIVE_INFINITY

      const error = await generateTexts({
        setting,
        targetUrl,
        serviceType: 'ai_comments',
        count: 1,
        apiKey: token,
        config,
        timeoutMs: 8000,
        pollIntervalMs: 50,
      }).catch((caught: unknown) => caught)

      expect(error).toBeInstanceOf(AiTransientError)
      expect((error as Error).message).toBe('Failed to generate texts: the prediction did not finish in time')
      const cancel = fake.requests.find((request) => request.path.endsWith('/cancel'))
      expect(cancel).toMatchObject({ method: 'POST', path: '/v1/predictions/fakeprediction1/cancel' })
    },
  )

  it(
    'reports a poll that our deadline cuts off as a prediction that did not finish in time',
    { timeout: 30_000 },
    async () => {
      const { fake, config } = await startFake()
      fake.honourWait = false
      fake.pollsBeforeDone = Number.POSITIVE_INFINITY
      // The creation and the first poll each take 4 s: the poll starts well before the 6 s deadline and is
      // still running when it passes.
      fake.failNext({ kind: 'slow', delayMs: 4_000 }, 2)

      const error = await generateTexts({
        setting,
        targetUrl,
        serviceType: 'ai_comments',
        count: 1,
        apiKey: token,
        config,
        timeoutMs: 6_000,
        pollIntervalMs: 10,
      }).catch((caught: unknown) => caught)

      expect(error).toBeInstanceOf(AiTransientError)
      expect((error as Error).message).toBe('Failed to generate texts: the prediction did not finish in time')
      expect(fake.requests.filter((request) => request.method === 'GET')).toHaveLength(1)
    },
  )

  it("reports a failed prediction as transient, with the model's error", async () => {
    const { fake, config } = await startFake()
    fake.failNextPredictions('CUDA out of memory')

    const failure = generateTexts({
      setting,
      targetUrl,
      serviceType: 'ai_comments',
      count: 1,
      apiKey: token,
      config,
    })

    await expect(failure).rejects.toBeInstanceOf(AiTransientError)
    await expect(failure).rejects.toThrow(
      'Failed to generate texts: the prediction failed: CUDA out of memory',
    )
  })

  it('runs one prediction per text, a batch at a time, and sums the metrics of all of them', async () => {
    const { fake, config } = await startFake()
    fake.tokenCounts = { input: 40, output: 12 }
    const progress: Array<[number, number]> = []

    const result = await generateTexts({
      setting,
      targetUrl,
      serviceType: 'ai_tweets',
      count: 13,
      apiKey: token,
      config,
      onProgress: (done, total) => void progress.push([done, total]),
    })

    expect(fake.predictionRequests()).toHaveLength(13)
    expect(progress).toEqual([
      [10, 13],
      [13, 13],
    ])
    expect(new Set(result.texts).size).toBe(13)
    expect(result.texts.every((text) => text.startsWith('Tweet '))).toBe(true)
    expect(result.usage).toEqual({ promptTokens: 13 * 40, completionTokens: 13 * 12 })
  })

  it('removes the reasoning a reasoning model writes before its answer', async () => {
    const { fake, config } = await startFake()
    fake.answerWith('<think>\nThe photo shows a sunset.\n</think>\n\n"Golden hour done right."')

    const preview = await generatePreview({
      setting: { ...setting, model: 'deepseek-ai/deepseek-r1' },
      targetUrl,
      serviceType: 'ai_comments',
      apiKey: token,
      config,
    })

    expect(preview.text).toBe('Golden hour done right.')
  })

  it('reports a wrong token as permanent without repeating it', async () => {
    fake = await startFakeReplicate({ acceptedKeys: ['r8_theRightToken'] })
    const config = aiConfigFromEnv({ REPLICATE_BASE_URL: fake.url })

    const error = await generateTexts({
      setting,
      targetUrl,
      serviceType: 'ai_comments',
      count: 1,
      apiKey: token,
      config,
    }).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(AiPermanentError)
    expect(error).toMatchObject({
      upstreamStatus: 401,
      httpStatus: 422,
      message: 'Failed to generate texts: Invalid token: ***',
    })
  })

  it('reports an unknown model as permanent', async () => {
    const { config } = await startFake()

    const failure = generateTexts({
      setting: { ...setting, model: 'nobody/no-such-model' },
      targetUrl,
      serviceType: 'ai_comments',
      count: 1,
      apiKey: token,
      config,
    })

    await expect(failure).rejects.toBeInstanceOf(AiPermanentError)
    await expect(failure).rejects.toThrow(
      'Failed to generate texts: The requested resource could not be found.',
    )
  })

  it('refuses a model name that is not owner/name without calling Replicate', async () => {
    const { fake, config } = await startFake()

    const failure = generateTexts({
      setting: { ...setting, model: 'llama-3' },
      targetUrl,
      serviceType: 'ai_comments',
      count: 1,
      apiKey: token,
      config,
    })

    await expect(failure).rejects.toBeInstanceOf(AiPermanentError)
    await expect(failure).rejects.toThrow(
      'Failed to generate texts: the Replicate model must be written as owner/name',
    )
    expect(fake.requests).toHaveLength(0)
  })

  it.each([
    {
      failure: { kind: 'status', status: 429, message: 'Request was throttled' },
      errorClass: AiTransientError,
    },
    { failure: { kind: 'status', status: 502, message: 'Bad gateway' }, errorClass: AiTransientError },
    {
      failure: { kind: 'status', status: 422, message: '- temperature: must be >= 0.01' },
      errorClass: AiPermanentError,
    },
    { failure: { kind: 'malformed-json' }, errorClass: AiTransientError },
    { failure: { kind: 'slow', delayMs: 5_000 }, errorClass: AiTransientError },
  ] as const)(
    'sorts a $failure.kind answer to a prediction as $errorClass.name',
    async ({ failure, errorClass }) => {
      const { fake, config } = await startFake()
      fake.failNext(failure)

      const error = await generateTexts({
        setting,
        targetUrl,
        serviceType: 'ai_comments',
        count: 1,
        apiKey: token,
        config,
        timeoutMs: 300,
      }).catch((caught: unknown) => caught)

      expect(error).toBeInstanceOf(errorClass)
      expect((error as Error).message).toMatch(/^Failed to generate texts: /)
    },
  )
})
