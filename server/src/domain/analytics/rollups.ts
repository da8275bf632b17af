import { sql } from 'kysely'
import type { Db } from '../../db/connect'

// The rollups as the tables hold them, and as a full recomputation from the orders and the ledger finds them
// (the proof that the triggers keep them right, and the repair if they were ever dropped): the same rows, in
// the same order, without the rows whose every sum is 0 (what an order leaves behind where it was counted
// before it changed status or provider).

export interface RollupSnapshot {
  orders: {
    user_id: number
    hour: number
    service_id: number
    provider_id: number
    status: string
    orders: number
    quantity: number
    charge: number
    refunded: number
    cost: number
  }[]
  ledger: { user_id: number; hour: number; kind: string; gateway: string; entries: number; amount: number }[]
}

const TEXT_COLUMNS = new Set(['status', 'kind', 'gateway'])

/** PostgreSQL answers sums as text (numeric): every column but the texts as a number. */
const numbers = <Row extends Record<string, unknown>>(row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, TEXT_COLUMNS.has(key) ? value : Number(value)]),
  ) as Row

function comparable(snapshot: RollupSnapshot): RollupSnapshot {
  return {
    orders: snapshot.orders.map(numbers).filter((row) => row.orders !== 0 || row.charge !== 0),
    ledger: snapshot.ledger.map(numbers).filter((row) => row.entries !== 0 || row.amount !== 0),
  }
}

/** The rollup tables' rows. */
export async function storedRollups(db: Db): Promise<RollupSnapshot> {
  const orders = await db
    .selectFrom('order_rollups')
    .selectAll()
    .orderBy('user_id')
    .orderBy('hour')
    .orderBy('service_id')
    .orderBy('provider_id')
    .orderBy('status')
    .execute()
  const ledger = await db
    .selectFrom('ledger_rollups')
    .selectAll()
    .orderBy('user_id')
    .orderBy('hour')
    .orderBy('kind')
    .orderBy('gateway')
    .execute()
  return comparable({ orders, ledger })
}

/** The rollups computed from scratch from every order and ledger entry. */
export async function recomputedRollups(db: Db): Promise<RollupSnapshot> {
  const orders = await sql<RollupSnapshot['orders'][number]>`
    select user_id, created_at - created_at % 3600000 as hour, service_id, coalesce(provider_id, 0) as provider_id,
      status, count(*) as orders, sum(quantity) as quantity, sum(charge) as charge, sum(refunded) as refunded,
      sum(cost) as cost
    from orders
    group by user_id, created_at - created_at % 3600000, service_id, coalesce(provider_id, 0), status
    order by user_id, hour, service_id, provider_id, status`.execute(db)
  const ledger = await sql<RollupSnapshot['ledger'][number]>`
    select e.user_id, e.created_at - e.created_at % 3600000 as hour, e.kind, coalesce(p.gateway, '') as gateway,
      count(*) as entries, sum(e.amount) as amount
    from ledger_entries e
    left join payments p on e.kind = 'deposit' and e.reference = 'payment:' || p.order_id
    group by e.user_id, e.created_at - e.created_at % 3600000, e.kind, coalesce(p.gateway, '')
    order by e.user_id, hour, e.kind, gateway`.execute(db)
  return comparable({ orders: orders.rows, ledger: ledger.rows })
}
