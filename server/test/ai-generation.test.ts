import type { Order } from '@engage/contract'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Config } from '../src/config'
import { type AiGenerationDeps, generateOrderTexts, orderTexts } from '../src/domain/ai-generation'
import { startFakeOpenAiCompatible, type FakeOpenAiCompatible } from './ai/fakes/openai-compatible'
import { authed, createTestApp, fund, signUp, type SignedUp, type TestApp } from './support/app'
import { addService, uniqueLink } from './support/services'

// The generation of one AI order's texts (domain/ai-generation.ts generateOrderTexts), run directly rather than
// through the worker, against the fake OpenAI-compatible provider on port 0.

const customerKey = 'sk-proj-customerKey1234567890abcd'
const operatorDeepSeekKey = 'sk-operatorDeepSeek9876543210wxyz'

let provider: FakeOpenAiCompatible
let t: TestApp
let deps: AiGenerationDeps

beforeAll(async () => {
  provider = await startFakeOpenAiCompatible({ acceptedKeys: [customerKey, operatorDeepSeekKey] })
  const ai: Config['ai'] = {
    baseUrls: {
      openai: provider.url,
      deepseek: provider.url,
      openrouter: provider.url,
      replicate: provider.url,
    },
    defaultApiKeys: { deepseek: operatorDeepSeekKey },
    modelsTimeoutMs: 2_000,
    generationTimeoutMs: 5_000,
  }
  t = await createTestApp({ config: { ai } })
  deps = { db: t.db, config: t.config, clock: t.clock }
  await addService(t.db, 'ai_comments', 45_000_000, { isAi: true })
  await addService(t.db, 'followers', 1_000_000)
})
afterAll(async () => {
  await t.close()
  await provider.close()
})

let user: SignedUp
beforeEach(async () => {
  provider.requests.length = 0
  user = await signUp(t)
  await fund(t.db, user.userId, 100)
})

const openAiSetting = {
  id: 'writer',
  name: 'Writer',
  provider: 'openai',
  model: 'gpt-4o-mini',
  temperature: 0.8,
  max_tokens: 80,
  system_prompt: 'You write short replies.',
  user_prompt: 'Say something kind.',
}

async function saveSetting(setting: Record<string, unknown>) {
  const response = await t.app.request('/api/user/ai-settings', {
    method: 'PUT',
    headers: authed(user.token),
    body: JSON.stringify([setting]),
  })
  expect(response.status).toBe(200)
}

async function placeOrder(body: Record<string, unknown>): Promise<Order> {
  const response = await t.app.request('/api/orders/create', {
    method: 'POST',
    headers: authed(user.token),
    body: JSON.stringify({ target_url: uniqueLink(), custom_comment: null, ...body }),
  })
  expect(response.status).toBe(201)
  return (await response.json()) as Order
}

function cancel(orderId: string) {
  return t.app.request(`/api/orders/${orderId}/cancel`, { method: 'POST', headers: authed(user.token) })
}

describe('generateOrderTexts', () => {
  it('stops asking the provider once the customer cancels the order, and the order is refunded', async () => {
    await saveSetting({ ...openAiSetting, api_key: customerKey })
    const order = await placeOrder({ service_type: 'ai_comments', quantity: 25, ai_settings: openAiSetting })
    provider.failNext({ kind: 'slow', delayMs: 1_000 }, 3)

    const running = generateOrderTexts(deps, Number(order.id))
    while ((await orderTexts(t.db, Number(order.id))).length < 10) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const cancelled = await cancel(order.id)

    expect(cancelled.status).toBe(200)
    expect(await running).toBe('not-needed')
    // The second batch was already asked for when the order was cancelled; its texts are not kept.
    expect(provider.chatRequests()).toHaveLength(2)
    expect(await orderTexts(t.db, Number(order.id))).toHaveLength(10)
    const balance = await t.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(balance.balance).toBe(100_000_000)
  })

  it('writes nothing for an order that is no longer pending', async () => {
    const order = await placeOrder({ service_type: 'ai_comments', quantity: 3, ai_settings: openAiSetting })
    expect((await cancel(order.id)).status).toBe(200)

    expect(await generateOrderTexts(deps, Number(order.id))).toBe('not-needed')
    expect(provider.requests).toHaveLength(0)
  })

  it('does not send a key saved for another provider', async () => {
    // The customer saved the setting with an OpenAI key, then ordered with a copy switched to DeepSeek.
    await saveSetting({ ...openAiSetting, api_key: customerKey })
    const order = await placeOrder({
      service_type: 'ai_comments',
      quantity: 1,
      ai_settings: { ...openAiSetting, provider: 'deepseek', model: 'deepseek-chat' },
    })

    expect(await generateOrderTexts(deps, Number(order.id))).toBe('complete')
    expect(provider.chatRequests().map((request) => request.headers.authorization)).toEqual([
      `Bearer ${operatorDeepSeekKey}`,
    ])
  })

  it('pauses the order when the key saved with its setting can no longer be read', async () => {
    await saveSetting({ ...openAiSetting, api_key: customerKey })
    // What a changed DATA_KEY leaves behind: a stored key that does not decrypt.
    await t.db
      .updateTable('ai_settings')
      .set({ api_key_encrypted: 'v1:bm90LWEta2V5LXVuZGVyLXRoaXMtZGF0YS1rZXk' })
      .where('user_id', '=', user.userId)
      .execute()
    const order = await placeOrder({ service_type: 'ai_comments', quantity: 2, ai_settings: openAiSetting })

    expect(await generateOrderTexts(deps, Number(order.id))).toBe('paused')
    const paused = await t.db
      .selectFrom('orders')
      .select(['status', 'paused_reason'])
      .where('id', '=', Number(order.id))
      .executeTakeFirstOrThrow()
    expect(paused).toEqual({
      status: 'paused',
      paused_reason:
        'Failed to generate texts: the API key saved with this AI setting can no longer be read; enter it again',
    })
    expect(provider.requests).toHaveLength(0)
  })
})

describe('order answers', () => {
  it('carry no AI fields for orders of other services', async () => {
    const order = await placeOrder({ service_type: 'followers', quantity: 100, ai_settings: null })

    expect(order).not.toHaveProperty('ai_texts')
    expect(order).not.toHaveProperty('ai_progress')
    expect(order).not.toHaveProperty('ai_usage')
  })
})
