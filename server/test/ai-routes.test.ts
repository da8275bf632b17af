import { AUTHENTICATION_REQUIRED, TOO_MANY_ATTEMPTS } from '@engage/contract'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { type Config, ConfigError, loadConfig } from '../src/config'
import { AI_PREVIEW_RATE_LIMIT } from '../src/http/rate-limit'
import type { Logger } from '../src/logger'
import { startFakeOpenAiCompatible, type FakeOpenAiCompatible } from './ai/fakes/openai-compatible'
import { startFakeReplicate, type FakeReplicate } from './ai/fakes/replicate'
import { authed, createTestApp, signUp, type SignedUp, type TestApp, uniqueAddress } from './support/app'

// POST /api/orders/fetch-models and POST /api/ai/preview against the local fakes of the providers, on port 0.

const customerKey = 'sk-proj-customerKey1234567890abcd'
const operatorDeepSeekKey = 'sk-operatorDeepSeek9876543210wxyz'
const replicateToken = 'r8_customerReplicateToken12345678'

let openAiCompatible: FakeOpenAiCompatible
let replicate: FakeReplicate
let t: TestApp
const logLines: string[] = []

/** Every line the server logged, as main.ts would print it. */
const capturingLogger: Logger = {
  info: (message, fields) => logLines.push(`info ${message} ${JSON.stringify(fields ?? {})}`),
  warn: (message, fields) => logLines.push(`warn ${message} ${JSON.stringify(fields ?? {})}`),
  error: (message, fields) => logLines.push(`error ${message} ${JSON.stringify(fields ?? {})}`),
}

function aiConfig(defaultApiKeys: Config['ai']['defaultApiKeys']): Config['ai'] {
  return {
    baseUrls: {
      openai: openAiCompatible.url,
      deepseek: openAiCompatible.url,
      openrouter: openAiCompatible.url,
      replicate: replicate.url,
    },
    defaultApiKeys,
    modelsTimeoutMs: 500,
    generationTimeoutMs: 2_000,
  }
}

beforeAll(async () => {
  openAiCompatible = await startFakeOpenAiCompatible({ acceptedKeys: [customerKey, operatorDeepSeekKey] })
  replicate = await startFakeReplicate({ acceptedKeys: [replicateToken] })
  t = await createTestApp({
    logger: capturingLogger,
    config: { ai: aiConfig({ deepseek: operatorDeepSeekKey }) },
  })
})
afterAll(async () => {
  await t.close()
  await openAiCompatible.close()
  await replicate.close()
})
beforeEach(() => {
  openAiCompatible.requests.length = 0
  replicate.requests.length = 0
  logLines.length = 0
})

let user: SignedUp
beforeEach(async () => {
  user = await signUp(t)
})

function post(
  path: string,
  body: unknown,
  token: string | null = user.token,
  headers: Record<string, string> = {},
) {
  return t.app.request(path, {
    method: 'POST',
    headers: token === null ? { 'Content-Type': 'application/json', ...headers } : authed(token, headers),
    body: JSON.stringify(body),
  })
}

describe('POST /api/orders/fetch-models', () => {
  it("lists an OpenAI key's chat models, asking the provider with that key", async () => {
    const response = await post('/api/orders/fetch-models', { provider: 'openai', api_key: customerKey })

    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      models: [
        { id: 'chatgpt-4o-latest', name: 'chatgpt-4o-latest', provider: 'openai' },
        { id: 'gpt-4o', name: 'gpt-4o', provider: 'openai' },
        { id: 'gpt-4o-mini', name: 'gpt-4o-mini', provider: 'openai' },
        { id: 'o3-mini', name: 'o3-mini', provider: 'openai' },
      ],
    })
    expect(openAiCompatible.requests.map((request) => [request.method, request.path])).toEqual([
      ['GET', '/v1/models'],
    ])
    expect(openAiCompatible.requests[0]?.headers.authorization).toBe(`Bearer ${customerKey}`)
  })

  it('lists the DeepSeek models', async () => {
    const response = await post('/api/orders/fetch-models', { provider: 'deepseek', api_key: customerKey })

    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      models: [
        { id: 'deepseek-chat', name: 'deepseek-chat', provider: 'deepseek' },
        { id: 'deepseek-reasoner', name: 'deepseek-reasoner', provider: 'deepseek' },
      ],
    })
    expect(openAiCompatible.requests.map((request) => request.path)).toEqual(['/models'])
  })

  it("lists OpenRouter's public text models without a key", async () => {
    const response = await post('/api/orders/fetch-models', { provider: 'openrouter' })

    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      models: [
        { id: 'deepseek/deepseek-r1', name: 'DeepSeek: R1', provider: 'openrouter' },
        {
          id: 'meta-llama/llama-3.3-70b-instruct',
          name: 'Meta: Llama 3.3 70B Instruct',
          provider: 'openrouter',
        },
        { id: 'openai/gpt-4o-mini', name: 'OpenAI: GPT-4o-mini', provider: 'openrouter' },
      ],
    })
    expect(openAiCompatible.requests.map((request) => request.path)).toEqual(['/api/v1/models'])
    expect(openAiCompatible.requests[0]?.headers.authorization).toBeUndefined()
  })

  it("follows Replicate's pages and names models owner/name", async () => {
    const response = await post('/api/orders/fetch-models', {
      provider: 'replicate',
      api_key: replicateToken,
    })

    expect(response.status).toBe(200)
    const { models } = (await response.json()) as { models: { id: string; provider: string }[] }
    expect(models.map((model) => model.id).sort()).toEqual([
      'deepseek-ai/deepseek-r1',
      'ibm-granite/granite-3.3-8b-instruct',
      'meta/meta-llama-3-70b-instruct',
      'meta/meta-llama-3-8b-instruct',
      'mistralai/mixtral-8x7b-instruct-v0.1',
    ])
    expect(models.every((model) => model.provider === 'replicate')).toBe(true)
    expect(replicate.requests.length).toBeGreaterThan(1)
    expect(
      replicate.requests.every((request) => request.headers.authorization === `Bearer ${replicateToken}`),
    ).toBe(true)
  })

  it.each(['openai', 'deepseek', 'replicate'])(
    'asks for a key for %s before calling it',
    async (provider) => {
      const response = await post('/api/orders/fetch-models', { provider, api_key: '' })

      expect(response.status).toBe(422)
      expect(await response.json()).toEqual({
        detail: 'api_key: Please enter your API key',
        field: 'api_key',
      })
      expect(openAiCompatible.requests).toHaveLength(0)
      expect(replicate.requests).toHaveLength(0)
    },
  )

  it('refuses a provider outside the four', async () => {
    const response = await post('/api/orders/fetch-models', { provider: 'anthropic', api_key: customerKey })

    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({
      detail: 'provider: Provider must be one of openai, deepseek, openrouter, replicate',
    })
  })

  it('needs a signed-in customer', async () => {
    const response = await post('/api/orders/fetch-models', { provider: 'openrouter' }, null)

    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ detail: AUTHENTICATION_REQUIRED })
  })

  it('answers 422 for a refused key, with the reason but never the key, in the answer or the log', async () => {
    const wrongKey = 'sk-proj-wrongKeyTypedByMistake12345'

    const response = await post('/api/orders/fetch-models', { provider: 'openai', api_key: wrongKey })

    expect(response.status).toBe(422)
    const body = (await response.json()) as { detail: string }
    expect(body.detail).toMatch(/^Failed to fetch models: Incorrect API key provided/)
    expect(JSON.stringify(body)).not.toContain(wrongKey)
    // The fake quoted the key in its answer: the adapter removed it before anything was built from it.
    expect(logLines.some((line) => line.includes('Failed to fetch models'))).toBe(true)
    expect(logLines.join('\n')).not.toContain(wrongKey)
    expect(logLines.join('\n')).not.toContain(wrongKey.slice(-12))
  })

  it('answers 502 when the provider fails', async () => {
    openAiCompatible.failNext({ kind: 'status', status: 503, message: 'The engine is currently overloaded' })

    const response = await post('/api/orders/fetch-models', { provider: 'deepseek', api_key: customerKey })

    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({
      detail: 'Failed to fetch models: The engine is currently overloaded',
    })
    expect(logLines.join('\n')).not.toContain(customerKey)
  })

  it('answers 502 when the provider does not answer in time', async () => {
    openAiCompatible.failNext({ kind: 'slow', delayMs: 3_000 })

    const response = await post('/api/orders/fetch-models', { provider: 'openai', api_key: customerKey })

    expect(response.status).toBe(502)
    const { detail } = (await response.json()) as { detail: string }
    expect(detail).toMatch(/^Failed to fetch models: /)
    expect(detail).not.toContain(customerKey)
  })
})

describe('POST /api/ai/preview', () => {
  const setting = {
    name: 'Witty replies',
    model: 'gpt-4o-mini',
    provider: 'openai',
    temperature: 1.3,
    max_tokens: 150,
    top_p: 0.8,
    frequency_penalty: 0.5,
    presence_penalty: -0.25,
    system_prompt: 'You reply like a friendly tech reviewer.',
    user_prompt: 'Praise one concrete detail of the post.',
  }

  it('writes one sample with the setting as sent and the key typed in the dialog', async () => {
    openAiCompatible.answerWith('"Love how crisp that screen looks!"')

    const response = await post('/api/ai/preview', {
      ...setting,
      api_key: customerKey,
      target_url: 'https://x.com/gadgets/status/42',
    })

    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ text: 'Love how crisp that screen looks!' })
    const [request] = openAiCompatible.chatRequests()
    expect(request?.path).toBe('/v1/chat/completions')
    expect(request?.headers.authorization).toBe(`Bearer ${customerKey}`)
    expect(request?.body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 1.3,
      max_tokens: 150,
      top_p: 0.8,
      frequency_penalty: 0.5,
      presence_penalty: -0.25,
      messages: [
        { role: 'system', content: 'You reply like a friendly tech reviewer.' },
        { role: 'user', content: expect.stringContaining('Praise one concrete detail of the post.') },
      ],
    })
    const userMessage = (request?.body as { messages: { content: string }[] }).messages[1]?.content
    expect(userMessage).toContain('Target link: https://x.com/gadgets/status/42')
    expect(userMessage).toContain('Write exactly one comment')
  })

  it('writes a tweet about a sample link when the dialog gives neither', async () => {
    const response = await post('/api/ai/preview', {
      ...setting,
      api_key: customerKey,
      service_type: 'ai_tweets',
    })

    expect(response.status).toBe(200)
    const userMessage = (openAiCompatible.chatRequests()[0]?.body as { messages: { content: string }[] })
      .messages[1]?.content
    expect(userMessage).toContain('Target link: https://example.com/posts/1')
    expect(userMessage).toContain('Write exactly one tweet')
  })

  it('uses the key saved with the setting when the dialog sends it back masked', async () => {
    const saved = await t.app.request('/api/user/ai-settings', {
      method: 'PUT',
      headers: authed(user.token),
      body: JSON.stringify([{ ...setting, id: 'witty', api_key: customerKey }]),
    })
    const [stored] = (await saved.json()) as { apiKey: string }[]
    expect(stored?.apiKey).not.toContain(customerKey)

    const response = await post('/api/ai/preview', { ...setting, id: 'WITTY', apiKey: stored?.apiKey })

    expect(response.status).toBe(200)
    expect(openAiCompatible.chatRequests()[0]?.headers.authorization).toBe(`Bearer ${customerKey}`)
  })

  it("uses the operator's default key for the provider when the customer has none", async () => {
    const response = await post('/api/ai/preview', {
      ...setting,
      provider: 'deepseek',
      model: 'deepseek-chat',
    })

    expect(response.status).toBe(200)
    const [request] = openAiCompatible.chatRequests()
    expect(request?.path).toBe('/chat/completions')
    expect(request?.headers.authorization).toBe(`Bearer ${operatorDeepSeekKey}`)
  })

  it('says a key is needed when neither the customer nor the operator has one', async () => {
    const response = await post('/api/ai/preview', { ...setting, api_key: '' })

    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({
      detail: 'Failed to generate texts: an API key is required for OpenAI',
    })
    expect(openAiCompatible.requests).toHaveLength(0)
  })

  it('writes with a Replicate model through a prediction', async () => {
    replicate.answerWith('What a view from the summit!')

    const response = await post('/api/ai/preview', {
      ...setting,
      provider: 'replicate',
      model: 'meta/meta-llama-3-8b-instruct',
      api_key: replicateToken,
    })

    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ text: 'What a view from the summit!' })
    const [prediction] = replicate.predictionRequests()
    expect(prediction?.path).toBe('/v1/models/meta/meta-llama-3-8b-instruct/predictions')
    expect(prediction?.headers.prefer).toMatch(/^wait=\d+$/)
    expect(prediction?.body).toMatchObject({
      input: { temperature: 1.3, top_p: 0.8, max_tokens: 150, system_prompt: setting.system_prompt },
    })
  })

  it('answers 422 for a refused key without repeating it, in the answer or the log', async () => {
    const wrongKey = 'sk-proj-notTheRightOne000111222333'

    const response = await post('/api/ai/preview', { ...setting, api_key: wrongKey })

    expect(response.status).toBe(422)
    const text = await response.text()
    expect(text).toContain('Failed to generate texts: Incorrect API key provided')
    expect(text).not.toContain(wrongKey)
    expect(logLines.join('\n')).toContain('Failed to generate texts')
    expect(logLines.join('\n')).not.toContain(wrongKey)
  })

  it('answers 502 when the provider keeps failing', async () => {
    openAiCompatible.failNext({ kind: 'status', status: 500, message: 'Internal failure' })

    const response = await post('/api/ai/preview', { ...setting, api_key: customerKey })

    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ detail: 'Failed to generate texts: Internal failure' })
  })

  it('refuses a setting without a model, naming the field', async () => {
    const response = await post('/api/ai/preview', { ...setting, model: '', api_key: customerKey })

    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({ detail: 'model: Model is required', field: 'model' })
  })
})

describe("POST /api/ai/preview on the operator's key", () => {
  const operatorSetting = {
    name: 'Default AI',
    provider: 'deepseek',
    model: 'deepseek-chat',
    temperature: 0.7,
    max_tokens: 100,
    system_prompt: 'You write short replies.',
    user_prompt: 'Say something kind.',
  }
  const { perUser, perIp, windowMs } = AI_PREVIEW_RATE_LIMIT

  function preview(customer: SignedUp, address: string, body: Record<string, unknown> = operatorSetting) {
    return post('/api/ai/preview', body, customer.token, { 'X-Forwarded-For': address })
  }

  it('allows a customer a number of previews an hour, then answers 429 with Retry-After until it passes', async () => {
    for (let attempt = 0; attempt < perUser; attempt += 1) {
      expect((await preview(user, uniqueAddress())).status).toBe(200)
    }
    expect(openAiCompatible.chatRequests()).toHaveLength(perUser)

    const limited = await preview(user, uniqueAddress())
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ detail: TOO_MANY_ATTEMPTS })
    expect(Number(limited.headers.get('Retry-After'))).toBe(windowMs / 1000)
    // Refused before the provider is asked: the operator pays for nothing more.
    expect(openAiCompatible.chatRequests()).toHaveLength(perUser)

    // A key of the customer's own is theirs to spend: not limited.
    const ownKey = await preview(user, uniqueAddress(), { ...operatorSetting, api_key: customerKey })
    expect(ownKey.status).toBe(200)
    expect(openAiCompatible.chatRequests().at(-1)?.headers.authorization).toBe(`Bearer ${customerKey}`)
    // Another customer is not held up by this one.
    expect((await preview(await signUp(t), uniqueAddress())).status).toBe(200)

    t.clock.advance(windowMs / 4)
    const later = await preview(user, uniqueAddress())
    expect(later.status).toBe(429)
    expect(Number(later.headers.get('Retry-After'))).toBe((windowMs * 3) / 4 / 1000)

    t.clock.advance((windowMs * 3) / 4)
    const again = await preview(user, uniqueAddress())
    expect(again.status).toBe(200)
    expect(openAiCompatible.chatRequests().at(-1)?.headers.authorization).toBe(
      `Bearer ${operatorDeepSeekKey}`,
    )
  })

  it('limits the previews of every customer at one address together', async () => {
    const address = uniqueAddress()
    const customers = [user]
    while (customers.length * perUser < perIp) customers.push(await signUp(t))
    for (const customer of customers) {
      for (let attempt = 0; attempt < perIp / customers.length; attempt += 1) {
        expect((await preview(customer, address)).status).toBe(200)
      }
    }

    const newcomer = await signUp(t)
    const limited = await preview(newcomer, address)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ detail: TOO_MANY_ATTEMPTS })
    expect(limited.headers.get('Retry-After')).toBe(String(windowMs / 1000))
    expect((await preview(newcomer, uniqueAddress())).status).toBe(200)

    t.clock.advance(windowMs)
    expect((await preview(newcomer, address)).status).toBe(200)
  })
})

describe('configuration', () => {
  const base = { DATA_KEY: randomBytes(32).toString('base64'), DATA_DIR: '/tmp/engage-tests' }

  it("reads the AI base URLs and the operator's default keys from the environment", () => {
    const config = loadConfig({
      ...base,
      OPENAI_BASE_URL: 'http://127.0.0.1:4010/',
      DEEPSEEK_API_KEY: operatorDeepSeekKey,
      OPENROUTER_API_KEY: '  ',
    })

    expect(config.ai.baseUrls).toEqual({
      openai: 'http://127.0.0.1:4010',
      deepseek: 'https://api.deepseek.com',
      openrouter: 'https://openrouter.ai',
      replicate: 'https://api.replicate.com',
    })
    expect(config.ai.defaultApiKeys).toEqual({ deepseek: operatorDeepSeekKey })
  })

  it('stops start-up on a base URL that is not http(s), naming the variable', () => {
    expect(() => loadConfig({ ...base, REPLICATE_BASE_URL: 'ftp://models.example' })).toThrow(
      new ConfigError('Invalid AI configuration: REPLICATE_BASE_URL must be an http(s) URL'),
    )
  })
})
