import type { Subscription as ApiSubscription } from '@engage/contract'
import { chargeMicros } from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { placeDueSubscriptionPeriods, skippedPeriodNote } from '../src/domain/subscription-periods'
import { authed, fund, signUp, type SignedUp } from './support/app'
import { uniqueLink } from './support/services'
import { type FulfilmentHarness, startFulfilmentHarness } from './fulfilment/harness'

// Subscriptions over a controlled clock: each period is placed and charged at its time by the worker's
// recurring `subscription-periods` job, until the last one.

const DAY_MS = 24 * 60 * 60 * 1000
const MINUTE_MS = 60 * 1000
const RATE = 2_000_000
const QUANTITY = 50
const PERIOD_CHARGE = chargeMicros(RATE, QUANTITY)

let h: FulfilmentHarness

beforeAll(async () => {
  h = await startFulfilmentHarness()
  await h.addMappedService('followers', RATE, '1')
})

afterAll(async () => {
  await h.close()
})

async function customer(micros: number): Promise<SignedUp> {
  const user = await signUp(h.t)
  if (micros > 0) await fund(h.t.db, user.userId, micros / 1_000_000)
  return user
}

async function subscribe(
  user: SignedUp,
  input: { renewalPeriod: string; periods: number; periodMs: number },
): Promise<{ id: string; url: string; startAt: number }> {
  const startAt = h.t.clock.now()
  const url = uniqueLink()
  const response = await h.t.app.request('/api/orders/subscription', {
    method: 'POST',
    headers: authed(user.token),
    body: JSON.stringify({
      plan: 'Growth',
      renewalPeriod: input.renewalPeriod,
      actionType: 'followers',
      quantityPerPeriod: QUANTITY,
      startDate: new Date(startAt).toISOString(),
      endDate: new Date(startAt + input.periods * input.periodMs).toISOString(),
      url,
      aiSettings: [],
    }),
  })
  expect(response.status).toBe(201)
  const body = (await response.json()) as { subscription: ApiSubscription }
  expect(body.subscription.periodCount).toBe(input.periods)
  return { id: body.subscription.id, url, startAt }
}

async function ordersOf(subscriptionId: string) {
  return h.t.db
    .selectFrom('orders')
    .selectAll()
    .where('subscription_id', '=', Number(subscriptionId))
    .orderBy('id')
    .execute()
}

async function subscriptionRow(subscriptionId: string) {
  return h.t.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', Number(subscriptionId))
    .executeTakeFirstOrThrow()
}

async function balanceOf(user: SignedUp): Promise<number> {
  const row = await h.t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', user.userId)
    .executeTakeFirstOrThrow()
  return row.balance
}

async function listed(user: SignedUp, subscriptionId: string): Promise<ApiSubscription | undefined> {
  const response = await h.t.app.request('/api/orders/subscriptions', { headers: authed(user.token) })
  expect(response.status, await response.clone().text()).toBe(200)
  const subscriptions = (await response.json()) as ApiSubscription[]
  return subscriptions.find((subscription) => subscription.id === subscriptionId)
}

/** Sets the clock to `at` and lets the worker run what is due. */
async function runAt(at: number): Promise<void> {
  h.t.clock.set(at)
  await h.worker.drain()
}

describe('subscription periods', () => {
  it('places and charges each period at its time, until the end date', async () => {
    const user = await customer(10_000_000)
    const { id, startAt } = await subscribe(user, { renewalPeriod: 'daily', periods: 3, periodMs: DAY_MS })
    expect(await ordersOf(id)).toHaveLength(1)

    // The scheduler looks every second (the harness's interval): one look just before the period's time.
    await runAt(startAt + DAY_MS - 1000)
    expect(await ordersOf(id)).toHaveLength(1)
    await runAt(startAt + DAY_MS)
    expect(await ordersOf(id)).toHaveLength(2)
    await runAt(startAt + 2 * DAY_MS)
    await runAt(startAt + 3 * DAY_MS)
    await runAt(startAt + 10 * DAY_MS)

    const orders = await ordersOf(id)
    expect(orders.map((order) => order.created_at)).toEqual([startAt, startAt + DAY_MS, startAt + 2 * DAY_MS])
    expect(orders.every((order) => order.charge === PERIOD_CHARGE && order.quantity === QUANTITY)).toBe(true)
    expect(await balanceOf(user)).toBe(10_000_000 - 3 * PERIOD_CHARGE)
    expect(await listed(user, id)).toMatchObject({ status: 'completed', periodsPlaced: 3, nextRunAt: null })
  })

  it('charges every period at the rate the subscription was sold at', async () => {
    const user = await customer(10_000_000)
    const { id, startAt } = await subscribe(user, { renewalPeriod: 'daily', periods: 2, periodMs: DAY_MS })
    await h.t.db
      .updateTable('services')
      .set({ rate_per_1k: RATE * 3 })
      .where('name', '=', 'followers')
      .execute()
    try {
      await runAt(startAt + DAY_MS)
    } finally {
      await h.t.db
        .updateTable('services')
        .set({ rate_per_1k: RATE })
        .where('name', '=', 'followers')
        .execute()
    }
    expect((await ordersOf(id)).map((order) => order.charge)).toEqual([PERIOD_CHARGE, PERIOD_CHARGE])
  })

  it('skips a period the balance cannot cover with a note, pauses the subscription, and goes on once funded', async () => {
    const user = await customer(PERIOD_CHARGE + 10)
    const { id, startAt } = await subscribe(user, { renewalPeriod: 'daily', periods: 4, periodMs: DAY_MS })
    expect(await balanceOf(user)).toBe(10)

    await runAt(startAt + DAY_MS)
    expect(await ordersOf(id)).toHaveLength(1)
    expect(await balanceOf(user)).toBe(10)
    expect(await subscriptionRow(id)).toMatchObject({
      status: 'paused',
      periods_placed: 1,
      periods_skipped: 1,
      next_run_at: startAt + 2 * DAY_MS,
      note: skippedPeriodNote({ period: 2, periodCount: 4, chargeMicros: PERIOD_CHARGE }),
    })

    await fund(h.t.db, user.userId, 1)
    await runAt(startAt + 2 * DAY_MS)
    expect(await ordersOf(id)).toHaveLength(2)
    expect(await subscriptionRow(id)).toMatchObject({
      status: 'active',
      periods_placed: 2,
      periods_skipped: 1,
    })

    await runAt(startAt + 3 * DAY_MS)
    expect(await subscriptionRow(id)).toMatchObject({
      status: 'completed',
      periods_placed: 3,
      periods_skipped: 1,
      next_run_at: null,
    })
    expect(await balanceOf(user)).toBe(10 + 1_000_000 - 2 * PERIOD_CHARGE)
  })

  it('places no further period once the customer cancels the subscription', async () => {
    const user = await customer(10_000_000)
    const { id, startAt } = await subscribe(user, {
      renewalPeriod: 'weekly',
      periods: 4,
      periodMs: 7 * DAY_MS,
    })
    await runAt(startAt + 7 * DAY_MS)
    expect(await ordersOf(id)).toHaveLength(2)

    const response = await h.t.app.request(`/api/orders/subscriptions/${id}/cancel`, {
      method: 'POST',
      headers: authed(user.token),
    })
    expect(response.status).toBe(200)
    await runAt(startAt + 14 * DAY_MS)
    expect(await listed(user, id)).toMatchObject({ status: 'cancelled', periodsPlaced: 2, nextRunAt: null })
    await runAt(startAt + 28 * DAY_MS)

    expect(await ordersOf(id)).toHaveLength(2)
    expect(await subscriptionRow(id)).toMatchObject({ status: 'cancelled', periods_placed: 2 })
  })

  it('catches up the periods it missed while no worker ran, each placed once', async () => {
    const user = await customer(10_000_000)
    const { id, startAt } = await subscribe(user, {
      renewalPeriod: 'minutely',
      periods: 5,
      periodMs: MINUTE_MS,
    })

    await runAt(startAt + 10 * MINUTE_MS)

    expect(await ordersOf(id)).toHaveLength(5)
    expect(await subscriptionRow(id)).toMatchObject({ status: 'completed', periods_placed: 5 })
    expect(await balanceOf(user)).toBe(10_000_000 - 5 * PERIOD_CHARGE)
  })

  it('places a due period once when several workers look for due periods at the same time', async () => {
    const user = await customer(10_000_000)
    const { id, startAt } = await subscribe(user, { renewalPeriod: 'daily', periods: 3, periodMs: DAY_MS })
    h.t.clock.set(startAt + DAY_MS)

    const reports = await Promise.all(
      Array.from({ length: 4 }, () =>
        placeDueSubscriptionPeriods({
          db: h.t.db,
          clock: h.t.clock,
          logger: h.deps.logger,
          operatorAiKeys: h.deps.operatorAiKeys,
        }),
      ),
    )

    expect(reports.reduce((sum, report) => sum + report.placed, 0)).toBe(1)
    expect(reports.every((report) => report.failed === 0)).toBe(true)
    expect(await ordersOf(id)).toHaveLength(2)
    expect(await balanceOf(user)).toBe(10_000_000 - 2 * PERIOD_CHARGE)
    await h.worker.drain()
  })
})
