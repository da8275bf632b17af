import { AdminReportsResponse, AnalyticsResponse, microsToUsd } from '@engage/contract'
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as rollupsMigration from '../src/db/migrations/0230_analytics_rollups'
import { recomputedRollups, storedRollups } from '../src/domain/analytics/rollups'
import { credit } from '../src/domain/ledger'
import { authed, signUp, type SignedUp } from './support/app'
import { uniqueLink } from './support/services'
import { type FulfilmentHarness, startFulfilmentHarness } from './fulfilment/harness'

// The analytics' rollups against a full recomputation from the orders and the ledger, after a randomised
// history made through the real code paths: orders placed over the API at many hours, some delivered in part,
// cancelled by the provider, refused or failing upstream, cancelled by their customer, refunded by an operator;
// deposits through several gateways, operator adjustments. The same file runs on SQLite and PostgreSQL.

let h: FulfilmentHarness
let admin: SignedUp
const customers: SignedUp[] = []
const HOUR = 3_600_000

/** A small deterministic generator, so a failure replays. */
function seeded(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}
const random = seeded(20261126)
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T

async function deposit(user: SignedUp, gateway: string, usd: number): Promise<void> {
  const now = h.t.clock.now()
  const orderId = `dep_${String(now)}_${String(Math.floor(random() * 1e9))}`
  await h.t.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('payments')
      .values({
        order_id: orderId,
        user_id: user.userId,
        gateway,
        gateway_id: null,
        amount_requested: usd * 1_000_000,
        amount_credited: usd * 1_000_000,
        currency: 'USD',
        network: null,
        status: 'completed',
        gateway_status: 'paid',
        txid: null,
        details: '{}',
        payment_url: null,
        created_at: now,
        updated_at: now,
        credited_at: now,
      })
      .execute()
    await credit(trx, {
      userId: user.userId,
      amount: usd * 1_000_000,
      kind: 'deposit',
      reference: `payment:${orderId}`,
      idempotencyKey: `payment:${orderId}:credit`,
      now,
    })
  })
}

async function request(user: SignedUp, path: string, body?: unknown): Promise<Response> {
  return h.t.app.request(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: authed(user.token),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

beforeAll(async () => {
  h = await startFulfilmentHarness()
  await h.addMappedService('likes', 900_000, '2')
  await h.addMappedService('views', 120_000, '3')
  await h.addMappedService('retweets', 1_234_567, '4')
  admin = await signUp(h.t)
  await h.t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute()
  for (let index = 0; index < 3; index += 1) {
    const user = await signUp(h.t)
    await h.t.db
      .updateTable('users')
      .set({ timezone: pick(['UTC', 'EST', 'PST']) })
      .where('id', '=', user.userId)
      .execute()
    customers.push(user)
    await deposit(user, pick(['cryptomus', 'nowpayments', 'sandbox']), 200)
  }

  const placed: { user: SignedUp; id: string }[] = []
  for (let step = 0; step < 60; step += 1) {
    // Anything from a few minutes to half a day between steps, so the history crosses hours and local days.
    h.t.clock.advance(Math.floor(random() * 12 * HOUR) + 60_000)
    const user = pick(customers)
    const roll = random()
    if (roll < 0.55) {
      const marker = pick(['', '', '?sim=partial', '?sim=cancel', '?sim=fail-add', '?sim=error'])
      const response = await request(user, '/api/orders/create', {
        service_type: pick(['likes', 'views', 'retweets']),
        target_url: `${uniqueLink()}${marker}`,
        quantity: 100 + Math.floor(random() * 900),
      })
      if (response.status === 201) placed.push({ user, id: ((await response.json()) as { id: string }).id })
    } else if (roll < 0.65 && placed.length > 0) {
      const order = pick(placed)
      await request(order.user, `/api/orders/${order.id}/cancel`, {})
    } else if (roll < 0.75 && placed.length > 0) {
      const order = pick(placed)
      await request(admin, `/api/admin/orders/${order.id}/refund`, {
        amount: 0.01,
        reason: 'Goodwill',
        idempotency_key: `goodwill-${order.id}-${String(step)}`,
      })
    } else if (roll < 0.85) {
      await deposit(user, pick(['cryptomus', 'nowpayments', 'sandbox']), 25)
    } else if (roll < 0.9) {
      await request(admin, `/api/admin/users/${String(user.userId)}/balance`, {
        amount: 3,
        reason: 'Adjustment',
        idempotency_key: `adjust-${String(step)}`,
      })
    }
    // The worker sends, syncs and ends what it can meanwhile.
    for (let round = 0; round < 3; round += 1) {
      h.t.clock.advance(h.stepMs)
      await h.worker.drain()
    }
  }
}, 240_000)

afterAll(async () => {
  await h.close()
})

describe('analytics rollups', () => {
  it('equal a full recomputation from the orders and the ledger after a randomised history', async () => {
    const statuses = await h.t.db.selectFrom('orders').select('status').distinct().execute()
    // The history did reach the cases that move an order between rollup rows.
    expect(statuses.map((row) => row.status)).toEqual(
      expect.arrayContaining(['completed', 'partial', 'cancelled', 'paused']),
    )
    const refunds = await h.t.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('kind', '=', 'refund')
      .execute()
    expect(refunds.length).toBeGreaterThan(2)
    const stored = await storedRollups(h.t.db)
    expect(stored.orders.length).toBeGreaterThan(10)
    expect(stored).toEqual(await recomputedRollups(h.t.db))
  })

  it("answer a customer's analytics equal to the orders and ledger entries of the range on their clock", async () => {
    const user = customers[0] as SignedUp
    const { timezone } = await h.t.db
      .selectFrom('users')
      .select('timezone')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
    // 2026-11-21 to 2026-12-20 on the customer's clock: local midnights in UTC.
    const offset = { UTC: 0, EST: 5 * HOUR, PST: 8 * HOUR }[timezone as 'UTC' | 'EST' | 'PST']
    const start = Date.UTC(2026, 10, 21) + offset
    const end = Date.UTC(2026, 11, 21) + offset
    const response = await request(user, '/api/analytics?from=2026-11-21&to=2026-12-20&granularity=week')
    expect(response.status).toBe(200)
    const analytics = AnalyticsResponse.parse(await response.json())

    const ledger = await h.t.db
      .selectFrom('ledger_entries')
      .select(['kind', sql<number>`sum(amount)`.as('amount')])
      .where('user_id', '=', user.userId)
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .groupBy('kind')
      .execute()
    const sumOf = (kind: string) => Number(ledger.find((row) => row.kind === kind)?.amount ?? 0)
    const orders = await h.t.db
      .selectFrom('orders')
      .select(['status', sql<number>`count(*)`.as('orders')])
      .where('user_id', '=', user.userId)
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .groupBy('status')
      .execute()
    expect(analytics.timezone).toBe(timezone)
    expect(analytics.totals.spend).toBe(microsToUsd(-sumOf('order_payment')))
    expect(analytics.totals.refunds).toBe(microsToUsd(sumOf('refund')))
    expect(analytics.totals.deposits).toBe(microsToUsd(sumOf('deposit')))
    expect(analytics.totals.orders).toBe(orders.reduce((sum, row) => sum + Number(row.orders), 0))
    for (const row of orders) {
      expect(analytics.orders_by_status.find((entry) => entry.status === row.status)?.orders).toBe(
        Number(row.orders),
      )
    }
    expect(analytics.periods[0]).toMatchObject({ start: '2026-11-21', end: '2026-11-22' })
    expect(analytics.periods.reduce((sum, period) => sum + period.orders, 0)).toBe(analytics.totals.orders)
  })

  it("answer the operator's reports equal to the orders, the ledger and the upstream calls", async () => {
    const response = await request(
      admin,
      '/api/admin/reports?from=2026-11-01&to=2027-01-31&granularity=month&top=2',
    )
    expect(response.status).toBe(200)
    const report = AdminReportsResponse.parse(await response.json())
    const totals = await h.t.db
      .selectFrom('orders')
      .select([
        sql<number>`count(*)`.as('orders'),
        sql<number>`sum(charge)`.as('charge'),
        sql<number>`sum(refunded)`.as('refunded'),
        sql<number>`sum(cost)`.as('cost'),
        sql<number>`count(distinct user_id)`.as('customers'),
      ])
      .executeTakeFirstOrThrow()
    expect(report.totals).toMatchObject({
      orders: Number(totals.orders),
      charges: microsToUsd(Number(totals.charge)),
      refunded: microsToUsd(Number(totals.refunded)),
      cost: microsToUsd(Number(totals.cost)),
      active_customers: Number(totals.customers),
    })
    // The simulator charges what it delivered: the sent orders have a cost, below their price.
    expect(report.totals.cost).toBeGreaterThan(0)
    const deposits = await h.t.db
      .selectFrom('payments')
      .select(['gateway', sql<number>`sum(amount_credited)`.as('amount')])
      .groupBy('gateway')
      .execute()
    for (const row of deposits) {
      expect(report.gateways.find((entry) => entry.gateway === row.gateway)?.amount).toBe(
        microsToUsd(Number(row.amount)),
      )
    }
    expect(report.top_customers).toHaveLength(2)
    expect(report.top_customers[0]?.net_spend).toBeGreaterThanOrEqual(report.top_customers[1]?.net_spend ?? 0)
    // `?sim=error` adds answered HTTP 500: counted as errors of the provider's calls.
    expect(report.upstream).toHaveLength(1)
    expect(report.upstream[0]?.calls).toBeGreaterThan(report.upstream[0]?.errors ?? 0)
    expect(report.upstream[0]?.errors).toBeGreaterThan(0)

    const csv = await request(admin, '/api/admin/reports/export?from=2026-11-01&to=2027-01-31&table=gateways')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const bytes = new Uint8Array(await csv.arrayBuffer())
    // A byte order mark, then the header and a record per gateway.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = new TextDecoder()
      .decode(bytes)
      .split('\r\n')
      .filter((line) => line !== '')
    expect(lines[0]).toBe('Gateway,Deposits,Amount (USD)')
    expect(lines).toHaveLength(1 + report.gateways.length)
  })

  it("keeps as an order's cost what its provider's status answer charges, partial deliveries included", async () => {
    const ended = await h.t.db
      .selectFrom('orders')
      .select(['cost', 'upstream_order_id', 'status'])
      .where('status', 'in', ['completed', 'partial'])
      .where('upstream_order_id', 'is not', null)
      .execute()
    expect(ended.map((order) => order.status)).toEqual(expect.arrayContaining(['completed', 'partial']))
    const client = h.deps.clientFor(h.provider)
    for (const order of ended) {
      const upstream = await client.status(Number(order.upstream_order_id))
      expect(order.cost).toBe(upstream.chargeMicros)
    }
  })

  // Last: the migration's down drops orders.cost, so the rebuilt rollups count every cost as 0.
  it('are rebuilt from the existing orders and ledger when the migration runs on a database with data', async () => {
    // Migrations take the untyped database, as the migrator hands it to them.
    const untyped = h.t.db as unknown as Kysely<unknown>
    await rollupsMigration.down(untyped)
    await rollupsMigration.up(untyped)
    const rebuilt = await storedRollups(h.t.db)
    expect(rebuilt.ledger.length).toBeGreaterThan(5)
    expect(rebuilt).toEqual(await recomputedRollups(h.t.db))
  })
})
