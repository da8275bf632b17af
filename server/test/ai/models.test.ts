import { afterEach, describe, expect, it } from 'vitest'
import { AiPermanentError, AiTransientError, aiConfigFromEnv, fetchModels } from '../../src/adapters/ai'
import { startFakeOpenAiCompatible, type FakeOpenAiCompatible } from './fakes/openai-compatible'
import { startRecordingServer, type RecordingServer } from './fakes/recording-server'
import { startFakeReplicate, type FakeReplicate } from './fakes/replicate'

const openAiKey = 'sk-proj-customerKey1234567890'

let openAiCompatible: FakeOpenAiCompatible | undefined
let replicate: FakeReplicate | undefined
let other: RecordingServer | undefined

afterEach(async () => {
  await openAiCompatible?.close()
  await replicate?.close()
  await other?.close()
  openAiCompatible = replicate = other = undefined
})

async function fakeProviders() {
  openAiCompatible = await startFakeOpenAiCompatible()
  replicate = await startFakeReplicate()
  const config = aiConfigFromEnv({
    OPENAI_BASE_URL: openAiCompatible.url,
    DEEPSEEK_BASE_URL: openAiCompatible.url,
    OPENROUTER_BASE_URL: openAiCompatible.url,
    REPLICATE_BASE_URL: replicate.url,
  })
  return { openAiCompatible, replicate, config }
}

describe('fetchModels', () => {
  it('lists only the chat models of an OpenAI key, sorted, asking /v1/models with the key as bearer', async () => {
    const { openAiCompatible, config } = await fakeProviders()

    const models = await fetchModels({ provider: 'openai', apiKey: openAiKey, config })

    expect(models).toEqual([
      { id: 'chatgpt-4o-latest', name: 'chatgpt-4o-latest', provider: 'openai' },
      { id: 'gpt-4o', name: 'gpt-4o', provider: 'openai' },
      { id: 'gpt-4o-mini', name: 'gpt-4o-mini', provider: 'openai' },
      { id: 'o3-mini', name: 'o3-mini', provider: 'openai' },
    ])
    expect(openAiCompatible.requests).toHaveLength(1)
    expect(openAiCompatible.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' })
    expect(openAiCompatible.requests[0]?.headers.authorization).toBe(`Bearer ${openAiKey}`)
  })

  it('lists the DeepSeek models from /models', async () => {
    const { openAiCompatible, config } = await fakeProviders()

    const models = await fetchModels({ provider: 'deepseek', apiKey: 'sk-deepseek123456', config })

    expect(models).toEqual([
      { id: 'deepseek-chat', name: 'deepseek-chat', provider: 'deepseek' },
      { id: 'deepseek-reasoner', name: 'deepseek-reasoner', provider: 'deepseek' },
    ])
    expect(openAiCompatible.requests.map((request) => request.path)).toEqual(['/models'])
    expect(openAiCompatible.requests[0]?.headers.authorization).toBe('Bearer sk-deepseek123456')
  })

  it('lists the OpenRouter text models by their display names without any key', async () => {
    const { openAiCompatible, config } = await fakeProviders()

    const models = await fetchModels({ provider: 'openrouter', apiKey: '', config })

    expect(models).toEqual([
      { id: 'deepseek/deepseek-r1', name: 'DeepSeek: R1', provider: 'openrouter' },
      {
        id: 'meta-llama/llama-3.3-70b-instruct',
        name: 'Meta: Llama 3.3 70B Instruct',
        provider: 'openrouter',
      },
      { id: 'openai/gpt-4o-mini', name: 'OpenAI: GPT-4o-mini', provider: 'openrouter' },
    ])
    expect(openAiCompatible.requests.map((request) => request.path)).toEqual(['/api/v1/models'])
    expect(openAiCompatible.requests[0]?.headers.authorization).toBeUndefined()
  })

  it('sends an OpenRouter key as bearer when one is given', async () => {
    const { openAiCompatible, config } = await fakeProviders()

    await fetchModels({ provider: 'openrouter', apiKey: 'sk-or-v1-customer', config })

    expect(openAiCompatible.requests[0]?.headers.authorization).toBe('Bearer sk-or-v1-customer')
  })

  it('follows Replicate pagination through `next` and names each model owner/name', async () => {
    const { replicate, config } = await fakeProviders()

    const models = await fetchModels({ provider: 'replicate', apiKey: 'r8_customerToken', config })

    expect(models.map((model) => model.id)).toEqual([
      'deepseek-ai/deepseek-r1',
      'ibm-granite/granite-3.3-8b-instruct',
      'meta/meta-llama-3-70b-instruct',
      'meta/meta-llama-3-8b-instruct',
      'mistralai/mixtral-8x7b-instruct-v0.1',
    ])
    expect(models[0]).toEqual({
      id: 'deepseek-ai/deepseek-r1',
      name: 'deepseek-ai/deepseek-r1',
      provider: 'replicate',
    })
    expect(replicate.requests.map((request) => `${request.path}?${request.query}`)).toEqual([
      '/v1/models?',
      '/v1/models?cursor=1',
      '/v1/models?cursor=2',
    ])
    expect(
      replicate.requests.every((request) => request.headers.authorization === 'Bearer r8_customerToken'),
    ).toBe(true)
  })

  it('stops Replicate pagination at the page limit', async () => {
    const { replicate, config } = await fakeProviders()

    const models = await fetchModels({
      provider: 'replicate',
      apiKey: 'r8_customerToken',
      config,
      maxPages: 2,
    })

    expect(models).toHaveLength(4)
    expect(replicate.requests).toHaveLength(2)
  })

  it('does not follow a Replicate `next` link to another host, which would receive the token', async () => {
    const elsewhere = await startRecordingServer(() => ({ status: 200, json: { next: null, results: [] } }))
    other = elsewhere
    const first = await startRecordingServer(() => ({
      status: 200,
      json: {
        next: `${elsewhere.url}/v1/models?cursor=1`,
        previous: null,
        results: [{ owner: 'meta', name: 'llama' }],
      },
    }))
    const config = aiConfigFromEnv({ REPLICATE_BASE_URL: first.url })

    try {
      const models = await fetchModels({ provider: 'replicate', apiKey: 'r8_customerToken', config })
      expect(models.map((model) => model.id)).toEqual(['meta/llama'])
      expect(elsewhere.requests).toHaveLength(0)
    } finally {
      await first.close()
    }
  })

  it("uses the operator's default key when the customer gives none", async () => {
    openAiCompatible = await startFakeOpenAiCompatible()
    const config = aiConfigFromEnv({
      DEEPSEEK_BASE_URL: openAiCompatible.url,
      DEEPSEEK_API_KEY: 'sk-operator-ds',
    })

    await fetchModels({ provider: 'deepseek', apiKey: '', config })

    expect(openAiCompatible.requests[0]?.headers.authorization).toBe('Bearer sk-operator-ds')
  })

  it('refuses to ask a provider that needs a key when there is none, without calling it', async () => {
    const { openAiCompatible, config } = await fakeProviders()

    const failure = fetchModels({ provider: 'openai', apiKey: ' ', config })

    await expect(failure).rejects.toBeInstanceOf(AiPermanentError)
    await expect(failure).rejects.toThrow('Failed to fetch models: an API key is required for OpenAI')
    expect(openAiCompatible.requests).toHaveLength(0)
  })

  it.each(['openai', 'deepseek', 'replicate'] as const)(
    "reports a wrong %s key as the customer's error (422) with the provider's reason",
    async (provider) => {
      const { config } = await fakeProviders()
      openAiCompatible?.failNext({ kind: 'unauthorized' })
      replicate?.failNext({ kind: 'unauthorized' })

      const error = await fetchModels({ provider, apiKey: 'sk-wrongKey-000111222', config }).catch(
        (caught: unknown) => caught,
      )

      expect(error).toBeInstanceOf(AiPermanentError)
      expect(error).toMatchObject({ httpStatus: 422, retryable: false, upstreamStatus: 401, provider })
      expect((error as Error).message).toMatch(
        /^Failed to fetch models: (Incorrect API key provided|Invalid token)/,
      )
      expect((error as Error).message).not.toContain('sk-wrongKey-000111222')
    },
  )

  it('reports a provider error (500) as a bad gateway (502) that may be retried', async () => {
    const { openAiCompatible, config } = await fakeProviders()
    openAiCompatible.failNext({
      kind: 'status',
      status: 500,
      message: 'The server had an error while processing',
    })

    const error = await fetchModels({ provider: 'openrouter', config }).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(AiTransientError)
    expect(error).toMatchObject({
      httpStatus: 502,
      retryable: true,
      upstreamStatus: 500,
      message: 'Failed to fetch models: The server had an error while processing',
    })
  })

  it('gives up on a provider slower than the timeout', async () => {
    const { replicate, config } = await fakeProviders()
    replicate.failNext({ kind: 'slow', delayMs: 5_000 })

    const error = await fetchModels({
      provider: 'replicate',
      apiKey: 'r8_token',
      config,
      timeoutMs: 200,
    }).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(AiTransientError)
    expect((error as Error).message).toBe('Failed to fetch models: Replicate did not answer in time')
  })

  it('reports an answer that is not JSON without quoting it', async () => {
    const { replicate, config } = await fakeProviders()
    replicate.failNext({ kind: 'malformed-json' })

    const error = await fetchModels({ provider: 'replicate', apiKey: 'r8_token', config }).catch(
      (caught: unknown) => caught,
    )

    expect(error).toBeInstanceOf(AiTransientError)
    expect((error as Error).message).toBe('Failed to fetch models: Replicate sent an answer that is not JSON')
  })

  it('reports a model list of the wrong shape as a provider failure', async () => {
    other = await startRecordingServer(() => ({ status: 200, json: { models: ['gpt-4o'] } }))
    const config = aiConfigFromEnv({ OPENAI_BASE_URL: other.url })

    const failure = fetchModels({ provider: 'openai', apiKey: openAiKey, config })

    await expect(failure).rejects.toBeInstanceOf(AiTransientError)
    await expect(failure).rejects.toThrow('Failed to fetch models: OpenAI sent an unexpected model list')
  })

  it('reports a provider that cannot be reached', async () => {
    other = await startRecordingServer(() => ({ status: 200 }))
    const closedUrl = other.url
    await other.close()
    other = undefined
    const config = aiConfigFromEnv({ DEEPSEEK_BASE_URL: closedUrl })

    const failure = fetchModels({ provider: 'deepseek', apiKey: 'sk-deepseek123456', config })

    await expect(failure).rejects.toBeInstanceOf(AiTransientError)
    await expect(failure).rejects.toThrow(/^Failed to fetch models: could not reach DeepSeek/)
  })
})
