import type { Order } from '@engage/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { NO_PROVIDER } from '../src/domain/fulfilment'
import { TEXTS_POLL_MS } from '../src/jobs/handlers/dispatch-order'
import { DEFAULT_MAX_ATTEMPTS } from '../src/jobs/queue'
import { createFulfilmentWorker } from '../src/jobs/runtime'
import type { Worker } from '../src/jobs/worker'
import { silentLogger } from '../src/logger'
import type { RecordedRequest } from './ai/fakes/recording-server'
import { customerKey, operatorDeepSeekKey, setUpAiOrderPanel } from './support/ai-orders'
import { authed } from './support/app'
import { uniqueLink } from './support/services'

// AI orders end to end: placed through the API, their texts written by a fake OpenAI-compatible
// provider through the `generate-texts` job, and sent by the `dispatch-order` job to the built-in simulator as
// the comments of its Custom Comments services. The worker runs with the test's clock (drain), the fake and the
// simulator listen on port 0.

const ai = setUpAiOrderPanel()
let worker: Worker

beforeAll(() => {
  worker = createFulfilmentWorker({
    db: ai.t.db,
    config: ai.t.config,
    logger: silentLogger,
    clock: ai.t.clock,
    settings: {
      concurrency: 4,
      pollIntervalMs: 50,
      leaseMs: 30_000,
      syncIntervalMs: 1_000,
      subscriptionIntervalMs: 60_000,
      upstreamTimeoutMs: 5_000,
      referralPayoutIntervalMs: 60_000,
    },
  })
})

const wittySetting = {
  id: 'witty',
  name: 'Witty replies',
  provider: 'openai',
  model: 'gpt-4o-mini',
  temperature: 0.9,
  max_tokens: 120,
  top_p: 0.95,
  frequency_penalty: 0.3,
  presence_penalty: 0.1,
  system_prompt: 'You reply like a friendly tech reviewer.',
  user_prompt: 'Praise one concrete detail of the post.',
}

async function orderSeenByCustomer(orderId: string): Promise<Order> {
  const response = await ai.t.app.request('/api/orders/get', { headers: authed(ai.customer.token) })
  expect(response.status).toBe(200)
  const orders = (await response.json()) as Order[]
  const order = orders.find((candidate) => candidate.id === orderId)
  if (!order) throw new Error(`order ${orderId} is not in the list`)
  return order
}

/** The dispatch of an AI order looks for its texts again TEXTS_POLL_MS after it found them missing. */
async function letTheDispatchLookAgain() {
  ai.t.clock.advance(TEXTS_POLL_MS)
  await worker.drain()
}

function addCallsFor(link: string) {
  return ai.simulator.calls().filter((call) => call.action === 'add' && call.fields.link === link)
}

function userMessageOf(request: RecordedRequest | undefined): string {
  const messages = (request?.body as { messages?: { role: string; content: string }[] } | undefined)?.messages
  return messages?.find((message) => message.role === 'user')?.content ?? ''
}

describe('an ai_comments order', () => {
  it("is written with its AI setting and the customer's key, in batches, and delivered as comments", async () => {
    await ai.saveSetting({ ...wittySetting, api_key: customerKey })
    const link = uniqueLink()

    const placed = await ai.placeOrder({
      service_type: 'ai_comments',
      target_url: link,
      quantity: 12,
      ai_settings: wittySetting,
    })

    expect(placed).toMatchObject({
      status: 'pending',
      ai_texts: [],
      ai_progress: { generated: 0, total: 12 },
      ai_usage: null,
    })

    await worker.drain()

    // Two batches: one chat completion for 10 texts, one for the last 2, with every number of the setting.
    const chats = ai.provider.chatRequests()
    expect(chats.map((request) => (request.body as { n?: number }).n)).toEqual([10, 2])
    for (const request of chats) {
      expect(request.path).toBe('/v1/chat/completions')
      expect(request.headers.authorization).toBe(`Bearer ${customerKey}`)
      expect(request.body).toMatchObject({
        model: 'gpt-4o-mini',
        temperature: 0.9,
        max_tokens: 120,
        top_p: 0.95,
        frequency_penalty: 0.3,
        presence_penalty: 0.1,
        messages: [{ role: 'system', content: 'You reply like a friendly tech reviewer.' }, { role: 'user' }],
      })
      expect(userMessageOf(request)).toContain('Praise one concrete detail of the post.')
      expect(userMessageOf(request)).toContain(`Target link: ${link}`)
    }

    const written = await orderSeenByCustomer(placed.id)
    expect(written.status).toBe('pending')
    expect(written.ai_progress).toEqual({ generated: 12, total: 12 })
    expect(written.ai_texts).toHaveLength(12)
    expect(new Set(written.ai_texts).size).toBe(12)
    expect(written.ai_texts?.every((text) => text.includes(link))).toBe(true)
    // The fake bills 20 prompt tokens per call and 7 completion tokens per text.
    expect(written.ai_usage).toEqual({ prompt_tokens: 40, completion_tokens: 84 })
    expect(addCallsFor(link)).toEqual([])

    await letTheDispatchLookAgain()

    const [add] = addCallsFor(link)
    // As the published Custom Comments call: the comments give the quantity, none is sent.
    expect(add?.fields).toMatchObject({ service: '6', comments: written.ai_texts?.join('\n') })
    expect(add?.fields).not.toHaveProperty('quantity')
    expect(written.ai_texts).toHaveLength(12)
    const dispatched = await orderSeenByCustomer(placed.id)
    expect(dispatched.status).toBe('processing')
    expect(dispatched.ai_texts).toEqual(written.ai_texts)

    // The simulator delivers over its steps; the status sync then completes the order, texts and all.
    ai.t.clock.advance(10_000)
    await worker.drain()
    const completed = await orderSeenByCustomer(placed.id)
    expect(completed.status).toBe('completed')
    expect(completed.ai_texts).toEqual(written.ai_texts)
    expect(ai.provider.chatRequests()).toHaveLength(2)
    // The recent orders of the current-user call show the same.
    const me = (await (
      await ai.t.app.request('/api/user/me', { headers: authed(ai.customer.token) })
    ).json()) as {
      orders: Order[]
    }
    expect(me.orders.find((order) => order.id === placed.id)).toMatchObject({
      ai_texts: written.ai_texts,
      ai_progress: { generated: 12, total: 12 },
      ai_usage: { prompt_tokens: 40, completion_tokens: 84 },
    })
  })

  it('shows how many texts are written after every batch while the job runs', async () => {
    await ai.saveSetting({ ...wittySetting, api_key: customerKey })
    // Each chat completion takes a second, so the customer can look between the two batches.
    ai.provider.failNext({ kind: 'slow', delayMs: 1_000 }, 2)
    const placed = await ai.placeOrder({
      service_type: 'ai_comments',
      target_url: uniqueLink(),
      quantity: 15,
      ai_settings: wittySetting,
    })

    const seen: number[] = []
    const look = async () => {
      const generated = (await orderSeenByCustomer(placed.id)).ai_progress?.generated ?? -1
      if (seen.at(-1) !== generated) seen.push(generated)
    }
    let done = false
    const running = worker.drain().finally(() => {
      done = true
    })
    while (!done) {
      await look()
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    await running
    await look()

    expect(seen).toEqual([0, 10, 15])
    expect((await orderSeenByCustomer(placed.id)).ai_progress).toEqual({ generated: 15, total: 15 })
  })
})

describe('the key an AI order is written with', () => {
  it("is the operator's default key for the provider when the customer has none", async () => {
    const link = uniqueLink()

    // No setting chosen: the 'Default AI' preset (DeepSeek) writes the tweets.
    const placed = await ai.placeOrder({
      service_type: 'ai_tweets',
      target_url: link,
      quantity: 3,
      ai_settings: null,
    })
    await worker.drain()
    await letTheDispatchLookAgain()

    const chats = ai.provider.chatRequests()
    expect(chats).toHaveLength(3)
    for (const request of chats) {
      expect(request.path).toBe('/chat/completions')
      expect(request.headers.authorization).toBe(`Bearer ${operatorDeepSeekKey}`)
      expect(request.body).toMatchObject({ model: 'deepseek-chat', temperature: 0.7, max_tokens: 100 })
      expect(userMessageOf(request)).toContain('Write exactly one tweet')
    }
    const order = await orderSeenByCustomer(placed.id)
    expect(order.status).toBe('processing')
    expect(addCallsFor(link)[0]?.fields).toMatchObject({ service: '7', comments: order.ai_texts?.join('\n') })
    const generation = await ai.t.db
      .selectFrom('order_ai_generations')
      .selectAll()
      .where('order_id', '=', Number(placed.id))
      .executeTakeFirstOrThrow()
    expect(generation).toMatchObject({ provider: 'deepseek', model: 'deepseek-chat', key_source: 'operator' })
  })

  it("is the customer's own key when their setting has one, for that setting's provider", async () => {
    const ownSetting = { ...wittySetting, id: 'own-deepseek', provider: 'deepseek', model: 'deepseek-chat' }
    await ai.saveSetting({ ...ownSetting, api_key: customerKey })

    const placed = await ai.placeOrder({
      service_type: 'ai_comments',
      target_url: uniqueLink(),
      quantity: 2,
      ai_settings: ownSetting,
    })
    await worker.drain()

    expect(ai.provider.chatRequests().map((request) => request.headers.authorization)).toEqual([
      `Bearer ${customerKey}`,
      `Bearer ${customerKey}`,
    ])
    const generation = await ai.t.db
      .selectFrom('order_ai_generations')
      .select('key_source')
      .where('order_id', '=', Number(placed.id))
      .executeTakeFirstOrThrow()
    expect(generation.key_source).toBe('customer')
  })
})

describe('a failing provider', () => {
  it('pauses the order with the reason when it refuses the key, and the retry resumes it', async () => {
    const wrongKey = 'sk-proj-typoInTheKey000111222333444'
    await ai.saveSetting({ ...wittySetting, api_key: wrongKey })
    const link = uniqueLink()
    const placed = await ai.placeOrder({
      service_type: 'ai_comments',
      target_url: link,
      quantity: 4,
      ai_settings: wittySetting,
    })

    await worker.drain()

    const paused = await orderSeenByCustomer(placed.id)
    expect(paused.status).toBe('paused')
    expect(paused.paused_reason).toMatch(/^Failed to generate texts: Incorrect API key provided/)
    expect(paused.paused_reason).not.toContain(wrongKey)
    expect(paused.ai_progress).toEqual({ generated: 0, total: 4 })
    // A refusal is not retried: one call, and the paused order's waiting dispatch ends without sending.
    expect(ai.provider.chatRequests()).toHaveLength(1)
    await letTheDispatchLookAgain()
    expect(addCallsFor(link)).toEqual([])

    await ai.saveSetting({ ...wittySetting, api_key: customerKey })
    const retry = await ai.t.app.request(`/api/orders/retry/${placed.id}`, {
      method: 'POST',
      headers: authed(ai.customer.token),
    })
    expect(retry.status).toBe(200)
    await worker.drain()
    await letTheDispatchLookAgain()

    const resumed = await orderSeenByCustomer(placed.id)
    expect(resumed.status).toBe('processing')
    expect(resumed.paused_reason).toBeNull()
    expect(resumed.ai_progress).toEqual({ generated: 4, total: 4 })
    expect(ai.provider.chatRequests().at(-1)?.headers.authorization).toBe(`Bearer ${customerKey}`)
    expect(addCallsFor(link)[0]?.fields.comments).toBe(resumed.ai_texts?.join('\n'))
  })

  it("pauses the order after the job's retries, keeping the texts written, and the retry writes the rest", async () => {
    const deepSeekSetting = { ...wittySetting, id: 'deep', provider: 'deepseek', model: 'deepseek-chat' }
    await ai.saveSetting({ ...deepSeekSetting, api_key: customerKey })
    const link = uniqueLink()
    // DeepSeek gets one call per text, ten side by side: 3 of the first 10 fail, then every call does.
    ai.provider.failNext({ kind: 'status', status: 503, message: 'Server overloaded, please retry later' }, 3)
    const placed = await ai.placeOrder({
      service_type: 'ai_comments',
      target_url: link,
      quantity: 10,
      ai_settings: deepSeekSetting,
    })

    await worker.drain()

    const partly = await orderSeenByCustomer(placed.id)
    expect(partly.status).toBe('pending')
    expect(partly.ai_progress).toEqual({ generated: 7, total: 10 })
    const firstTexts = partly.ai_texts

    // Every later attempt asks for the 3 missing texts and fails, until the job gives up.
    ai.provider.failNext(
      { kind: 'status', status: 503, message: 'Server overloaded, please retry later' },
      (DEFAULT_MAX_ATTEMPTS - 1) * 3,
    )
    for (let round = 0; round < DEFAULT_MAX_ATTEMPTS; round += 1) {
      ai.t.clock.advance(6 * 60 * 1000)
      await worker.drain()
    }

    const paused = await orderSeenByCustomer(placed.id)
    expect(paused.status).toBe('paused')
    expect(paused.paused_reason).toBe('Failed to generate texts: Server overloaded, please retry later')
    expect(paused.ai_texts).toEqual(firstTexts)
    expect(ai.provider.chatRequests()).toHaveLength(10 + (DEFAULT_MAX_ATTEMPTS - 1) * 3)
    expect(addCallsFor(link)).toEqual([])

    const retry = await ai.t.app.request(`/api/orders/retry/${placed.id}`, {
      method: 'POST',
      headers: authed(ai.customer.token),
    })
    expect(retry.status).toBe(200)
    await worker.drain()
    await letTheDispatchLookAgain()

    const finished = await orderSeenByCustomer(placed.id)
    expect(finished.status).toBe('processing')
    expect(finished.ai_progress).toEqual({ generated: 10, total: 10 })
    expect(finished.ai_texts?.slice(0, 7)).toEqual(firstTexts)
    expect(new Set(finished.ai_texts).size).toBe(10)
    expect(addCallsFor(link)[0]?.fields).toMatchObject({ comments: finished.ai_texts?.join('\n') })
    expect(addCallsFor(link)[0]?.fields).not.toHaveProperty('quantity')
  })
})

describe('an AI order of a service without a provider', () => {
  it("pauses with the reason before any text is written, spending none of the customer's tokens", async () => {
    await ai.saveSetting({ ...wittySetting, api_key: customerKey })
    const link = uniqueLink()
    const mapBack = await ai.unmapService('ai_comments')
    let placed: Order
    try {
      placed = await ai.placeOrder({
        service_type: 'ai_comments',
        target_url: link,
        quantity: 5,
        ai_settings: wittySetting,
      })
      await worker.drain()
      await letTheDispatchLookAgain()

      const paused = await orderSeenByCustomer(placed.id)
      expect(paused.status).toBe('paused')
      expect(paused.paused_reason).toBe(NO_PROVIDER)
      expect(paused.ai_progress).toEqual({ generated: 0, total: 5 })
      expect(paused.ai_usage).toBeNull()
      expect(ai.provider.requests).toHaveLength(0)
      expect(addCallsFor(link)).toEqual([])
    } finally {
      await mapBack()
    }

    // Once the operator maps the service again, the customer's retry writes the texts and sends them.
    const retry = await ai.t.app.request(`/api/orders/retry/${placed.id}`, {
      method: 'POST',
      headers: authed(ai.customer.token),
    })
    expect(retry.status).toBe(200)
    await worker.drain()
    await letTheDispatchLookAgain()

    const sent = await orderSeenByCustomer(placed.id)
    expect(sent.status).toBe('processing')
    expect(sent.ai_progress).toEqual({ generated: 5, total: 5 })
    expect(ai.provider.chatRequests().map((request) => request.headers.authorization)).toEqual([
      `Bearer ${customerKey}`,
    ])
    expect(addCallsFor(link)[0]?.fields.comments).toBe(sent.ai_texts?.join('\n'))
  })
})
