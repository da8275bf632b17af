import { chargeMicros, Order as ApiOrder } from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderRun } from '../src/db/schema'
import { runShares } from '../src/domain/drip-feed'
import { dispatchRun, PLACEMENT_UNCONFIRMED } from '../src/domain/fulfilment'
import { ledgerSum, undeliveredRefundMicros } from '../src/domain/ledger'
import { uniqueLink } from './support/services'
import { type Customer, RATES, type RunningPanel, startRunningPanel } from './v2-client/running-panel'

// Drip-feed orders end to end: placed through the panel's API and API v2 over HTTP, each run placed with the
// simulator (over HTTP) when its job is due on the controlled clock, synced, cancelled and refunded through the
// ledger. One simulator step is 20 seconds, so a run (5 steps) ends within 100 s, before the next one is due.

const STEP_MS = 20_000
const MINUTE_MS = 60_000
let p: RunningPanel

beforeAll(async () => {
  p = await startRunningPanel({ stepMs: STEP_MS })
})
afterAll(async () => {
  await p.close()
})

async function placeDripFeed(
  customer: Customer,
  fields: { target_url: string; quantity: number; runs: number; interval: number; service_type?: string },
): Promise<ApiOrder> {
  const response = await p.panel(customer, 'POST', '/api/orders/create', { service_type: 'likes', ...fields })
  expect(response.status).toBe(201)
  return ApiOrder.parse(await response.json())
}

async function shownOrder(customer: Customer, orderId: string): Promise<ApiOrder> {
  const response = await p.panel(customer, 'GET', '/api/orders/get')
  const orders = (await response.json()) as ApiOrder[]
  const found = orders.find((order) => order.id === orderId)
  if (!found) throw new Error(`Order ${orderId} is not listed`)
  return ApiOrder.parse(found)
}

async function runsOf(orderId: string | number): Promise<OrderRun[]> {
  return p.h.t.db
    .selectFrom('order_runs')
    .selectAll()
    .where('order_id', '=', Number(orderId))
    .orderBy('run')
    .execute()
}

async function balanceOf(customer: Customer): Promise<number> {
  const row = await p.h.t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', customer.user.userId)
    .executeTakeFirstOrThrow()
  return Number(row.balance)
}

async function ledgerOf(orderId: string | number) {
  return p.h.t.db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('reference', '=', `order:${orderId}`)
    .orderBy('id')
    .execute()
}

async function expectBalanceIsLedger(customer: Customer): Promise<void> {
  expect(await ledgerSum(p.h.t.db, customer.user.userId)).toBe(await balanceOf(customer))
}

/** Moves the clock `ms` on in simulator steps, running whatever becomes due. */
async function advance(ms: number): Promise<void> {
  await p.advanceSteps(Math.round(ms / STEP_MS))
}

const FUNDED = 100_000_000

describe('a drip-feed order', () => {
  it('is charged once for every run, then sends each run as its own upstream order when it is due', async () => {
    const customer = await p.customer()
    const link = uniqueLink()
    const order = await placeDripFeed(customer, { target_url: link, quantity: 100, runs: 3, interval: 2 })
    const charge = chargeMicros(RATES.likes, 300)
    expect(order).toMatchObject({ status: 'pending', quantity: 300, charge: charge / 1e6 })
    expect(order.drip_feed).toEqual({
      runs: 3,
      interval: 2,
      run: 0,
      next_run_at: order.created_at,
      delivered: 0,
    })
    const entries = await ledgerOf(order.id)
    expect(entries).toMatchObject([{ kind: 'order_payment', amount: -charge }])
    expect(await balanceOf(customer)).toBe(FUNDED - charge)

    await p.worker.drain()
    expect(p.h.addsFor(link)).toBe(1)
    const first = await shownOrder(customer, order.id)
    expect(first.status).toBe('processing')
    expect(first.drip_feed).toMatchObject({
      run: 1,
      next_run_at: new Date(Date.parse(order.created_at) + 2 * MINUTE_MS).toISOString(),
    })
    expect(p.h.upstreamOrderFor(link)).toMatchObject({ quantity: 100 })

    // Just before the second run is due nothing more is sent; at its time it is.
    await advance(2 * MINUTE_MS - STEP_MS)
    expect(p.h.addsFor(link)).toBe(1)
    expect((await shownOrder(customer, order.id)).drip_feed).toMatchObject({ run: 1, delivered: 100 })
    await advance(STEP_MS)
    expect(p.h.addsFor(link)).toBe(2)
    await advance(2 * MINUTE_MS)
    expect(p.h.addsFor(link)).toBe(3)
    expect((await shownOrder(customer, order.id)).drip_feed).toMatchObject({ run: 3, next_run_at: null })

    await advance(2 * MINUTE_MS)
    const ended = await shownOrder(customer, order.id)
    expect(ended).toMatchObject({ status: 'completed', remains: 0 })
    expect(ended.drip_feed).toMatchObject({ run: 3, delivered: 300 })
    expect((await runsOf(order.id)).map((run) => run.status)).toEqual(['completed', 'completed', 'completed'])
    expect(await ledgerOf(order.id)).toHaveLength(1)
    expect(await balanceOf(customer)).toBe(FUNDED - charge)
    await expectBalanceIsLedger(customer)
    // Later rounds place nothing more.
    await advance(10 * MINUTE_MS)
    expect(p.h.addsFor(link)).toBe(3)
  })

  it('ends partial when runs deliver part, each run refunded its undelivered share once', async () => {
    const customer = await p.customer()
    const link = `${uniqueLink()}?sim=partial`
    const order = await placeDripFeed(customer, { target_url: link, quantity: 100, runs: 2, interval: 1 })
    const charge = chargeMicros(RATES.likes, 200)
    await p.worker.drain()
    await advance(6 * MINUTE_MS)

    const shares = runShares(charge, 2)
    // The simulator leaves 40 of each run's 100 undelivered.
    const refunds = shares.map((share) => undeliveredRefundMicros(share, 100, 40))
    const ended = await shownOrder(customer, order.id)
    expect(ended).toMatchObject({ status: 'partial', remains: 80 })
    expect(ended.drip_feed).toMatchObject({ delivered: 120 })
    const entries = await ledgerOf(order.id)
    expect(entries.filter((entry) => entry.kind === 'refund')).toMatchObject([
      { amount: refunds[0], idempotency_key: `order:${order.id}:run:1:refund` },
      { amount: refunds[1], idempotency_key: `order:${order.id}:run:2:refund` },
    ])
    const row = await p.h.t.db
      .selectFrom('orders')
      .select('refunded')
      .where('id', '=', Number(order.id))
      .executeTakeFirstOrThrow()
    expect(Number(row.refunded)).toBe(refunds[0]! + refunds[1]!)
    expect(await balanceOf(customer)).toBe(FUNDED - charge + refunds[0]! + refunds[1]!)
    await expectBalanceIsLedger(customer)
  })

  it('stops the remaining runs on cancel, refunding exactly the runs not sent', async () => {
    const customer = await p.customer()
    const link = uniqueLink()
    const order = await placeDripFeed(customer, { target_url: link, quantity: 100, runs: 4, interval: 10 })
    const charge = chargeMicros(RATES.likes, 400)
    const shares = runShares(charge, 4)
    await p.worker.drain()
    await advance(10 * MINUTE_MS)
    await advance(3 * MINUTE_MS)
    expect(p.h.addsFor(link)).toBe(2)
    expect((await runsOf(order.id)).map((run) => run.status)).toEqual([
      'completed',
      'completed',
      'scheduled',
      'scheduled',
    ])

    const response = await p.panel(customer, 'POST', `/api/orders/${order.id}/cancel`)
    expect(response.status).toBe(200)
    const cancelled = ApiOrder.parse(await response.json())
    expect(cancelled).toMatchObject({ status: 'cancelled', remains: 200 })
    expect(cancelled.drip_feed).toMatchObject({ run: 2, next_run_at: null, delivered: 200 })
    const refunds = (await ledgerOf(order.id)).filter((entry) => entry.kind === 'refund')
    expect(refunds.map((entry) => [entry.idempotency_key, entry.amount])).toEqual([
      [`order:${order.id}:run:3:refund`, shares[2]],
      [`order:${order.id}:run:4:refund`, shares[3]],
    ])
    expect(await balanceOf(customer)).toBe(FUNDED - shares[0]! - shares[1]!)

    await advance(30 * MINUTE_MS)
    expect(p.h.addsFor(link)).toBe(2)
    expect((await ledgerOf(order.id)).filter((entry) => entry.kind === 'refund')).toHaveLength(2)
    await expectBalanceIsLedger(customer)
  })

  it('asks the provider to cancel the run it has, refunding what that run did not deliver', async () => {
    const customer = await p.customer()
    const link = uniqueLink()
    const order = await placeDripFeed(customer, { target_url: link, quantity: 100, runs: 3, interval: 10 })
    const charge = chargeMicros(RATES.likes, 300)
    const shares = runShares(charge, 3)
    await p.worker.drain()
    await advance(2 * STEP_MS)

    const response = await p.panel(customer, 'POST', `/api/orders/${order.id}/cancel`)
    expect(response.status).toBe(202)
    expect(ApiOrder.parse(await response.json()).status).toBe('processing')
    await p.worker.drain()

    const runs = await runsOf(order.id)
    expect(runs.map((run) => run.status)).toEqual(['cancelled', 'cancelled', 'cancelled'])
    const firstRemains = runs[0]!.remains ?? 0
    expect(firstRemains).toBeGreaterThan(0)
    const firstRefund = undeliveredRefundMicros(shares[0]!, 100, firstRemains)
    const ended = await shownOrder(customer, order.id)
    expect(ended).toMatchObject({ status: 'cancelled', remains: firstRemains + 200 })
    expect(await balanceOf(customer)).toBe(FUNDED - charge + firstRefund + shares[1]! + shares[2]!)
    await advance(25 * MINUTE_MS)
    expect(p.h.addsFor(link)).toBe(1)
    await expectBalanceIsLedger(customer)
  })

  it('never places a run twice: a run job run again, even at once, sends it once', async () => {
    const customer = await p.customer()
    const link = uniqueLink()
    const order = await placeDripFeed(customer, { target_url: link, quantity: 100, runs: 3, interval: 1 })
    await p.worker.drain()
    expect(p.h.addsFor(link)).toBe(1)
    // The first run's job again, as after a crash once its upstream id was stored.
    expect(await dispatchRun(p.h.deps, Number(order.id), 1)).toEqual({ outcome: 'already-placed' })

    // Two workers running the second run's job at the same time.
    p.h.t.clock.advance(MINUTE_MS)
    const outcomes = await Promise.all([
      dispatchRun(p.h.deps, Number(order.id), 2),
      dispatchRun(p.h.deps, Number(order.id), 2),
    ])
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['not-due', 'placed'])
    expect(p.h.addsFor(link)).toBe(2)
    await p.worker.drain()
    expect(p.h.addsFor(link)).toBe(2)

    // A crash after the third run's attempt was committed but before `add` answered: it may exist upstream, so
    // it is held for review and never sent again.
    await p.h.t.db
      .updateTable('order_runs')
      .set({ upstream_attempted_at: p.h.t.clock.now() })
      .where('order_id', '=', Number(order.id))
      .where('run', '=', 3)
      .execute()
    await advance(MINUTE_MS)
    expect(p.h.addsFor(link)).toBe(2)
    const runs = await runsOf(order.id)
    expect(runs[2]).toMatchObject({ status: 'paused', note: PLACEMENT_UNCONFIRMED, refunded: 0 })
    const shown = await shownOrder(customer, order.id)
    expect(shown.paused_reason).toBe(`Run 3: ${PLACEMENT_UNCONFIRMED}`)
    await expectBalanceIsLedger(customer)
  })

  it('refuses a drip-feed the rules do not allow, by the field, placing nothing', async () => {
    const customer = await p.customer(1)
    const cases: [Record<string, unknown>, number, Record<string, string>][] = [
      [{ runs: 1, interval: 5 }, 422, { runs: 'Runs must be a whole number from 2 to 100' }],
      [{ runs: 101, interval: 5 }, 422, { runs: 'Runs must be a whole number from 2 to 100' }],
      [{ runs: 3 }, 422, { interval: 'Interval must be a whole number of minutes from 1 to 1440' }],
      [
        { runs: 3, interval: 0 },
        422,
        { interval: 'Interval must be a whole number of minutes from 1 to 1440' },
      ],
      [
        { runs: 3, interval: 1441 },
        422,
        { interval: 'Interval must be a whole number of minutes from 1 to 1440' },
      ],
      [{ interval: 5 }, 422, { runs: 'Runs must be a whole number from 2 to 100' }],
    ]
    for (const [dripFeed, status, fields] of cases) {
      const response = await p.panel(customer, 'POST', '/api/orders/create', {
        service_type: 'likes',
        target_url: uniqueLink(),
        quantity: 100,
        ...dripFeed,
      })
      expect(response.status, JSON.stringify(dripFeed)).toBe(status)
      const body = (await response.json()) as { detail: unknown; fields?: Record<string, string> }
      expect(JSON.stringify(body), JSON.stringify(dripFeed)).toContain(Object.values(fields)[0])
    }
    // The service's limits hold each run; the balance must cover every run.
    await p.h.t.db.updateTable('services').set({ max_quantity: 500 }).where('name', '=', 'likes').execute()
    try {
      const tooMany = await p.panel(customer, 'POST', '/api/orders/create', {
        service_type: 'likes',
        target_url: uniqueLink(),
        quantity: 600,
        runs: 2,
        interval: 5,
      })
      expect(tooMany.status).toBe(422)
      const fine = await p.panel(customer, 'POST', '/api/orders/create', {
        service_type: 'likes',
        target_url: uniqueLink(),
        quantity: 500,
        runs: 10,
        interval: 5,
      })
      // 5,000 likes cost 4.50 USD: more than the 1 USD in the wallet.
      expect(fine.status).toBe(402)
    } finally {
      await p.h.t.db
        .updateTable('services')
        .set({ max_quantity: 10_000 })
        .where('name', '=', 'likes')
        .execute()
    }
    const aiDrip = await p.panel(customer, 'POST', '/api/orders/create', {
      service_type: 'ai_comments',
      target_url: uniqueLink(),
      quantity: 10,
      runs: 2,
      interval: 5,
    })
    expect(aiDrip.status).toBe(422)
    expect(JSON.stringify(await aiDrip.json())).toContain('Drip-feed is not available for AI services')
    const placed = await p.h.t.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', customer.user.userId)
      .execute()
    expect(placed).toEqual([])
    expect(await balanceOf(customer)).toBe(1_000_000)
  })
})

describe('API v2 drip-feed', () => {
  it('adds a drip-feed order with runs and interval, and reports its status as panels do', async () => {
    const customer = await p.customer()
    const link = uniqueLink()
    const added = (
      await customer.api.raw({
        action: 'add',
        service: String(p.services.likes),
        link,
        quantity: '100',
        runs: '2',
        interval: '1',
      })
    ).body as { order: number }
    expect(added).toEqual({ order: expect.any(Number) })
    const charge = chargeMicros(RATES.likes, 200)
    expect(await customer.api.status(added.order)).toEqual({
      charge: '0.18',
      start_count: '0',
      status: 'Pending',
      remains: '200',
      currency: 'USD',
    })
    expect(charge).toBe(180_000)
    await p.worker.drain()
    await advance(MINUTE_MS)
    expect(p.h.addsFor(link)).toBe(2)
    expect(await customer.api.status(added.order)).toMatchObject({ status: 'In progress' })
    await advance(3 * MINUTE_MS)
    const upstreamStart = p.h.upstreamOrderFor(link)?.startCount
    expect(await customer.api.status(added.order)).toEqual({
      charge: '0.18',
      start_count: String(upstreamStart),
      status: 'Completed',
      remains: '0',
      currency: 'USD',
    })
    await expectBalanceIsLedger(customer)
  })

  it('refuses runs and interval out of range with the protocol error', async () => {
    const customer = await p.customer(5)
    const refusals: [Record<string, string>, string][] = [
      [{ runs: '1', interval: '10' }, 'Incorrect runs: a whole number from 2 to 100'],
      [{ runs: '101', interval: '10' }, 'Incorrect runs: a whole number from 2 to 100'],
      [{ runs: 'two', interval: '10' }, 'Incorrect runs: a whole number from 2 to 100'],
      [{ runs: '3' }, 'Incorrect interval: a whole number of minutes from 1 to 1440'],
      [{ runs: '3', interval: '1441' }, 'Incorrect interval: a whole number of minutes from 1 to 1440'],
      [{ interval: '15' }, 'Incorrect runs: a whole number from 2 to 100'],
    ]
    for (const [fields, error] of refusals) {
      const answer = await customer.api.raw({
        action: 'add',
        service: String(p.services.likes),
        link: uniqueLink(),
        quantity: '100',
        ...fields,
      })
      expect(answer.body, JSON.stringify(fields)).toEqual({ error })
    }
    const ai = await customer.api.raw({
      action: 'add',
      service: String(p.services.aiComments),
      link: uniqueLink(),
      quantity: '10',
      runs: '2',
      interval: '5',
    })
    expect(ai.body).toEqual({ error: 'Drip-feed is not available for this service' })
    expect(await customer.api.balance()).toEqual({ balance: '5.00', currency: 'USD' })
  })
})
