import {
  ANALYTICS_DATE_INVALID,
  ANALYTICS_GRANULARITY_INVALID,
  ANALYTICS_RANGE_REVERSED,
  ANALYTICS_RANGE_TOO_LONG,
  AnalyticsDeliveryResponse,
  AnalyticsResponse,
  REPORT_TABLE_INVALID,
} from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authed, createTestApp, fund, signUp, type SignedUp, type TestApp } from './support/app'
import { addService, uniqueLink } from './support/services'

// The analytics calls over HTTP: a day on the customer's own clock (summer time included), the delivery
// progress of active orders, and the refusals of a bad range.

let t: TestApp
let customer: SignedUp

beforeAll(async () => {
  t = await createTestApp()
  await addService(t.db, 'likes', 900_000)
  customer = await signUp(t)
  await fund(t.db, customer.userId, 100)
})
afterAll(() => t.close())

async function get(path: string, user: SignedUp = customer): Promise<Response> {
  return t.app.request(path, { headers: authed(user.token) })
}

async function placeAt(instant: string, quantity = 100): Promise<string> {
  t.clock.set(Date.parse(instant))
  const response = await t.app.request('/api/orders/create', {
    method: 'POST',
    headers: authed(customer.token),
    body: JSON.stringify({ service_type: 'likes', target_url: uniqueLink(), quantity }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

async function setTimezone(timezone: string): Promise<void> {
  await t.db.updateTable('users').set({ timezone }).where('id', '=', customer.userId).execute()
}

describe('GET /api/analytics', () => {
  it("counts each order on the day it was placed on the customer's clock, summer time or not", async () => {
    // 23:30 and 00:30 in Los Angeles in winter (PST, UTC−8) ...
    await placeAt('2026-11-22T07:30:00Z')
    await placeAt('2026-11-22T08:30:00Z')
    // ... and in summer (PDT, UTC−7).
    await placeAt('2026-07-04T06:30:00Z')
    await placeAt('2026-07-04T07:30:00Z')

    await setTimezone('PST')
    const pacific = AnalyticsResponse.parse(
      await (await get('/api/analytics?from=2026-11-21&to=2026-11-22')).json(),
    )
    expect(pacific.timezone).toBe('PST')
    expect(pacific.periods.map((period) => [period.start, period.orders, period.spend])).toEqual([
      ['2026-11-21', 1, 0.09],
      ['2026-11-22', 1, 0.09],
    ])
    const summer = AnalyticsResponse.parse(
      await (await get('/api/analytics?from=2026-07-03&to=2026-07-04')).json(),
    )
    expect(summer.periods.map((period) => period.orders)).toEqual([1, 1])

    await setTimezone('UTC')
    const utc = AnalyticsResponse.parse(
      await (await get('/api/analytics?from=2026-11-21&to=2026-11-22')).json(),
    )
    expect(utc.periods.map((period) => period.orders)).toEqual([0, 2])
    expect(utc.totals).toMatchObject({ orders: 2, spend: 0.18, refunds: 0, net_spend: 0.18 })
    expect(utc.orders_by_status.find((row) => row.status === 'pending')?.orders).toBe(2)
    expect(utc.orders_by_service).toEqual([{ service_type: 'likes', orders: 2, quantity: 200, spend: 0.18 }])

    // By month, the year's periods are its months, clipped to the range.
    const months = AnalyticsResponse.parse(
      await (await get('/api/analytics?from=2026-06-15&to=2026-12-31&granularity=month')).json(),
    )
    expect(months.periods.map((period) => `${period.start}:${String(period.orders)}`)).toEqual([
      '2026-06-15:0',
      '2026-07-01:2',
      '2026-08-01:0',
      '2026-09-01:0',
      '2026-10-01:0',
      '2026-11-01:2',
      '2026-12-01:0',
    ])
  })

  it('answers 422 naming the field for a bad date, a reversed or too long range, or an unknown granularity', async () => {
    const cases: [string, string, string][] = [
      ['from=2026-02-30&to=2026-03-01', 'from', ANALYTICS_DATE_INVALID],
      ['to=2026-03-01', 'from', ANALYTICS_DATE_INVALID],
      ['from=2026-03-02&to=2026-03-01', 'to', ANALYTICS_RANGE_REVERSED],
      ['from=2025-01-01&to=2026-01-02', 'to', ANALYTICS_RANGE_TOO_LONG],
      ['from=2026-03-01&to=2026-03-02&granularity=year', 'granularity', ANALYTICS_GRANULARITY_INVALID],
    ]
    for (const [query, field, message] of cases) {
      const response = await get(`/api/analytics?${query}`)
      expect(response.status, query).toBe(422)
      expect(await response.json()).toEqual({ detail: `${field}: ${message}`, field })
    }
    const anonymous = await t.app.request('/api/analytics?from=2026-03-01&to=2026-03-02')
    expect(anonymous.status).toBe(401)
  })
})

describe('GET /api/analytics/delivery', () => {
  it('answers the units delivered of the active orders, and leaves out the ended ones', async () => {
    const delivering = await placeAt('2026-11-23T10:00:00Z', 400)
    const ended = await placeAt('2026-11-23T11:00:00Z', 300)
    await t.db
      .updateTable('orders')
      .set({ status: 'processing', remains: 150 })
      .where('id', '=', Number(delivering))
      .execute()
    await t.db
      .updateTable('orders')
      .set({ status: 'completed', remains: 0 })
      .where('id', '=', Number(ended))
      .execute()

    const response = await get('/api/analytics/delivery')
    expect(response.status).toBe(200)
    const delivery = AnalyticsDeliveryResponse.parse(await response.json())
    // The four pending orders of the test above (100 each, nothing delivered) and the one delivering.
    expect(delivery).toMatchObject({ active_orders: 5, quantity: 800, delivered: 250 })
    expect(delivery.orders[0]).toMatchObject({
      id: delivering,
      status: 'processing',
      quantity: 400,
      delivered: 250,
    })
    expect(delivery.orders.map((order) => order.id)).not.toContain(ended)
  })
})

describe('GET /api/admin/reports', () => {
  it('is for operators, and refuses an unknown table to export', async () => {
    expect((await get('/api/admin/reports?from=2026-11-01&to=2026-11-30')).status).toBe(403)
    const operator = await signUp(t)
    await t.db.updateTable('users').set({ role: 'support' }).where('id', '=', operator.userId).execute()
    const refused = await get(
      '/api/admin/reports/export?from=2026-11-01&to=2026-11-30&table=ledger',
      operator,
    )
    expect(refused.status).toBe(422)
    expect(await refused.json()).toEqual({ detail: `table: ${REPORT_TABLE_INVALID}`, field: 'table' })
  })
})

describe('a range across the end of summer time', () => {
  it('puts each order on its local day on both sides of the change', async () => {
    await setTimezone('PST')
    // Los Angeles leaves summer time on 2026-11-01 at 02:00 (UTC−7, then UTC−8).
    await placeAt('2026-10-31T06:30:00Z') // 10/30 23:30 PDT
    await placeAt('2026-10-31T07:30:00Z') // 10/31 00:30 PDT
    await placeAt('2026-11-02T07:30:00Z') // 11/01 23:30 PST
    const response = await get('/api/analytics?from=2026-10-30&to=2026-11-02')
    const analytics = AnalyticsResponse.parse(await response.json())
    expect(analytics.periods.map((period) => [period.start, period.orders])).toEqual([
      ['2026-10-30', 1],
      ['2026-10-31', 1],
      ['2026-11-01', 1],
      ['2026-11-02', 0],
    ])
  })
})
