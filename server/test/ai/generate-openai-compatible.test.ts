import { afterEach, describe, expect, it } from 'vitest'
import {
  AiPermanentError,
  AiTransientError,
  aiConfigFromEnv,
  generatePreview,
  generateTexts,
  type AiGenerationSetting,
  type AiProvider,
} from '../../src/adapters/ai'
import { startFakeOpenAiCompatible, type FakeOpenAiCompatible } from './fakes/openai-compatible'
import type { RecordedRequest } from './fakes/recording-server'

const targetUrl = 'https://x.com/engage/status/1790000000000000000'
const customerKey = 'sk-proj-customerKey1234567890'

const settingFor = (provider: AiProvider, model: string): AiGenerationSetting => ({
  provider,
  model,
  temperature: 0.9,
  maxTokens: 120,
  topP: 0.8,
  frequencyPenalty: 0.3,
  presencePenalty: 0.4,
  systemPrompt: 'You are the community manager of a coffee brand.',
  userPrompt: 'Say something warm and specific about this post.',
})

let fake: FakeOpenAiCompatible | undefined

afterEach(async () => {
  await fake?.close()
  fake = undefined
})

async function startFake(options: Parameters<typeof startFakeOpenAiCompatible>[0] = {}) {
  fake = await startFakeOpenAiCompatible(options)
  const config = aiConfigFromEnv({
    OPENAI_BASE_URL: fake.url,
    DEEPSEEK_BASE_URL: fake.url,
    OPENROUTER_BASE_URL: fake.url,
  })
  return { fake, config }
}

interface SentChatBody {
  model: string
  n?: number
  messages: Array<{ role: string; content: string }>
  [parameter: string]: unknown
}

const sentBody = (request: RecordedRequest | undefined) => request?.body as SentChatBody

describe('generateTexts with OpenAI-compatible providers', () => {
  it.each([
    { provider: 'openai', model: 'gpt-4o-mini', path: '/v1/chat/completions' },
    { provider: 'deepseek', model: 'deepseek-chat', path: '/chat/completions' },
    { provider: 'openrouter', model: 'openai/gpt-4o-mini', path: '/api/v1/chat/completions' },
  ] as const)(
    'sends the AI setting, prompts and target link to $provider at $path',
    async ({ provider, model, path }) => {
      const { fake, config } = await startFake()

      await generateTexts({
        setting: settingFor(provider, model),
        targetUrl,
        serviceType: 'ai_comments',
        count: 1,
        apiKey: customerKey,
        config,
      })

      const [request] = fake.chatRequests()
      expect(request?.method).toBe('POST')
      expect(request?.path).toBe(path)
      expect(request?.headers.authorization).toBe(`Bearer ${customerKey}`)
      const body = sentBody(request)
      expect(body).toMatchObject({
        model,
        temperature: 0.9,
        max_tokens: 120,
        top_p: 0.8,
        frequency_penalty: 0.3,
        presence_penalty: 0.4,
      })
      expect(body.n).toBeUndefined()
      expect(body.messages).toHaveLength(2)
      expect(body.messages[0]).toEqual({
        role: 'system',
        content: 'You are the community manager of a coffee brand.',
      })
      expect(body.messages[1]?.role).toBe('user')
      const userMessage = body.messages[1]?.content ?? ''
      expect(userMessage).toContain('Say something warm and specific about this post.')
      expect(userMessage).toContain(`Target link: ${targetUrl}`)
      expect(userMessage).toContain('Write exactly one comment')
    },
  )

  it('asks for one tweet of at most 280 characters per answer for an ai_tweets order', async () => {
    const { fake, config } = await startFake()

    await generateTexts({
      setting: settingFor('deepseek', 'deepseek-chat'),
      targetUrl,
      serviceType: 'ai_tweets',
      count: 1,
      apiKey: customerKey,
      config,
    })

    const userMessage = sentBody(fake.chatRequests()[0]).messages[1]?.content
    expect(userMessage).toContain(
      'Write exactly one tweet about the content at the target link, at most 280 characters.',
    )
  })

  it('leaves the system message out when the setting has no system prompt', async () => {
    const { fake, config } = await startFake()

    await generateTexts({
      setting: { ...settingFor('openai', 'gpt-4o'), systemPrompt: '  ' },
      targetUrl,
      serviceType: 'ai_comments',
      count: 1,
      apiKey: customerKey,
      config,
    })

    expect(sentBody(fake.chatRequests()[0]).messages.map((message) => message.role)).toEqual(['user'])
  })

  it("asks OpenAI for a batch's texts in one call with n, and sums the usage of every call", async () => {
    const { fake, config } = await startFake({ promptTokensPerCall: 20, completionTokensPerAnswer: 7 })
    const progress: Array<[number, number, number]> = []

    const result = await generateTexts({
      setting: settingFor('openai', 'gpt-4o-mini'),
      targetUrl,
      serviceType: 'ai_comments',
      count: 25,
      apiKey: customerKey,
      config,
      onProgress: (done, total, batch) => void progress.push([done, total, batch.texts.length]),
    })

    expect(fake.chatRequests().map((request) => sentBody(request).n)).toEqual([10, 10, 5])
    expect(progress).toEqual([
      [10, 25, 10],
      [20, 25, 10],
      [25, 25, 5],
    ])
    expect(result.texts).toHaveLength(25)
    expect(new Set(result.texts).size).toBe(25)
    expect(result.texts[0]).toBe(`Comment 1 about ${targetUrl}`)
    expect(result.usage).toEqual({ promptTokens: 3 * 20, completionTokens: 25 * 7 })
  })

  it.each(['deepseek', 'openrouter'] as const)(
    'makes one call per text for %s, which does not honour n, and reports each batch',
    async (provider) => {
      const { fake, config } = await startFake({ promptTokensPerCall: 20, completionTokensPerAnswer: 7 })
      const batches: Array<{ done: number; texts: number; promptTokens: number }> = []

      const result = await generateTexts({
        setting: settingFor(provider, provider === 'deepseek' ? 'deepseek-chat' : 'deepseek/deepseek-r1'),
        targetUrl,
        serviceType: 'ai_comments',
        count: 12,
        apiKey: customerKey,
        config,
        onProgress: (done, _total, batch) =>
          void batches.push({ done, texts: batch.texts.length, promptTokens: batch.usage.promptTokens }),
      })

      expect(fake.chatRequests()).toHaveLength(12)
      expect(fake.chatRequests().every((request) => sentBody(request).n === undefined)).toBe(true)
      expect(batches).toEqual([
        { done: 10, texts: 10, promptTokens: 200 },
        { done: 12, texts: 2, promptTokens: 40 },
      ])
      expect(new Set(result.texts).size).toBe(12)
      expect(result.usage).toEqual({ promptTokens: 12 * 20, completionTokens: 12 * 7 })
    },
  )

  it('honours a smaller batch size', async () => {
    const { fake, config } = await startFake()

    await generateTexts({
      setting: settingFor('openai', 'gpt-4o'),
      targetUrl,
      serviceType: 'ai_comments',
      count: 7,
      batchSize: 3,
      apiKey: customerKey,
      config,
    })

    expect(fake.chatRequests().map((request) => sentBody(request).n)).toEqual([3, 3, undefined])
  })

  it('strips quotes, numbering, labels and reasoning from answers and drops repeats, asking again for the rest', async () => {
    const { fake, config } = await startFake()
    fake.answerWith(
      '1. "Great thread, thanks!"',
      '“Great thread, thanks”',
      'Comment 3: Love the new roast',
      '<think>The user wants a comment.</think>\n\nThat latte art is unreal',
      '   ',
    )

    const result = await generateTexts({
      setting: settingFor('openai', 'gpt-4o-mini'),
      targetUrl,
      serviceType: 'ai_comments',
      count: 5,
      apiKey: customerKey,
      config,
    })

    expect(result.texts.slice(0, 3)).toEqual([
      'Great thread, thanks!',
      'Love the new roast',
      'That latte art is unreal',
    ])
    expect(result.texts).toHaveLength(5)
    const [first, second] = fake.chatRequests()
    expect(sentBody(first).n).toBe(5)
    // The repeat and the empty answer are asked for again, and the model is shown what was already written.
    expect(sentBody(second).n).toBe(2)
    const retryMessage = sentBody(second).messages[1]?.content ?? ''
    expect(retryMessage).toContain('It must say something different from these texts, already written:')
    expect(retryMessage).toContain('- Great thread, thanks!')
  })

  it('keeps a tweet within 280 characters, cutting at a word boundary', async () => {
    const { fake, config } = await startFake()
    const longTweet = `${'Coffee makes mornings better '.repeat(12)}and that is a fact`
    fake.answerWith(longTweet)

    const { texts } = await generateTexts({
      setting: settingFor('openai', 'gpt-4o'),
      targetUrl,
      serviceType: 'ai_tweets',
      count: 1,
      apiKey: customerKey,
      config,
    })

    const [tweet = ''] = texts
    expect(Array.from(tweet).length).toBeLessThanOrEqual(280)
    expect(tweet.endsWith('…')).toBe(true)
    const kept = tweet.slice(0, -1)
    expect(longTweet.startsWith(kept)).toBe(true)
    expect(kept.length).toBeGreaterThan(250)
    // The cut falls between two words, not inside one.
    expect(longTweet[kept.length]).toBe(' ')
  })

  it('never writes a text already stored for the order', async () => {
    const { fake, config } = await startFake()
    fake.answerWith('Already posted this one!', 'A brand new comment')

    const { texts } = await generateTexts({
      setting: settingFor('deepseek', 'deepseek-chat'),
      targetUrl,
      serviceType: 'ai_comments',
      count: 1,
      avoidTexts: ['already posted this one'],
      apiKey: customerKey,
      config,
    })

    expect(texts).toEqual(['A brand new comment'])
    expect(fake.chatRequests()).toHaveLength(2)
  })

  it('stops with a permanent error when the model only repeats itself, keeping what it wrote', async () => {
    const { fake, config } = await startFake()
    fake.answerWith(...Array.from({ length: 10 }, () => 'Same old comment'))
    const stored: string[] = []

    const error = await generateTexts({
      setting: settingFor('deepseek', 'deepseek-chat'),
      targetUrl,
      serviceType: 'ai_comments',
      count: 2,
      apiKey: customerKey,
      config,
      onProgress: (_done, _total, batch) => void stored.push(...batch.texts),
    }).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(AiPermanentError)
    expect((error as Error).message).toBe(
      'Failed to generate texts: the model gave only empty or repeated answers (1 of 2 texts written); ' +
        'try a higher temperature or more max tokens',
    )
    expect(stored).toEqual(['Same old comment'])
    // One batch of two, then three fruitless batches of one.
    expect(fake.chatRequests()).toHaveLength(5)
  })

  it('sends OpenAI reasoning models max_completion_tokens and none of the sampling numbers they refuse', async () => {
    const { fake, config } = await startFake()

    await generateTexts({
      setting: settingFor('openai', 'o3-mini'),
      targetUrl,
      serviceType: 'ai_comments',
      count: 3,
      apiKey: customerKey,
      config,
    })

    const body = sentBody(fake.chatRequests()[0])
    expect(body).toMatchObject({ model: 'o3-mini', max_completion_tokens: 120, n: 3 })
    for (const refused of ['temperature', 'top_p', 'max_tokens', 'frequency_penalty', 'presence_penalty']) {
      expect(body).not.toHaveProperty(refused)
    }
  })

  it("uses the operator's default key when the AI setting has none", async () => {
    fake = await startFakeOpenAiCompatible()
    const config = aiConfigFromEnv({ OPENROUTER_BASE_URL: fake.url, OPENROUTER_API_KEY: 'sk-or-v1-operator' })

    await generateTexts({
      setting: settingFor('openrouter', 'openai/gpt-4o-mini'),
      targetUrl,
      serviceType: 'ai_comments',
      count: 1,
      apiKey: '',
      config,
    })

    expect(fake.chatRequests()[0]?.headers.authorization).toBe('Bearer sk-or-v1-operator')
  })

  it('fails at once, without calling the provider, when there is no key at all', async () => {
    const { fake, config } = await startFake()

    const failure = generateTexts({
      setting: settingFor('deepseek', 'deepseek-chat'),
      targetUrl,
      serviceType: 'ai_comments',
      count: 3,
      config,
    })

    await expect(failure).rejects.toBeInstanceOf(AiPermanentError)
    await expect(failure).rejects.toThrow('Failed to generate texts: an API key is required for DeepSeek')
    expect(fake.requests).toHaveLength(0)
  })

  it.each([
    { failure: { kind: 'unauthorized' }, errorClass: AiPermanentError, upstreamStatus: 401 },
    {
      failure: { kind: 'status', status: 403, message: 'Country not supported' },
      errorClass: AiPermanentError,
      upstreamStatus: 403,
    },
    {
      failure: { kind: 'status', status: 429, message: 'Rate limit reached' },
      errorClass: AiTransientError,
      upstreamStatus: 429,
    },
    {
      failure: { kind: 'status', status: 500, message: 'The server had an error' },
      errorClass: AiTransientError,
      upstreamStatus: 500,
    },
    {
      failure: { kind: 'status', status: 503, message: 'Overloaded' },
      errorClass: AiTransientError,
      upstreamStatus: 503,
    },
    { failure: { kind: 'malformed-json' }, errorClass: AiTransientError, upstreamStatus: 200 },
  ] as const)(
    'sorts a $failure.kind $upstreamStatus answer as $errorClass.name',
    async ({ failure, errorClass, upstreamStatus }) => {
      const { fake, config } = await startFake()
      fake.failNext(failure)

      const error = await generateTexts({
        setting: settingFor('openai', 'gpt-4o-mini'),
        targetUrl,
        serviceType: 'ai_comments',
        count: 2,
        apiKey: customerKey,
        config,
      }).catch((caught: unknown) => caught)

      expect(error).toBeInstanceOf(errorClass)
      expect(error).toMatchObject({ upstreamStatus, provider: 'openai' })
      expect((error as Error).message).toMatch(/^Failed to generate texts: /)
      expect((error as Error).message).not.toContain(customerKey)
    },
  )

  it("reports an unknown model as a permanent error with the provider's reason", async () => {
    const { config } = await startFake()

    const error = await generateTexts({
      setting: settingFor('openai', 'gpt-does-not-exist'),
      targetUrl,
      serviceType: 'ai_comments',
      count: 1,
      apiKey: customerKey,
      config,
    }).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(AiPermanentError)
    expect(error).toMatchObject({
      httpStatus: 422,
      upstreamStatus: 404,
      message:
        'Failed to generate texts: The model `gpt-does-not-exist` does not exist or you do not have access to it.',
    })
  })

  it('times out a call slower than timeoutMs as a transient error', async () => {
    const { fake, config } = await startFake()
    fake.failNext({ kind: 'slow', delayMs: 5_000 })

    const error = await generateTexts({
      setting: settingFor('openai', 'gpt-4o-mini'),
      targetUrl,
      serviceType: 'ai_comments',
      count: 1,
      apiKey: customerKey,
      config,
      timeoutMs: 200,
    }).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(AiTransientError)
    expect((error as Error).message).toBe('Failed to generate texts: OpenAI did not answer in time')
  })

  it("keeps the texts of a batch's other calls when one call fails, then reports the failure", async () => {
    const { fake, config } = await startFake()
    fake.failNext({ kind: 'status', status: 500, message: 'Upstream exploded' })
    const stored: string[] = []

    const error = await generateTexts({
      setting: settingFor('deepseek', 'deepseek-chat'),
      targetUrl,
      serviceType: 'ai_comments',
      count: 3,
      apiKey: customerKey,
      config,
      onProgress: (_done, _total, batch) => void stored.push(...batch.texts),
    }).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(AiTransientError)
    expect((error as Error).message).toBe('Failed to generate texts: Upstream exploded')
    expect(fake.chatRequests()).toHaveLength(3)
    expect(stored).toHaveLength(2)
  })

  it('stops between batches when the caller cancels', async () => {
    const { fake, config } = await startFake()
    const controller = new AbortController()

    const error = await generateTexts({
      setting: settingFor('openai', 'gpt-4o-mini'),
      targetUrl,
      serviceType: 'ai_comments',
      count: 30,
      apiKey: customerKey,
      config,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    }).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(AiTransientError)
    expect((error as Error).message).toBe('Failed to generate texts: the request was cancelled')
    expect(fake.chatRequests()).toHaveLength(1)
  })
})

describe('generatePreview', () => {
  it('writes one sample text with a single one-answer call', async () => {
    const { fake, config } = await startFake()

    const preview = await generatePreview({
      setting: settingFor('openai', 'gpt-4o-mini'),
      targetUrl,
      serviceType: 'ai_tweets',
      apiKey: customerKey,
      config,
    })

    expect(preview).toEqual({
      text: `Tweet 1 about ${targetUrl}`,
      usage: { promptTokens: 20, completionTokens: 7 },
    })
    expect(fake.chatRequests()).toHaveLength(1)
    expect(sentBody(fake.chatRequests()[0]).n).toBeUndefined()
  })
})
