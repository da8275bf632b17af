import { inspect } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import {
  AiProviderError,
  aiConfigFromEnv,
  fetchModels,
  generateTexts,
  redactSecrets,
  type AiGenerationSetting,
  type AiProvider,
} from '../../src/adapters/ai'
import { startFakeOpenAiCompatible, type FakeOpenAiCompatible } from './fakes/openai-compatible'
import { startRecordingServer, type RecordingServer } from './fakes/recording-server'
import { startFakeReplicate, type FakeReplicate } from './fakes/replicate'

// The key must not leave the adapter in any form a route or a job could pass on: the message shown to the
// customer, the error as a logger prints it (inspect, JSON), or its stack.
function everyWayTheErrorIsSeen(error: unknown): string[] {
  expect(error).toBeInstanceOf(AiProviderError)
  const providerError = error as AiProviderError
  return [
    providerError.message,
    providerError.reason,
    String(providerError.stack),
    String(providerError),
    JSON.stringify(providerError),
    inspect(providerError, { depth: 10 }),
  ]
}

const modelFor: Record<AiProvider, string> = {
  openai: 'gpt-4o-mini',
  deepseek: 'deepseek-chat',
  openrouter: 'openai/gpt-4o-mini',
  replicate: 'meta/meta-llama-3-8b-instruct',
}

const settingFor = (provider: AiProvider): AiGenerationSetting => ({
  provider,
  model: modelFor[provider],
  temperature: 0.7,
  maxTokens: 100,
  topP: 1,
  frequencyPenalty: 0,
  presencePenalty: 0,
  systemPrompt: '',
  userPrompt: 'Write a comment.',
})

let openAiCompatible: FakeOpenAiCompatible | undefined
let replicate: FakeReplicate | undefined
let other: RecordingServer | undefined

afterEach(async () => {
  await openAiCompatible?.close()
  await replicate?.close()
  await other?.close()
  openAiCompatible = replicate = other = undefined
})

async function fakesEchoingKeys(environmentKeys: Record<string, string> = {}) {
  // Both fakes accept one key only, and their 401 quotes whatever key they were sent.
  openAiCompatible = await startFakeOpenAiCompatible({ acceptedKeys: ['sk-the-right-key'] })
  replicate = await startFakeReplicate({ acceptedKeys: ['r8_theRightToken'] })
  return aiConfigFromEnv({
    OPENAI_BASE_URL: openAiCompatible.url,
    DEEPSEEK_BASE_URL: openAiCompatible.url,
    OPENROUTER_BASE_URL: openAiCompatible.url,
    REPLICATE_BASE_URL: replicate.url,
    ...environmentKeys,
  })
}

const providers = ['openai', 'deepseek', 'openrouter', 'replicate'] as const

describe('API keys never leave the AI adapters', () => {
  it.each(providers)(
    "keeps a customer's %s key out of a model-list error that quotes it",
    async (provider) => {
      const config = await fakesEchoingKeys()
      const key = provider === 'replicate' ? 'r8_customerSecretToken42' : 'sk-customerSecretKey42'
      // OpenRouter's list is public; a refused key is the only way its answer can quote one.
      openAiCompatible?.failNext({ kind: 'unauthorized' })

      const error = await fetchModels({ provider, apiKey: key, config }).catch((caught: unknown) => caught)

      for (const seen of everyWayTheErrorIsSeen(error)) expect(seen).not.toContain(key)
      expect((error as Error).message).toMatch(
        /^Failed to fetch models: (Incorrect API key provided: \*\*\*|Invalid token: \*\*\*)/,
      )
    },
  )

  it.each(providers)(
    "keeps a customer's %s key out of a generation error that quotes it",
    async (provider) => {
      const config = await fakesEchoingKeys()
      const key = 'customer-key-without-a-known-shape'

      const error = await generateTexts({
        setting: settingFor(provider),
        targetUrl: 'https://x.com/a/status/1',
        serviceType: 'ai_comments',
        count: 3,
        apiKey: key,
        config,
      }).catch((caught: unknown) => caught)

      for (const seen of everyWayTheErrorIsSeen(error)) expect(seen).not.toContain(key)
    },
  )

  it("keeps the operator's default key out of an error that quotes it", async () => {
    const operatorKey = 'operator-deepseek-key-0042'
    const config = await fakesEchoingKeys({ DEEPSEEK_API_KEY: operatorKey })

    const error = await generateTexts({
      setting: settingFor('deepseek'),
      targetUrl: 'https://x.com/a/status/1',
      serviceType: 'ai_tweets',
      count: 1,
      config,
    }).catch((caught: unknown) => caught)

    expect(openAiCompatible?.chatRequests()[0]?.headers.authorization).toBe(`Bearer ${operatorKey}`)
    for (const seen of everyWayTheErrorIsSeen(error)) expect(seen).not.toContain(operatorKey)
  })

  it('removes the partly masked key a provider quotes, and other keys it mentions', async () => {
    const config = await fakesEchoingKeys()
    openAiCompatible?.failNext({
      kind: 'status',
      status: 401,
      message:
        'Incorrect API key provided: sk-pro*****************7890. Did you mean sk-or-v1-abcdef0123456789?',
    })

    const error = await fetchModels({ provider: 'openai', apiKey: 'sk-the-right-key', config }).catch(
      (caught: unknown) => caught,
    )

    expect((error as Error).message).toBe(
      'Failed to fetch models: Incorrect API key provided: *** Did you mean ***',
    )
  })

  it('keeps a key out of an error OpenRouter reports inside a 200 answer', async () => {
    const key = 'sk-or-v1-customerSecret0042'
    other = await startRecordingServer(() => ({
      status: 200,
      json: { error: { code: 401, message: `User not found for key ${key}` } },
    }))
    const config = aiConfigFromEnv({ OPENROUTER_BASE_URL: other.url })

    const error = await generateTexts({
      setting: settingFor('openrouter'),
      targetUrl: 'https://x.com/a/status/1',
      serviceType: 'ai_comments',
      count: 1,
      apiKey: key,
      config,
    }).catch((caught: unknown) => caught)

    expect(error).toMatchObject({
      retryable: false,
      message: 'Failed to generate texts: User not found for key ***',
    })
    for (const seen of everyWayTheErrorIsSeen(error)) expect(seen).not.toContain(key)
  })

  it("keeps a key out of a failed prediction's error text", async () => {
    const config = await fakesEchoingKeys()
    replicate?.failNextPredictions('Downloading weights with token r8_theRightToken failed')

    const error = await generateTexts({
      setting: settingFor('replicate'),
      targetUrl: 'https://x.com/a/status/1',
      serviceType: 'ai_comments',
      count: 1,
      apiKey: 'r8_theRightToken',
      config,
    }).catch((caught: unknown) => caught)

    expect((error as Error).message).toBe(
      'Failed to generate texts: the prediction failed: Downloading weights with token *** failed',
    )
  })
})

describe('redactSecrets', () => {
  it('removes the given keys and anything shaped like a provider key or bearer credential', () => {
    expect(
      redactSecrets('key my-own-key-123 then sk-proj-AbC123xyz, r8_Token9876 and Bearer abc.def', [
        'my-own-key-123',
      ]),
    ).toBe('key *** then *** *** and ***')
  })

  it('leaves ordinary words alone when a "key" is too short to be one', () => {
    expect(redactSecrets('the model is not available', ['the'])).toBe('the model is not available')
  })

  it('bounds a long reason', () => {
    expect(redactSecrets('x'.repeat(1000), []).length).toBe(300)
  })
})
