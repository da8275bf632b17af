import { chargeMicros, Order as ApiOrder } from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '../src/db/schema'
import {
  applyUpstreamStatus,
  cancelRefusedNote,
  NO_PROVIDER,
  PROVIDER_DISABLED,
  PLACEMENT_UNCONFIRMED,
  providerRefusedReason,
  providerUnreachableReason,
  resolveUnconfirmedPlacement,
  syncProcessingOrders,
  unknownStatusReason,
} from '../src/domain/fulfilment'
import { ledgerSum, undeliveredRefundMicros } from '../src/domain/ledger'
import { mapService } from '../src/domain/providers'
import { authed, fund, signUp, type SignedUp } from './support/app'
import { uniqueLink } from './support/services'
import { type FulfilmentHarness, startFulfilmentHarness } from './fulfilment/harness'

// The order lifecycle end to end: orders placed through the API, the worker's jobs, the SMM client over real
// HTTP and the simulator moving orders along a controlled clock.

let h: FulfilmentHarness
/** Simulator services (simulator/catalogue.ts): 2 likes (cancellable), 3 views (min 100, not cancellable). */
const LIKES_RATE = 900_000
const VIEWS_RATE = 120_000
/** A rate whose charges do not divide evenly, for the rounding of refunds. */
const RETWEETS_RATE = 1_234_567

beforeAll(async () => {
  // A client timeout well under the simulator's slow answers, so `sim=slow` reads as "no answer".
  h = await startFulfilmentHarness({ upstreamTimeoutMs: 2000, knobs: { slowDelayMs: 4000 } })
  await h.addMappedService('likes', LIKES_RATE, '2')
  await h.addMappedService('views', VIEWS_RATE, '3')
  await h.addMappedService('retweets', RETWEETS_RATE, '4')
  await h.addMappedService('ai_comments', 45_000_000, '6', { isAi: true })
  // Mapped by the operator only later, in the test about unmapped services.
  await h.t.db
    .insertInto('services')
    .values({
      name: 'follows',
      category: 'test',
      description: '',
      rate_per_1k: 2_800_000,
      min_quantity: 1,
      max_quantity: 10_000,
      provider_id: null,
      remote_service_id: null,
      created_at: 0,
      updated_at: 0,
    })
    .execute()
})

afterAll(async () => {
  await h.close()
})

async function customer(usd = 100): Promise<SignedUp> {
  const user = await signUp(h.t)
  await fund(h.t.db, user.userId, usd)
  return user
}

async function placeOrder(
  user: SignedUp,
  fields: { service_type: string; target_url: string; quantity: number },
): Promise<ApiOrder> {
  const response = await h.t.app.request('/api/orders/create', {
    method: 'POST',
    headers: authed(user.token),
    body: JSON.stringify(fields),
  })
  expect(response.status).toBe(201)
  return ApiOrder.parse(await response.json())
}

async function post(user: SignedUp, path: string): Promise<Response> {
  return h.t.app.request(path, { method: 'POST', headers: authed(user.token) })
}

async function orderRow(orderId: string | number): Promise<Order> {
  return h.t.db.selectFrom('orders').selectAll().where('id', '=', Number(orderId)).executeTakeFirstOrThrow()
}

async function balanceOf(user: SignedUp): Promise<number> {
  const row = await h.t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', user.userId)
    .executeTakeFirstOrThrow()
  return row.balance
}

async function refundEntries(orderId: string | number) {
  return h.t.db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('reference', '=', `order:${orderId}`)
    .where('kind', '=', 'refund')
    .execute()
}

/** Moves the clock `steps` simulator steps on, running whatever becomes due (the sync among it). */
async function advanceSteps(steps: number): Promise<void> {
  for (let step = 0; step < steps; step += 1) {
    h.t.clock.advance(h.stepMs)
    await h.worker.drain()
  }
}

const FUNDED_MICROS = 100_000_000

describe('placing and following an order', () => {
  it('sends a pending order upstream once, then follows it through processing to completed', async () => {
    const user = await customer()
    const link = uniqueLink()
    const order = await placeOrder(user, { service_type: 'likes', target_url: link, quantity: 200 })
    expect(order.status).toBe('pending')

    await h.worker.drain()
    const placed = await orderRow(order.id)
    expect(placed.status).toBe('processing')
    expect(placed.upstream_order_id).not.toBeNull()
    expect(placed.upstream_attempted_at).not.toBeNull()
    expect(placed.provider_id).toBe(h.provider.id)
    expect(h.addsFor(link)).toBe(1)
    const upstream = h.simulator.order(Number(placed.upstream_order_id))
    expect(upstream).toMatchObject({ link, quantity: 200, service: 2 })

    await advanceSteps(2)
    const running = await orderRow(order.id)
    expect(running).toMatchObject({ status: 'processing', remains: 100, start_count: upstream!.startCount })

    await advanceSteps(3)
    const listed = await h.t.app.request('/api/orders/get', { headers: authed(user.token) })
    const [shown] = (await listed.json()) as ApiOrder[]
    expect(shown).toMatchObject({ id: order.id, status: 'completed', remains: 0 })
    expect(await orderRow(order.id)).toMatchObject({ status: 'completed', refunded: 0 })
    expect(await balanceOf(user)).toBe(FUNDED_MICROS - chargeMicros(LIKES_RATE, 200))
    expect(h.addsFor(link)).toBe(1)
  })

  it('refunds the undelivered remainder of a partial order pro rata, rounded down, once', async () => {
    const user = await customer()
    const quantity = 333
    const order = await placeOrder(user, {
      service_type: 'retweets',
      target_url: `${uniqueLink()}?sim=partial`,
      quantity,
    })
    await advanceSteps(6)
    // The simulator leaves round(333 × 0.4) = 133 undelivered.
    const charge = chargeMicros(RETWEETS_RATE, quantity)
    const expectedRefund = Number((BigInt(charge) * 133n) / BigInt(quantity))
    expect(expectedRefund).toBeLessThan((charge * 133) / quantity)

    const ended = await orderRow(order.id)
    expect(ended).toMatchObject({ status: 'partial', remains: 133, refunded: expectedRefund })
    await advanceSteps(5)
    const entries = await refundEntries(order.id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ amount: expectedRefund, idempotency_key: `order:${order.id}:refund` })
    expect(await balanceOf(user)).toBe(FUNDED_MICROS - charge + expectedRefund)
    expect(await ledgerSum(h.t.db, user.userId)).toBe(await balanceOf(user))
  })

  it('refunds what was not delivered when the provider cancels an order', async () => {
    const user = await customer()
    const order = await placeOrder(user, {
      service_type: 'likes',
      target_url: `${uniqueLink()}?sim=cancel`,
      quantity: 120,
    })
    await advanceSteps(2)

    const charge = chargeMicros(LIKES_RATE, 120)
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', remains: 120, refunded: charge })
    expect(await balanceOf(user)).toBe(FUNDED_MICROS)
    expect(await refundEntries(order.id)).toHaveLength(1)
  })

  it('applies a refund once however often, and however concurrently, the same answer is applied', async () => {
    const user = await customer()
    const order = await placeOrder(user, {
      service_type: 'likes',
      target_url: `${uniqueLink()}?sim=partial`,
      quantity: 100,
    })
    await h.worker.drain()
    const processing = await orderRow(order.id)
    h.t.clock.advance(h.stepMs * 5)
    const status = await h.deps.clientFor(h.provider).status(Number(processing.upstream_order_id))
    expect(status).toMatchObject({ status: 'Partial', remains: 40 })

    const outcomes = await Promise.all([
      ...Array.from({ length: 4 }, () => applyUpstreamStatus(h.deps, processing, status)),
      syncProcessingOrders(h.deps),
      syncProcessingOrders(h.deps),
    ])

    expect(outcomes.slice(0, 4).filter((outcome) => outcome === 'partial').length).toBeLessThanOrEqual(1)
    const refund = undeliveredRefundMicros(processing.charge, 100, 40)
    expect(await refundEntries(order.id)).toHaveLength(1)
    expect(await orderRow(order.id)).toMatchObject({ status: 'partial', refunded: refund })
    expect(await balanceOf(user)).toBe(FUNDED_MICROS - processing.charge + refund)
    await h.worker.drain()
  })

  it('asks the provider about many orders in calls of at most 100', async () => {
    const user = await customer(1000)
    const orders: ApiOrder[] = []
    for (const count of [100, 50]) {
      const response = await h.t.app.request('/api/orders/mass', {
        method: 'POST',
        headers: authed(user.token),
        body: JSON.stringify({
          items: Array.from({ length: count }, () => ({ type: 'likes', url: uniqueLink(), quantity: 10 })),
        }),
      })
      expect(response.status).toBe(201)
      orders.push(...((await response.json()) as { newOrders: ApiOrder[] }).newOrders)
    }
    await h.worker.drain()
    h.simulator.clearCalls()

    await advanceSteps(1)
    const statusCalls = h.simulator.calls().filter((call) => call.action === 'status')
    const idsPerCall = statusCalls.map((call) => (call.fields.orders ?? '').split(',').length)
    expect(Math.max(...idsPerCall)).toBeLessThanOrEqual(100)
    expect(idsPerCall.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(150)

    await advanceSteps(4)
    const statuses = await h.t.db
      .selectFrom('orders')
      .select('status')
      .distinct()
      .where(
        'id',
        'in',
        orders.map((order) => Number(order.id)),
      )
      .execute()
    expect(statuses).toEqual([{ status: 'completed' }])
  })
})

describe('cancelling', () => {
  it('asks the provider to cancel a processing order and refunds the part it did not deliver', async () => {
    const user = await customer()
    const order = await placeOrder(user, { service_type: 'likes', target_url: uniqueLink(), quantity: 100 })
    await h.worker.drain()
    await advanceSteps(2)
    expect(await orderRow(order.id)).toMatchObject({ status: 'processing', remains: 50 })

    const response = await post(user, `/api/orders/${order.id}/cancel`)
    expect(response.status).toBe(202)
    await h.worker.drain()

    const charge = chargeMicros(LIKES_RATE, 100)
    const refund = Number((BigInt(charge) * 50n) / 100n)
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', remains: 50, refunded: refund })
    expect(h.simulator.calls().filter((call) => call.action === 'cancel')).toHaveLength(1)
    await advanceSteps(3)
    expect(await refundEntries(order.id)).toHaveLength(1)
    expect(await balanceOf(user)).toBe(FUNDED_MICROS - charge + refund)
  })

  it('keeps an order processing and shows why when the provider refuses to cancel it', async () => {
    const user = await customer()
    const order = await placeOrder(user, { service_type: 'views', target_url: uniqueLink(), quantity: 1000 })
    await h.worker.drain()

    expect((await post(user, `/api/orders/${order.id}/cancel`)).status).toBe(202)
    await h.worker.drain()

    const refused = await orderRow(order.id)
    expect(refused).toMatchObject({
      status: 'processing',
      paused_reason: cancelRefusedNote('Cancel is not available for this service'),
      refunded: 0,
    })
    const listed = await h.t.app.request('/api/orders/get', { headers: authed(user.token) })
    expect(((await listed.json()) as ApiOrder[])[0]?.paused_reason).toBe(refused.paused_reason)

    await advanceSteps(5)
    expect(await orderRow(order.id)).toMatchObject({ status: 'completed', paused_reason: null, refunded: 0 })
  })
})

describe('failures', () => {
  it('pauses an order the provider refuses, with its reason and no money moved, and a retry sends it again', async () => {
    const user = await customer()
    const link = uniqueLink()
    // Our limits say 100 at least (mapped from the simulator), but the order was placed under older limits.
    await h.t.db.updateTable('services').set({ min_quantity: 1 }).where('name', '=', 'views').execute()
    const order = await placeOrder(user, { service_type: 'views', target_url: link, quantity: 50 })
    await h.worker.drain()

    const paused = await orderRow(order.id)
    expect(paused).toMatchObject({
      status: 'paused',
      paused_reason: providerRefusedReason('Quantity less than minimal 100'),
      upstream_attempted_at: null,
      upstream_order_id: null,
      refunded: 0,
    })
    expect(await balanceOf(user)).toBe(FUNDED_MICROS - paused.charge)

    expect((await post(user, `/api/orders/retry/${order.id}`)).status).toBe(200)
    await h.worker.drain()
    expect(h.addsFor(link)).toBe(2)
    expect(await orderRow(order.id)).toMatchObject({ status: 'paused' })
    await h.t.db.updateTable('services').set({ min_quantity: 100 }).where('name', '=', 'views').execute()
  })

  it('holds an order whose provider reports a status word it does not know, moving no money, and stops polling it', async () => {
    const user = await customer()
    const order = await placeOrder(user, {
      service_type: 'likes',
      target_url: `${uniqueLink()}?sim=refunded`,
      quantity: 120,
    })
    await advanceSteps(6)
    const held = await orderRow(order.id)
    expect(held).toMatchObject({
      status: 'paused',
      paused_reason: unknownStatusReason('Refunded'),
      refunded: 0,
    })
    expect(held.paused_reason).toContain('"Refunded"')
    expect(await refundEntries(order.id)).toHaveLength(0)
    expect(await balanceOf(user)).toBe(FUNDED_MICROS - held.charge)

    h.simulator.clearCalls()
    await advanceSteps(2)
    const asked = h.simulator
      .calls()
      .filter((call) => call.action === 'status')
      .flatMap((call) => [call.fields.order, ...(call.fields.orders ?? '').split(',')])
    expect(asked).not.toContain(held.upstream_order_id)
  })

  it("shows a provider's status word to nobody unfiltered", () => {
    const reason = unknownStatusReason(`Refun\u0000ded\u001b[31m${'x'.repeat(100)}`)
    expect(reason).not.toMatch(/\p{Cc}/u)
    expect(reason).toContain(`"Refunded[31m${'x'.repeat(28)}"`)
  })

  it('pauses an order of a service whose provider is disabled, and says so', async () => {
    const user = await customer()
    const link = uniqueLink()
    await h.t.db.updateTable('providers').set({ enabled: 0 }).where('name', '=', 'Simulator').execute()
    try {
      const order = await placeOrder(user, { service_type: 'likes', target_url: link, quantity: 20 })
      await h.worker.drain()
      expect(await orderRow(order.id)).toMatchObject({ status: 'paused', paused_reason: PROVIDER_DISABLED })
      expect(PROVIDER_DISABLED).not.toBe(NO_PROVIDER)
      expect(h.addsFor(link)).toBe(0)
    } finally {
      await h.t.db.updateTable('providers').set({ enabled: 1 }).where('name', '=', 'Simulator').execute()
    }
  })

  it('pauses an order of a service with no provider, and sends it once the operator maps the service', async () => {
    const user = await customer()
    const link = uniqueLink()
    const order = await placeOrder(user, { service_type: 'follows', target_url: link, quantity: 20 })
    await h.worker.drain()
    expect(await orderRow(order.id)).toMatchObject({ status: 'paused', paused_reason: NO_PROVIDER })
    expect(h.addsFor(link)).toBe(0)

    await mapService(h.t.db, {
      serviceName: 'follows',
      providerName: 'Simulator',
      remoteServiceId: '5',
      now: h.t.clock.now(),
    })
    expect((await post(user, '/api/orders/retry/all')).status).toBe(200)
    await h.worker.drain()
    expect(await orderRow(order.id)).toMatchObject({ status: 'processing', paused_reason: null })
    expect(h.addsFor(link)).toBe(1)
  })

  it('retries a provider that fails with backoff, then pauses the order with the reason, sending nothing twice', async () => {
    const user = await customer()
    const link = `${uniqueLink()}?sim=error`
    const order = await placeOrder(user, { service_type: 'likes', target_url: link, quantity: 10 })

    await h.worker.drain()
    const job = await h.t.db
      .selectFrom('jobs')
      .selectAll()
      .where('unique_key', '=', `order:${order.id}:dispatch`)
      .executeTakeFirstOrThrow()
    expect(job).toMatchObject({ status: 'queued', attempts: 1, last_error: 'HTTP 500 on add' })
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', upstream_attempted_at: null })

    for (let round = 0; round < job.max_attempts; round += 1) {
      h.t.clock.advance(8000)
      await h.worker.drain()
    }
    expect(await orderRow(order.id)).toMatchObject({
      status: 'paused',
      paused_reason: providerUnreachableReason('HTTP 500 on add'),
      upstream_attempted_at: null,
    })
    expect(h.addsFor(link)).toBe(job.max_attempts)
    // The provider answered 500 every time and placed nothing.
    expect(h.upstreamOrderFor(link)).toBeUndefined()
    const dead = await h.t.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow()
    expect(dead).toMatchObject({ status: 'dead', last_error: 'HTTP 500 on add' })
  })

  it('pauses an order whose add got no answer for review, and never sends it again on retry', async () => {
    const user = await customer()
    const link = `${uniqueLink()}?sim=slow`
    const order = await placeOrder(user, { service_type: 'likes', target_url: link, quantity: 30 })
    await h.worker.drain()

    const unconfirmed = await orderRow(order.id)
    expect(unconfirmed).toMatchObject({
      status: 'paused',
      paused_reason: PLACEMENT_UNCONFIRMED,
      upstream_order_id: null,
    })
    expect(unconfirmed.upstream_attempted_at).not.toBeNull()
    expect(h.addsFor(link)).toBe(1)

    expect((await post(user, `/api/orders/retry/${order.id}`)).status).toBe(200)
    await h.worker.drain()
    expect(await orderRow(order.id)).toMatchObject({ status: 'paused', paused_reason: PLACEMENT_UNCONFIRMED })
    expect(h.addsFor(link)).toBe(1)

    // An operator finds the order on the provider's side and records it; from then on it is synced.
    const upstreamOrder = h.upstreamOrderFor(link)
    expect(upstreamOrder).toBeDefined()
    await resolveUnconfirmedPlacement(h.t.db, {
      orderId: Number(order.id),
      upstreamOrderId: String(upstreamOrder!.id),
      now: h.t.clock.now(),
    })
    h.simulator.setKnobs({ slowDelayMs: 0 })
    await advanceSteps(5)
    h.simulator.setKnobs({ slowDelayMs: 4000 })
    expect(await orderRow(order.id)).toMatchObject({
      status: 'completed',
      upstream_order_id: String(upstreamOrder!.id),
    })
    expect(h.addsFor(link)).toBe(1)
  })
})

describe('AI orders', () => {
  it('wait in pending for their texts, then send them as the comments of the order', async () => {
    const user = await customer()
    const link = uniqueLink()
    const order = await placeOrder(user, { service_type: 'ai_comments', target_url: link, quantity: 2 })
    await h.worker.drain()

    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', upstream_attempted_at: null })
    const job = await h.t.db
      .selectFrom('jobs')
      .selectAll()
      .where('unique_key', '=', `order:${order.id}:dispatch`)
      .executeTakeFirstOrThrow()
    expect(job).toMatchObject({ status: 'queued', attempts: 0 })
    expect(h.addsFor(link)).toBe(0)

    h.texts.set(Number(order.id), ['First reply', 'Second reply'])
    h.t.clock.advance(5000)
    await h.worker.drain()

    const placed = await orderRow(order.id)
    expect(placed.status).toBe('processing')
    const [add] = h.simulator.calls().filter((call) => call.action === 'add' && call.fields.link === link)
    // As the published Custom Comments call: the comments give the quantity, none is sent.
    expect(add?.fields).toMatchObject({ service: '6', comments: 'First reply\nSecond reply' })
    expect(add?.fields).not.toHaveProperty('quantity')
    expect(h.simulator.order(Number(placed.upstream_order_id))?.comments).toEqual([
      'First reply',
      'Second reply',
    ])
  })
})
