import { beforeAll, describe, expect, it } from 'vitest'
import { type AiGenerationDeps, generateOrderTexts, orderTexts } from '../src/domain/ai-generation'
import { NO_PROVIDER } from '../src/domain/fulfilment'
import { customerKey, operatorDeepSeekKey, setUpAiOrderPanel } from './support/ai-orders'
import { authed } from './support/app'
import { addService } from './support/services'

// The generation of one AI order's texts (domain/ai-generation.ts generateOrderTexts), run directly rather than
// through the worker, against the fake OpenAI-compatible provider on port 0.

const ai = setUpAiOrderPanel()
let deps: AiGenerationDeps

beforeAll(async () => {
  deps = { db: ai.t.db, config: ai.t.config, clock: ai.t.clock }
  await addService(ai.t.db, 'followers', 1_000_000)
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

function cancel(orderId: string) {
  return ai.t.app.request(`/api/orders/${orderId}/cancel`, {
    method: 'POST',
    headers: authed(ai.customer.token),
  })
}

describe('generateOrderTexts', () => {
  it('stops asking the provider once the customer cancels the order, and the order is refunded', async () => {
    await ai.saveSetting({ ...openAiSetting, api_key: customerKey })
    const order = await ai.placeOrder({
      service_type: 'ai_comments',
      quantity: 25,
      ai_settings: openAiSetting,
    })
    ai.provider.failNext({ kind: 'slow', delayMs: 1_000 }, 3)

    const running = generateOrderTexts(deps, Number(order.id))
    while ((await orderTexts(ai.t.db, Number(order.id))).length < 10) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const cancelled = await cancel(order.id)

    expect(cancelled.status).toBe(200)
    expect(await running).toBe('not-needed')
    // The second batch was already asked for when the order was cancelled; its texts are not kept.
    expect(ai.provider.chatRequests()).toHaveLength(2)
    expect(await orderTexts(ai.t.db, Number(order.id))).toHaveLength(10)
    const balance = await ai.t.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', ai.customer.userId)
      .executeTakeFirstOrThrow()
    expect(balance.balance).toBe(100_000_000)
  })

  it('writes nothing for an order that is no longer pending', async () => {
    // An OpenAI order needs the customer's key: the panel has only the operator's DeepSeek key.
    await ai.saveSetting({ ...openAiSetting, api_key: customerKey })
    const order = await ai.placeOrder({
      service_type: 'ai_comments',
      quantity: 3,
      ai_settings: openAiSetting,
    })
    expect((await cancel(order.id)).status).toBe(200)

    expect(await generateOrderTexts(deps, Number(order.id))).toBe('not-needed')
    expect(ai.provider.requests).toHaveLength(0)
  })

  it('does not send a key saved for another provider', async () => {
    // The customer saved the setting with an OpenAI key, then ordered with a copy switched to DeepSeek.
    await ai.saveSetting({ ...openAiSetting, api_key: customerKey })
    const order = await ai.placeOrder({
      service_type: 'ai_comments',
      quantity: 1,
      ai_settings: { ...openAiSetting, provider: 'deepseek', model: 'deepseek-chat' },
    })

    expect(await generateOrderTexts(deps, Number(order.id))).toBe('complete')
    expect(ai.provider.chatRequests().map((request) => request.headers.authorization)).toEqual([
      `Bearer ${operatorDeepSeekKey}`,
    ])
  })

  it('pauses the order when the key saved with its setting can no longer be read', async () => {
    await ai.saveSetting({ ...openAiSetting, api_key: customerKey })
    // What a changed DATA_KEY leaves behind: a stored key that does not decrypt.
    await ai.t.db
      .updateTable('ai_settings')
      .set({ api_key_encrypted: 'v1:bm90LWEta2V5LXVuZGVyLXRoaXMtZGF0YS1rZXk' })
      .where('user_id', '=', ai.customer.userId)
      .execute()
    const order = await ai.placeOrder({
      service_type: 'ai_comments',
      quantity: 2,
      ai_settings: openAiSetting,
    })

    expect(await generateOrderTexts(deps, Number(order.id))).toBe('paused')
    const paused = await ai.t.db
      .selectFrom('orders')
      .select(['status', 'paused_reason'])
      .where('id', '=', Number(order.id))
      .executeTakeFirstOrThrow()
    expect(paused).toEqual({
      status: 'paused',
      paused_reason:
        'Failed to generate texts: the API key saved with this AI setting can no longer be read; enter it again',
    })
    expect(ai.provider.requests).toHaveLength(0)
  })
  it('pauses the order without asking the provider once its service has no provider to send the texts to', async () => {
    await ai.saveSetting({ ...openAiSetting, api_key: customerKey })
    const order = await ai.placeOrder({
      service_type: 'ai_comments',
      quantity: 5,
      ai_settings: openAiSetting,
    })
    // The operator took the service off its provider after the order's dispatch asked for its texts.
    const mapBack = await ai.unmapService('ai_comments')
    try {
      expect(await generateOrderTexts(deps, Number(order.id))).toBe('paused')
    } finally {
      await mapBack()
    }

    const paused = await ai.t.db
      .selectFrom('orders')
      .select(['status', 'paused_reason'])
      .where('id', '=', Number(order.id))
      .executeTakeFirstOrThrow()
    expect(paused).toEqual({ status: 'paused', paused_reason: NO_PROVIDER })
    expect(ai.provider.requests).toHaveLength(0)
    expect(await orderTexts(ai.t.db, Number(order.id))).toEqual([])
    const generations = await ai.t.db
      .selectFrom('order_ai_generations')
      .select('order_id')
      .where('order_id', '=', Number(order.id))
      .execute()
    expect(generations).toEqual([])
  })
})

describe('order answers', () => {
  it('carry no AI fields for orders of other services', async () => {
    const order = await ai.placeOrder({ service_type: 'followers', quantity: 100, ai_settings: null })

    expect(order).not.toHaveProperty('ai_texts')
    expect(order).not.toHaveProperty('ai_progress')
    expect(order).not.toHaveProperty('ai_usage')
  })
})
