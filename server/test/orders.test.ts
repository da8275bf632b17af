import {
  AUTHENTICATION_REQUIRED,
  DUPLICATE_ACTIVE_ORDER,
  INSUFFICIENT_BALANCE,
  INVALID_OR_EXPIRED_TOKEN,
  NEXT_CURSOR_HEADER,
  NO_PAUSED_ORDERS,
  ORDER_NOT_CANCELLABLE,
  ORDER_NOT_FOUND,
  ORDER_NOT_RETRYABLE,
  Order,
  QUANTITY_RANGE_MESSAGE,
  QUANTITY_WHOLE_NUMBER_MESSAGE,
  SERVICE_TYPE_REQUIRED,
  UNKNOWN_SERVICE,
  VALID_URL_REQUIRED,
} from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerSum } from '../src/domain/ledger'
import { runInRequest } from '../src/ops/request-context'
import {
  authed,
  createTestApp,
  createTestConfig,
  fund,
  signUp,
  type SignedUp,
  type TestApp,
} from './support/app'
import { addService, uniqueLink } from './support/services'

let t: TestApp
let serviceIds: Record<string, number>

/** The operator's DeepSeek key of this file's panel, so its AI orders can be written. */
const operatorDeepSeekKey = 'sk-operator-orders-test-0123456789'

beforeAll(async () => {
  const base = createTestConfig()
  t = await createTestApp({
    config: { ai: { ...base.ai, defaultApiKeys: { deepseek: operatorDeepSeekKey } } },
  })
  serviceIds = {
    // 1.234567 USD per 1,000: 3 units cost 0.003703701 USD, charged 0.003704.
    followers: await addService(t.db, 'followers', 1_234_567),
    likes: await addService(t.db, 'likes', 2_000_000),
    views: await addService(t.db, 'views', 500_000, { min: 100, max: 5_000 }),
    retired: await addService(t.db, 'retired', 1_000_000, { enabled: false }),
    ai_comments: await addService(t.db, 'ai_comments', 50_000_000, { isAi: true }),
  }
})
afterAll(() => t.close())

async function customer(usd = 100): Promise<SignedUp> {
  const user = await signUp(t)
  if (usd > 0) await fund(t.db, user.userId, usd)
  return user
}

function post(path: string, token: string | null, body?: unknown) {
  return t.app.request(path, {
    method: 'POST',
    headers: token === null ? { 'Content-Type': 'application/json' } : authed(token),
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
}

function get(path: string, token: string) {
  return t.app.request(path, { headers: authed(token) })
}

async function balanceOf(userId: number): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return row.balance
}

function jobsOf(orderId: number) {
  return t.db
    .selectFrom('jobs')
    .selectAll()
    .where('payload', '=', JSON.stringify({ orderId }))
    .orderBy('id')
    .execute()
}

async function countJobs(): Promise<number> {
  const row = await t.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

async function createOrder(token: string, overrides: Record<string, unknown> = {}) {
  const response = await post('/api/orders/create', token, {
    service_type: 'likes',
    target_url: uniqueLink(),
    quantity: 1000,
    custom_comment: null,
    ai_settings: null,
    ...overrides,
  })
  return response
}

async function placedOrder(token: string, overrides: Record<string, unknown> = {}) {
  const response = await createOrder(token, overrides)
  expect(response.status).toBe(201)
  return Order.parse(await response.json())
}

describe('POST /api/orders/create', () => {
  it('charges rate × quantity rounded up to the micro-USD, stores it on a pending order and answers the order', async () => {
    const user = await customer(10)
    const link = uniqueLink()
    const response = await post('/api/orders/create', user.token, {
      service_type: 'followers',
      target_url: link,
      quantity: 3,
      custom_comment: 'Nice post',
      ai_settings: null,
    })
    expect(response.status).toBe(201)
    const order = Order.parse(await response.json())
    expect(order).toMatchObject({
      order_id: order.id,
      service_type: 'followers',
      target_url: link,
      quantity: 3,
      status: 'pending',
      charge: 0.003704,
      start_count: null,
      remains: null,
      custom_comment: 'Nice post',
      created_at: new Date(t.clock.now()).toISOString(),
    })
    expect(await balanceOf(user.userId)).toBe(10_000_000 - 3_704)
    expect(await ledgerSum(t.db, user.userId)).toBe(10_000_000 - 3_704)
    const row = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', Number(order.id))
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ charge: 3_704, user_id: user.userId, service_id: serviceIds.followers })
    const entries = await t.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', user.userId)
      .where('kind', '=', 'order_payment')
      .execute()
    expect(entries).toEqual([
      expect.objectContaining({
        amount: -3_704,
        idempotency_key: `order:${order.id}:charge`,
        reference: `order:${order.id}`,
      }),
    ])
  })

  it('enqueues the dispatch-order job with the order, under the id of the request that placed it', async () => {
    const user = await customer()
    // What the request log does for each request of a served process.
    const order = await runInRequest({ requestId: 'req-order' }, () => placedOrder(user.token))
    const jobs = await jobsOf(Number(order.id))
    expect(jobs).toEqual([
      expect.objectContaining({
        kind: 'dispatch-order',
        status: 'queued',
        unique_key: `order:${order.id}:dispatch`,
        run_at: t.clock.now(),
        attempts: 0,
        request_id: 'req-order',
      }),
    ])
    expect(JSON.parse(jobs[0]?.payload ?? '')).toEqual({ orderId: Number(order.id) })
  })

  it('refuses a balance too low with 402, leaving no order, no job and the balance as it was', async () => {
    const user = await customer(1)
    const jobsBefore = await countJobs()
    // 1,000 likes cost 2 USD.
    const response = await createOrder(user.token)
    expect(response.status).toBe(402)
    expect(await response.json()).toEqual({ detail: INSUFFICIENT_BALANCE })
    const orders = await t.db.selectFrom('orders').select('id').where('user_id', '=', user.userId).execute()
    expect(orders).toEqual([])
    expect(await countJobs()).toBe(jobsBefore)
    expect(await balanceOf(user.userId)).toBe(1_000_000)
    expect(await ledgerSum(t.db, user.userId)).toBe(1_000_000)
  })

  it('refuses a second active order for the same link and service with 409, and allows another service', async () => {
    const user = await customer()
    const link = uniqueLink()
    await placedOrder(user.token, { target_url: link })
    const balanceAfterFirst = await balanceOf(user.userId)
    const second = await createOrder(user.token, { target_url: link })
    expect(second.status).toBe(409)
    expect(await second.json()).toEqual({ detail: DUPLICATE_ACTIVE_ORDER, field: 'target_url' })
    expect(await balanceOf(user.userId)).toBe(balanceAfterFirst)
    await placedOrder(user.token, { target_url: link, service_type: 'followers' })
  })

  it('allows the same link again once the earlier order is cancelled', async () => {
    const user = await customer()
    const link = uniqueLink()
    const first = await placedOrder(user.token, { target_url: link })
    expect((await post(`/api/orders/${first.id}/cancel`, user.token)).status).toBe(200)
    await placedOrder(user.token, { target_url: link })
  })

  it('lets two customers order the same link', async () => {
    const link = uniqueLink()
    await placedOrder((await customer()).token, { target_url: link })
    await placedOrder((await customer()).token, { target_url: link })
  })

  it.each([
    [
      'a missing service',
      { service_type: undefined },
      `service_type: ${SERVICE_TYPE_REQUIRED}`,
      'service_type',
    ],
    ['a blank service', { service_type: '  ' }, `service_type: ${SERVICE_TYPE_REQUIRED}`, 'service_type'],
    ['an unknown service', { service_type: 'teleports' }, `service_type: ${UNKNOWN_SERVICE}`, 'service_type'],
    ['a disabled service', { service_type: 'retired' }, `service_type: ${UNKNOWN_SERVICE}`, 'service_type'],
    [
      'a service given as a number',
      { service_type: 7 },
      `service_type: ${SERVICE_TYPE_REQUIRED}`,
      'service_type',
    ],
    ['a missing link', { target_url: undefined }, `target_url: ${VALID_URL_REQUIRED}`, 'target_url'],
    [
      'a link without http(s)',
      { target_url: 'social.example/p/1' },
      `target_url: ${VALID_URL_REQUIRED}`,
      'target_url',
    ],
    [
      'an ftp link',
      { target_url: 'ftp://social.example/p/1' },
      `target_url: ${VALID_URL_REQUIRED}`,
      'target_url',
    ],
    [
      'a javascript link',
      { target_url: 'javascript:alert(1)' },
      `target_url: ${VALID_URL_REQUIRED}`,
      'target_url',
    ],
    ['a missing quantity', { quantity: undefined }, `quantity: ${QUANTITY_RANGE_MESSAGE}`, 'quantity'],
    ['a zero quantity', { quantity: 0 }, `quantity: ${QUANTITY_RANGE_MESSAGE}`, 'quantity'],
    ['a negative quantity', { quantity: -5 }, `quantity: ${QUANTITY_RANGE_MESSAGE}`, 'quantity'],
    ['a quantity above 10,000', { quantity: 10_001 }, `quantity: ${QUANTITY_RANGE_MESSAGE}`, 'quantity'],
    ['a fractional quantity', { quantity: 1.5 }, `quantity: ${QUANTITY_WHOLE_NUMBER_MESSAGE}`, 'quantity'],
    ['a huge quantity', { quantity: 1e300 }, `quantity: ${QUANTITY_RANGE_MESSAGE}`, 'quantity'],
    ['a quantity given as text', { quantity: '100' }, `quantity: ${QUANTITY_RANGE_MESSAGE}`, 'quantity'],
    [
      'a quantity below the service minimum',
      { service_type: 'views', quantity: 99 },
      'quantity: Quantity must be between 100 - 5,000',
      'quantity',
    ],
    [
      'a quantity above the service maximum',
      { service_type: 'views', quantity: 5_001 },
      'quantity: Quantity must be between 100 - 5,000',
      'quantity',
    ],
  ])('refuses %s with 422 naming the field', async (_case, overrides, detail, field) => {
    const user = await customer()
    const response = await createOrder(user.token, overrides)
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({ detail, field })
    expect(await balanceOf(user.userId)).toBe(100_000_000)
  })

  it('answers malformed JSON and bodies of the wrong shape with a 4xx, never a 500', async () => {
    const user = await customer()
    const malformed = await post('/api/orders/create', user.token, '{"service_type": "likes",')
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({ detail: expect.any(String) })
    for (const body of ['[]', 'null', '"likes"', '42']) {
      const response = await post('/api/orders/create', user.token, body)
      expect(response.status).toBe(422)
      expect(await response.json()).toMatchObject({ detail: expect.any(String) })
    }
    const notJson = await t.app.request('/api/orders/create', {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'text/plain' },
      body: 'likes please',
    })
    expect(notJson.status).toBe(422)
  })

  it('stores the AI setting of an AI order without its key, and none for other services', async () => {
    const user = await customer()
    const setting = {
      id: 'b3c1f1c2-5a7e-4a43-9b39-2f0e1b7a0a11',
      name: 'Witty',
      model: 'deepseek-chat',
      provider: 'deepseek',
      temperature: 0.7,
      max_tokens: 300,
      top_p: 1,
      frequency_penalty: 0,
      presence_penalty: 0,
      system_prompt: 'Be kind',
      user_prompt: 'Reply',
      api_key: 'sk-secret-key',
    }
    const aiOrder = await placedOrder(user.token, {
      service_type: 'ai_comments',
      quantity: 10,
      ai_settings: setting,
    })
    const plainOrder = await placedOrder(user.token, { ai_settings: setting })
    const rows = await t.db
      .selectFrom('orders')
      .select(['id', 'ai_setting'])
      .where('id', 'in', [Number(aiOrder.id), Number(plainOrder.id)])
      .orderBy('id')
      .execute()
    expect(JSON.parse(rows[0]?.ai_setting ?? 'null')).toEqual({
      id: setting.id,
      name: 'Witty',
      model: 'deepseek-chat',
      provider: 'deepseek',
      temperature: 0.7,
      maxTokens: 300,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
      systemPrompt: 'Be kind',
      userPrompt: 'Reply',
    })
    expect(rows[0]?.ai_setting).not.toContain('sk-secret-key')
    expect(rows[1]?.ai_setting).toBeNull()
  })

  it('refuses a request without a token, or with a bad one, with 401', async () => {
    const missing = await post('/api/orders/create', null, {
      service_type: 'likes',
      target_url: uniqueLink(),
      quantity: 10,
    })
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({ detail: AUTHENTICATION_REQUIRED })
    const bad = await post('/api/orders/create', 'not-a-real-token', {
      service_type: 'likes',
      target_url: uniqueLink(),
      quantity: 10,
    })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toEqual({ detail: INVALID_OR_EXPIRED_TOKEN })
  })
})

describe('GET /api/orders/get', () => {
  it("answers the customer's own orders newest first, a page at a time through the next-cursor header", async () => {
    const user = await customer()
    const other = await customer()
    await placedOrder(other.token)
    const placed: string[] = []
    for (let index = 0; index < 5; index++) placed.push((await placedOrder(user.token)).id)

    const first = await get('/api/orders/get?limit=2', user.token)
    expect(first.status).toBe(200)
    const firstPage = Order.array().parse(await first.json())
    expect(firstPage.map((order) => order.id)).toEqual([placed[4], placed[3]])
    const cursor = first.headers.get(NEXT_CURSOR_HEADER)
    expect(cursor).toBeTruthy()

    const second = await get(`/api/orders/get?limit=2&cursor=${cursor}`, user.token)
    expect(
      Order.array()
        .parse(await second.json())
        .map((order) => order.id),
    ).toEqual([placed[2], placed[1]])
    const third = await get(
      `/api/orders/get?limit=2&cursor=${second.headers.get(NEXT_CURSOR_HEADER)}`,
      user.token,
    )
    expect(
      Order.array()
        .parse(await third.json())
        .map((order) => order.id),
    ).toEqual([placed[0]])
    expect(third.headers.get(NEXT_CURSOR_HEADER)).toBeNull()

    const all = await get('/api/orders/get', user.token)
    expect(
      Order.array()
        .parse(await all.json())
        .map((order) => order.id),
    ).toEqual([...placed].reverse())
    expect(all.headers.get(NEXT_CURSOR_HEADER)).toBeNull()
  })

  it('answers an empty list to a customer without orders', async () => {
    const user = await customer(0)
    const response = await get('/api/orders/get', user.token)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual([])
  })

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=2.5', 'limit'],
    ['cursor=abc', 'cursor'],
    ['cursor=-4', 'cursor'],
    ['cursor=99999999999999999999', 'cursor'],
  ])('refuses the query %s with 422 naming the field', async (query, field) => {
    const user = await customer(0)
    const response = await get(`/api/orders/get?${query}`, user.token)
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ field })
  })

  it('refuses a request without a token with 401', async () => {
    const response = await t.app.request('/api/orders/get')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ detail: AUTHENTICATION_REQUIRED })
  })
})

describe('POST /api/orders/{id}/cancel', () => {
  it('cancels a pending order that never reached the upstream at once, with a full refund', async () => {
    const user = await customer(10)
    const order = await placedOrder(user.token)
    expect(await balanceOf(user.userId)).toBe(8_000_000)
    const response = await post(`/api/orders/${order.id}/cancel`, user.token)
    expect(response.status).toBe(200)
    expect(Order.parse(await response.json())).toMatchObject({ id: order.id, status: 'cancelled' })
    expect(await balanceOf(user.userId)).toBe(10_000_000)
    expect(await ledgerSum(t.db, user.userId)).toBe(10_000_000)
    const refund = await t.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('idempotency_key', '=', `order:${order.id}:refund`)
      .executeTakeFirstOrThrow()
    expect(refund).toMatchObject({ kind: 'refund', amount: 2_000_000, user_id: user.userId })
    const row = await t.db
      .selectFrom('orders')
      .select(['refunded', 'status'])
      .where('id', '=', Number(order.id))
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ refunded: 2_000_000, status: 'cancelled' })

    const again = await post(`/api/orders/${order.id}/cancel`, user.token)
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ detail: ORDER_NOT_CANCELLABLE })
    expect(await balanceOf(user.userId)).toBe(10_000_000)
  })

  it.each(['processing', 'pending-attempted'] as const)(
    'asks the upstream through one cancel-order job for a %s order, answering 202 with the order as it stands',
    async (state) => {
      const user = await customer(10)
      const order = await placedOrder(user.token)
      await t.db
        .updateTable('orders')
        .set(
          state === 'processing'
            ? { status: 'processing', upstream_order_id: 'up-1', upstream_attempted_at: t.clock.now() }
            : { upstream_attempted_at: t.clock.now() },
        )
        .where('id', '=', Number(order.id))
        .execute()
      const response = await post(`/api/orders/${order.id}/cancel`, user.token)
      expect(response.status).toBe(202)
      expect(Order.parse(await response.json())).toMatchObject({
        id: order.id,
        status: state === 'processing' ? 'processing' : 'pending',
      })
      // A second click while the first request is still queued asks nothing more.
      expect((await post(`/api/orders/${order.id}/cancel`, user.token)).status).toBe(202)
      const cancelJobs = (await jobsOf(Number(order.id))).filter((job) => job.kind === 'cancel-order')
      expect(cancelJobs).toEqual([
        expect.objectContaining({ unique_key: `order:${order.id}:cancel`, status: 'queued' }),
      ])
      // Once that attempt has run (the upstream refused), a new click asks again.
      await t.db
        .updateTable('jobs')
        .set({ status: 'done' })
        .where('id', '=', cancelJobs[0]?.id ?? 0)
        .execute()
      expect((await post(`/api/orders/${order.id}/cancel`, user.token)).status).toBe(202)
      const after = (await jobsOf(Number(order.id))).filter((job) => job.kind === 'cancel-order')
      expect(after.map((job) => job.unique_key)).toEqual([
        `order:${order.id}:cancel`,
        `order:${order.id}:cancel:2`,
      ])
      expect(await balanceOf(user.userId)).toBe(8_000_000)
    },
  )

  it.each(['completed', 'partial', 'paused', 'cancelled'] as const)(
    'refuses to cancel a %s order with 409',
    async (status) => {
      const user = await customer()
      const order = await placedOrder(user.token)
      await t.db.updateTable('orders').set({ status }).where('id', '=', Number(order.id)).execute()
      const response = await post(`/api/orders/${order.id}/cancel`, user.token)
      expect(response.status).toBe(409)
      expect(await response.json()).toEqual({ detail: ORDER_NOT_CANCELLABLE })
    },
  )

  it("answers 404 for another customer's order and leaves it alone", async () => {
    const owner = await customer(10)
    const order = await placedOrder(owner.token)
    const stranger = await customer()
    const response = await post(`/api/orders/${order.id}/cancel`, stranger.token)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ detail: ORDER_NOT_FOUND })
    expect(await balanceOf(owner.userId)).toBe(8_000_000)
  })

  it.each(['abc', '0', '-1', '1.5', '99999999999999999999', '999999'])(
    'answers 404 for the order id %s',
    async (id) => {
      const user = await customer()
      const response = await post(`/api/orders/${id}/cancel`, user.token)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ detail: ORDER_NOT_FOUND })
    },
  )

  it('refuses a request without a token with 401', async () => {
    const response = await post('/api/orders/1/cancel', null)
    expect(response.status).toBe(401)
  })
})

describe('POST /api/orders/retry/{id} and /api/orders/retry/all', () => {
  async function pausedOrder(token: string) {
    const order = await placedOrder(token)
    await t.db
      .updateTable('orders')
      .set({ status: 'paused', paused_reason: 'The provider did not answer' })
      .where('id', '=', Number(order.id))
      .execute()
    // The worker finished the first dispatch attempt when it paused the order.
    await t.db
      .updateTable('jobs')
      .set({ status: 'dead' })
      .where('unique_key', '=', `order:${order.id}:dispatch`)
      .execute()
    return order
  }

  it('puts a paused order back to pending, clears its reason and enqueues a new dispatch attempt', async () => {
    const user = await customer()
    const order = await pausedOrder(user.token)
    const response = await post(`/api/orders/retry/${order.id}`, user.token)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { message: string; order: unknown }
    expect(body.message).toBe(`Order ${order.id} has been queued for retry`)
    expect(Order.parse(body.order)).toMatchObject({ id: order.id, status: 'pending', paused_reason: null })
    const dispatches = (await jobsOf(Number(order.id))).filter((job) => job.kind === 'dispatch-order')
    expect(dispatches.map((job) => [job.unique_key, job.status])).toEqual([
      [`order:${order.id}:dispatch`, 'dead'],
      [`order:${order.id}:dispatch:2`, 'queued'],
    ])

    const again = await post(`/api/orders/retry/${order.id}`, user.token)
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ detail: ORDER_NOT_RETRYABLE })
  })

  it("answers 404 for another customer's paused order", async () => {
    const order = await pausedOrder((await customer()).token)
    const response = await post(`/api/orders/retry/${order.id}`, (await customer()).token)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ detail: ORDER_NOT_FOUND })
  })

  it('queues every paused order of the customer, and only those', async () => {
    const user = await customer()
    const first = await pausedOrder(user.token)
    const second = await pausedOrder(user.token)
    const pending = await placedOrder(user.token)
    const othersPaused = await pausedOrder((await customer()).token)

    const response = await post('/api/orders/retry/all', user.token)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { message: string; orders: unknown[] }
    expect(body.message).toBe('All paused orders have been queued for retry')
    expect(
      Order.array()
        .parse(body.orders)
        .map((order) => order.id),
    ).toEqual([first.id, second.id])
    const statuses = await t.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('id', 'in', [first.id, second.id, pending.id, othersPaused.id].map(Number))
      .orderBy('id')
      .execute()
    expect(statuses.map((row) => row.status)).toEqual(['pending', 'pending', 'pending', 'paused'])

    const none = await post('/api/orders/retry/all', user.token)
    expect(none.status).toBe(200)
    expect(await none.json()).toEqual({ message: NO_PAUSED_ORDERS, orders: [] })
  })

  it('refuses requests without a token with 401', async () => {
    expect((await post('/api/orders/retry/all', null)).status).toBe(401)
    expect((await post('/api/orders/retry/1', null)).status).toBe(401)
  })
})
