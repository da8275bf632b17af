import {
  ANALYTICS_ACTIVE_ORDERS_LIMIT,
  type AnalyticsDeliveryResponse,
  type AnalyticsFigures,
  type AnalyticsResponse,
  type EndpointParsedQuery,
  microsToUsd,
  ORDER_STATUSES,
} from '@engage/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/connect'
import { periodGrid, readByLocalDay } from './periods'
import { profileTimezone } from './timezone'

// A customer's analytics, read from the hourly rollups (migration 0230): a few indexed reads of at most one row
// per hour of the range, summed by the database to a row per local day, however many orders the customer has.

interface MicroFigures {
  spend: number
  refunds: number
  deposits: number
  orders: number
}

const emptyFigures = (): MicroFigures => ({ spend: 0, refunds: 0, deposits: 0, orders: 0 })

function inUsd(figures: MicroFigures): AnalyticsFigures {
  return {
    spend: microsToUsd(figures.spend),
    refunds: microsToUsd(figures.refunds),
    net_spend: microsToUsd(figures.spend - figures.refunds),
    deposits: microsToUsd(figures.deposits),
    orders: figures.orders,
  }
}

/**
 * GET /api/analytics: an account's figures over a range of days on the clock of `viewerId`'s profile (the person
 * asking, who may be a member of the account's workspace; the account itself by default).
 */
export async function customerAnalytics(
  db: Db,
  userId: number,
  query: EndpointParsedQuery<'analytics'>,
  viewerId: number = userId,
): Promise<AnalyticsResponse> {
  const timezone = await profileTimezone(db, viewerId)
  const grid = periodGrid(query, timezone)
  // One read of the orders' rollups answers the days, the statuses and the services at once.
  const orderDays = await readByLocalDay(grid, 'hour', ({ startMs, endMs, day }) =>
    db
      .selectFrom('order_rollups')
      .select([day.as('day'), 'status', 'service_id'])
      .select([
        sql<number>`sum(orders)`.as('orders'),
        sql<number>`sum(quantity)`.as('quantity'),
        sql<number>`sum(charge)`.as('charge'),
      ])
      .where('user_id', '=', userId)
      .where('hour', '>=', startMs)
      .where('hour', '<', endMs)
      .groupBy([day, 'status', 'service_id'])
      .execute(),
  )
  const ledgerDays = await readByLocalDay(grid, 'hour', ({ startMs, endMs, day }) =>
    db
      .selectFrom('ledger_rollups')
      .select([day.as('day'), 'kind', sql<number>`sum(amount)`.as('amount')])
      .where('user_id', '=', userId)
      .where('hour', '>=', startMs)
      .where('hour', '<', endMs)
      .where('kind', 'in', ['order_payment', 'refund', 'deposit'])
      .groupBy([day, 'kind'])
      .execute(),
  )
  const serviceIds = [...new Set(orderDays.map((row) => Number(row.service_id)))]
  const serviceNames = new Map(
    serviceIds.length === 0
      ? []
      : (await db.selectFrom('services').select(['id', 'name']).where('id', 'in', serviceIds).execute()).map(
          (service) => [Number(service.id), service.name],
        ),
  )

  const periods = grid.periods.map(emptyFigures)
  const totals = emptyFigures()
  const statusCounts = new Map<string, number>()
  const services = new Map<string, { orders: number; quantity: number; charge: number }>()
  for (const row of orderDays) {
    const orders = Number(row.orders)
    const period = periods[grid.periodOfDay(Number(row.day))]
    if (period) period.orders += orders
    totals.orders += orders
    statusCounts.set(row.status, (statusCounts.get(row.status) ?? 0) + orders)
    const name = serviceNames.get(Number(row.service_id)) ?? ''
    const service = services.get(name) ?? { orders: 0, quantity: 0, charge: 0 }
    service.orders += orders
    service.quantity += Number(row.quantity)
    service.charge += Number(row.charge)
    services.set(name, service)
  }
  for (const row of ledgerDays) {
    const amount = Number(row.amount)
    const field = row.kind === 'order_payment' ? 'spend' : row.kind === 'refund' ? 'refunds' : 'deposits'
    // Order payments are debits (negative entries): spend is what left the balance.
    const value = field === 'spend' ? -amount : amount
    const period = periods[grid.periodOfDay(Number(row.day))]
    if (period) period[field] += value
    totals[field] += value
  }
  return {
    timezone,
    from: query.from,
    to: query.to,
    granularity: query.granularity,
    periods: grid.periods.map((period, index) => ({ ...period, ...inUsd(periods[index] ?? emptyFigures()) })),
    totals: inUsd(totals),
    orders_by_status: ORDER_STATUSES.map((status) => ({ status, orders: statusCounts.get(status) ?? 0 })),
    orders_by_service: [...services]
      .map(([service_type, figures]) => ({ service_type, ...figures }))
      .filter((row) => row.orders > 0)
      .sort((a, b) => b.charge - a.charge || a.service_type.localeCompare(b.service_type))
      .map(({ charge, ...row }) => ({ ...row, spend: microsToUsd(charge) })),
  }
}

const ACTIVE_STATUSES = ['pending', 'processing', 'paused'] as const

/** GET /api/analytics/delivery: the customer's active orders now, units delivered of units ordered. */
export async function deliveryProgress(db: Db, userId: number): Promise<AnalyticsDeliveryResponse> {
  const delivered = sql<number>`case when remains is null then 0 else quantity - remains end`
  const totals = await db
    .selectFrom('orders')
    .select([
      sql<number>`count(*)`.as('orders'),
      sql<number>`coalesce(sum(quantity), 0)`.as('quantity'),
      sql<number>`coalesce(sum(${delivered}), 0)`.as('delivered'),
    ])
    .where('user_id', '=', userId)
    .where('status', 'in', ACTIVE_STATUSES)
    .executeTakeFirstOrThrow()
  const newest = await db
    .selectFrom('orders')
    .select(['id', 'service_type', 'target_url', 'status', 'quantity', 'remains', 'created_at'])
    .where('user_id', '=', userId)
    .where('status', 'in', ACTIVE_STATUSES)
    .orderBy('id', 'desc')
    .limit(ANALYTICS_ACTIVE_ORDERS_LIMIT)
    .execute()
  return {
    active_orders: Number(totals.orders),
    quantity: Number(totals.quantity),
    delivered: Number(totals.delivered),
    orders: newest.map((order) => ({
      id: String(order.id),
      service_type: order.service_type,
      target_url: order.target_url,
      status: order.status as (typeof ACTIVE_STATUSES)[number],
      quantity: order.quantity,
      delivered: order.remains === null ? 0 : order.quantity - order.remains,
      created_at: new Date(Number(order.created_at)).toISOString(),
    })),
  }
}
