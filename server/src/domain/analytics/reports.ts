import {
  type AdminReportFigures,
  type AdminReportsResponse,
  type EndpointParsedQuery,
  microsToUsd,
} from '@engage/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/connect'
import { periodGrid, readByLocalDay } from './periods'
import { profileTimezone } from './timezone'

// The operator reports, from the same hourly rollups as the customers' analytics (migration 0230), over every
// customer: the range's hours are read grouped by hour, service, provider, gateway or customer, never the
// orders or the ledger themselves.

interface MicroFigures {
  orders: number
  charges: number
  refunded: number
  cost: number
}

interface MicroActivity {
  deposits: number
  refunds_paid: number
  customers: Set<number>
}

function figures(row: MicroFigures): AdminReportFigures {
  const net = row.charges - row.refunded
  const profit = net - row.cost
  return {
    orders: row.orders,
    charges: microsToUsd(row.charges),
    refunded: microsToUsd(row.refunded),
    cost: microsToUsd(row.cost),
    profit: microsToUsd(profit),
    margin: net === 0 ? null : Math.round((profit / net) * 10_000) / 10_000,
  }
}

const moneySums = {
  orders: sql<number>`sum(r.orders)`,
  charges: sql<number>`sum(r.charge)`,
  refunded: sql<number>`sum(r.refunded)`,
  cost: sql<number>`sum(r.cost)`,
}

function micros(row: { orders: unknown; charges: unknown; refunded: unknown; cost: unknown }): MicroFigures {
  return {
    orders: Number(row.orders),
    charges: Number(row.charges),
    refunded: Number(row.refunded),
    cost: Number(row.cost),
  }
}

/** Most charged first, then by name, leaving out rows whose orders all moved elsewhere. */
function byCharges<Row extends { figures: MicroFigures; name: string }>(rows: Row[]): Row[] {
  return rows
    .filter((row) => row.figures.orders !== 0)
    .sort((a, b) => b.figures.charges - a.figures.charges || a.name.localeCompare(b.name))
}

/** GET /api/admin/reports: the range on the operator's clock. */
export async function operatorReport(
  db: Db,
  operatorId: number,
  query: EndpointParsedQuery<'adminReports'>,
): Promise<AdminReportsResponse> {
  const timezone = await profileTimezone(db, operatorId)
  const grid = periodGrid(query, timezone)
  const orderRows = () =>
    db.selectFrom('order_rollups as r').where('r.hour', '>=', grid.startMs).where('r.hour', '<', grid.endMs)
  const ledgerRows = () =>
    db.selectFrom('ledger_rollups as r').where('r.hour', '>=', grid.startMs).where('r.hour', '<', grid.endMs)

  const days = await readByLocalDay(grid, 'r.hour', ({ startMs, endMs, day }) =>
    db
      .selectFrom('order_rollups as r')
      .where('r.hour', '>=', startMs)
      .where('r.hour', '<', endMs)
      .select([day.as('day'), moneySums.orders.as('orders'), moneySums.charges.as('charges')])
      .select([moneySums.refunded.as('refunded'), moneySums.cost.as('cost')])
      .groupBy(day)
      .execute(),
  )
  const customerDays = await readByLocalDay(grid, 'r.hour', ({ startMs, endMs, day }) =>
    db
      .selectFrom('order_rollups as r')
      .where('r.hour', '>=', startMs)
      .where('r.hour', '<', endMs)
      .select([day.as('day'), 'r.user_id'])
      .groupBy([day, 'r.user_id'])
      .having(sql<number>`sum(r.orders)`, '>', 0)
      .execute(),
  )
  const ledgerDays = await readByLocalDay(grid, 'r.hour', ({ startMs, endMs, day }) =>
    db
      .selectFrom('ledger_rollups as r')
      .where('r.hour', '>=', startMs)
      .where('r.hour', '<', endMs)
      .select([day.as('day'), 'r.kind', sql<number>`sum(r.amount)`.as('amount')])
      .where('r.kind', 'in', ['deposit', 'refund'])
      .groupBy([day, 'r.kind'])
      .execute(),
  )
  const services = await orderRows()
    .innerJoin('services as s', 's.id', 'r.service_id')
    .select(['r.service_id', 's.name', moneySums.orders.as('orders'), moneySums.charges.as('charges')])
    .select([moneySums.refunded.as('refunded'), moneySums.cost.as('cost')])
    .groupBy(['r.service_id', 's.name'])
    .execute()
  const providers = await orderRows()
    .leftJoin('providers as p', 'p.id', 'r.provider_id')
    .select(['r.provider_id', 'p.name', moneySums.orders.as('orders'), moneySums.charges.as('charges')])
    .select([moneySums.refunded.as('refunded'), moneySums.cost.as('cost')])
    .groupBy(['r.provider_id', 'p.name'])
    .execute()
  const gateways = await ledgerRows()
    .select(['r.gateway', sql<number>`sum(r.entries)`.as('entries'), sql<number>`sum(r.amount)`.as('amount')])
    .where('r.kind', '=', 'deposit')
    .groupBy('r.gateway')
    .execute()
  const net = sql<number>`sum(r.charge) - sum(r.refunded)`
  const customers = await orderRows()
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'u.email', moneySums.orders.as('orders'), moneySums.charges.as('charges')])
    .select([moneySums.refunded.as('refunded'), moneySums.cost.as('cost')])
    .groupBy(['r.user_id', 'u.email'])
    .having(sql<number>`sum(r.orders)`, '>', 0)
    .orderBy(net, 'desc')
    .orderBy('r.user_id')
    .limit(query.top)
    .execute()
  const upstream = await db
    .selectFrom('upstream_call_rollups as r')
    .innerJoin('providers as p', 'p.id', 'r.provider_id')
    .select([
      'r.provider_id',
      'p.name',
      sql<number>`sum(r.calls)`.as('calls'),
      sql<number>`sum(r.errors)`.as('errors'),
    ])
    .where('r.hour', '>=', grid.startMs)
    .where('r.hour', '<', grid.endMs)
    .groupBy(['r.provider_id', 'p.name'])
    .orderBy('p.name')
    .execute()

  const periodMoney = grid.periods.map((): MicroFigures => ({ orders: 0, charges: 0, refunded: 0, cost: 0 }))
  const periodActivity = grid.periods.map((): MicroActivity => ({
    deposits: 0,
    refunds_paid: 0,
    customers: new Set(),
  }))
  const totalMoney: MicroFigures = { orders: 0, charges: 0, refunded: 0, cost: 0 }
  const totalActivity: MicroActivity = { deposits: 0, refunds_paid: 0, customers: new Set() }
  for (const row of days) {
    const money = micros(row)
    for (const target of [periodMoney[grid.periodOfDay(Number(row.day))], totalMoney]) {
      if (!target) continue
      target.orders += money.orders
      target.charges += money.charges
      target.refunded += money.refunded
      target.cost += money.cost
    }
  }
  for (const row of customerDays) {
    periodActivity[grid.periodOfDay(Number(row.day))]?.customers.add(Number(row.user_id))
    totalActivity.customers.add(Number(row.user_id))
  }
  for (const row of ledgerDays) {
    const field = row.kind === 'deposit' ? 'deposits' : 'refunds_paid'
    for (const target of [periodActivity[grid.periodOfDay(Number(row.day))], totalActivity]) {
      if (target) target[field] += Number(row.amount)
    }
  }
  const activity = (row: MicroActivity) => ({
    deposits: microsToUsd(row.deposits),
    refunds_paid: microsToUsd(row.refunds_paid),
    active_customers: row.customers.size,
  })

  return {
    timezone,
    from: query.from,
    to: query.to,
    granularity: query.granularity,
    totals: { ...figures(totalMoney), ...activity(totalActivity) },
    periods: grid.periods.map((period, index) => ({
      ...period,
      ...figures(periodMoney[index] ?? totalMoney),
      ...activity(periodActivity[index] ?? totalActivity),
    })),
    services: byCharges(services.map((row) => ({ row, name: row.name, figures: micros(row) }))).map(
      ({ row, figures: money }) => ({
        service_id: String(row.service_id),
        service_type: row.name,
        ...figures(money),
      }),
    ),
    providers: byCharges(providers.map((row) => ({ row, name: row.name ?? '', figures: micros(row) }))).map(
      ({ row, name, figures: money }) => ({
        provider_id: Number(row.provider_id) === 0 ? null : String(row.provider_id),
        provider_name: name,
        ...figures(money),
      }),
    ),
    gateways: gateways
      .map((row) => ({ gateway: row.gateway, deposits: Number(row.entries), amount: Number(row.amount) }))
      .filter((row) => row.deposits !== 0)
      .sort((a, b) => b.amount - a.amount || a.gateway.localeCompare(b.gateway))
      .map((row) => ({ ...row, amount: microsToUsd(row.amount) })),
    top_customers: customers.map((row) => {
      const money = micros(row)
      return {
        user_id: String(row.user_id),
        email: row.email,
        orders: money.orders,
        charges: microsToUsd(money.charges),
        refunded: microsToUsd(money.refunded),
        net_spend: microsToUsd(money.charges - money.refunded),
      }
    }),
    upstream: upstream.map((row) => {
      const calls = Number(row.calls)
      const errors = Number(row.errors)
      return {
        provider_id: String(row.provider_id),
        provider_name: row.name,
        calls,
        errors,
        error_rate: calls === 0 ? null : Math.round((errors / calls) * 10_000) / 10_000,
      }
    }),
  }
}
