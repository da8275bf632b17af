import { type CreateTableBuilder, type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect'

// The analytics' and reports' rollups (ADR 250): hourly sums per customer, kept by triggers in the very
// transaction that changes an order or writes a ledger entry, whichever code path does it, so they can never
// drift from what they sum. Hours are UTC and start at a multiple of 3,600,000 ms; every profile timezone
// (UTC, EST, PST, and their summer times) is a whole number of hours from UTC, so a day on any customer's clock
// is exactly a run of hours.
//
// - order_rollups: the orders placed in an hour (by created_at) per customer, service, provider (0: none)
//   and status now: how many, their units, charge, refunded so far and provider cost. A change of status,
//   provider, refund or cost moves the order's contribution: the old values are taken out, the new ones put in.
// - ledger_rollups: the ledger entries written in an hour per customer, kind and gateway (deposits through a
//   payment; '' otherwise): how many and their signed sum.
// - upstream_call_rollups: calls made to a provider's API in an hour, and how many failed; written by the
//   fulfilment's provider clients (no table holds the calls themselves).
//
// orders.cost is new: the provider's charge for the order in micro-USD, estimated from the provider's rate when
// it is sent and replaced by what the provider reports (its `status` answer's `charge`); 0 until sent.

const HOUR_MS = 3_600_000

interface Rollup {
  table: string
  source: string
  key: { column: string; value: (row: string) => string }[]
  sums: { column: string; value: (row: string) => string }[]
  /** The source columns whose change moves the row's contribution. */
  watched: string[]
}

const hourOf = (row: string) => `${row}.created_at - ${row}.created_at % ${String(HOUR_MS)}`

const ORDER_ROLLUP: Rollup = {
  table: 'order_rollups',
  source: 'orders',
  key: [
    { column: 'user_id', value: (row) => `${row}.user_id` },
    { column: 'hour', value: hourOf },
    { column: 'service_id', value: (row) => `${row}.service_id` },
    { column: 'provider_id', value: (row) => `coalesce(${row}.provider_id, 0)` },
    { column: 'status', value: (row) => `${row}.status` },
  ],
  sums: [
    { column: 'orders', value: () => '1' },
    { column: 'quantity', value: (row) => `${row}.quantity` },
    { column: 'charge', value: (row) => `${row}.charge` },
    { column: 'refunded', value: (row) => `${row}.refunded` },
    { column: 'cost', value: (row) => `${row}.cost` },
  ],
  watched: [
    'user_id',
    'created_at',
    'service_id',
    'provider_id',
    'status',
    'quantity',
    'charge',
    'refunded',
    'cost',
  ],
}

const LEDGER_ROLLUP: Rollup = {
  table: 'ledger_rollups',
  source: 'ledger_entries',
  key: [
    { column: 'user_id', value: (row) => `${row}.user_id` },
    { column: 'hour', value: hourOf },
    { column: 'kind', value: (row) => `${row}.kind` },
    {
      column: 'gateway',
      value: (row) =>
        `case when ${row}.kind = 'deposit' and substr(${row}.reference, 1, 8) = 'payment:' then coalesce((select p.gateway from payments p where p.order_id = substr(${row}.reference, 9)), '') else '' end`,
    },
  ],
  sums: [
    { column: 'entries', value: () => '1' },
    { column: 'amount', value: (row) => `${row}.amount` },
  ],
  watched: ['user_id', 'created_at', 'kind', 'reference', 'amount'],
}

/** Adds (sign '') or takes out (sign '-') one source row's contribution. */
function upsert(rollup: Rollup, row: string, sign: '' | '-'): string {
  const columns = [...rollup.key, ...rollup.sums].map((part) => part.column).join(', ')
  const values = [
    ...rollup.key.map((part) => part.value(row)),
    ...rollup.sums.map((part) => `${sign}(${part.value(row)})`),
  ].join(', ')
  const keyColumns = rollup.key.map((part) => part.column).join(', ')
  const updates = rollup.sums
    .map((part) => `${part.column} = ${rollup.table}.${part.column} + excluded.${part.column}`)
    .join(', ')
  return `insert into ${rollup.table} (${columns}) values (${values})
    on conflict (${keyColumns}) do update set ${updates};`
}

/** The rollup computed from scratch from its source table, for the backfill. */
function backfill(rollup: Rollup): string {
  const columns = [...rollup.key, ...rollup.sums].map((part) => part.column).join(', ')
  const keys = rollup.key.map((part) => part.value('s'))
  const sums = rollup.sums.map((part) =>
    part.column === 'orders' || part.column === 'entries' ? 'count(*)' : `sum(${part.value('s')})`,
  )
  return `insert into ${rollup.table} (${columns})
    select ${[...keys, ...sums].join(', ')} from ${rollup.source} s group by ${keys.join(', ')}`
}

/**
 * On SQLite the rollups are stored in their key's order (WITHOUT ROWID): a customer's range of hours is then one
 * contiguous read, not an index walk with a table lookup per row.
 */
function clusteredOnSqlite(db: Kysely<unknown>) {
  return (table: CreateTableBuilder<string>) => (isPostgres(db) ? table : table.modifyEnd(sql`without rowid`))
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('cost', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('order_rollups')
    .addColumn('user_id', 'bigint', (col) => col.notNull())
    .addColumn('hour', 'bigint', (col) => col.notNull())
    .addColumn('service_id', 'bigint', (col) => col.notNull())
    .addColumn('provider_id', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('orders', 'bigint', (col) => col.notNull())
    .addColumn('quantity', 'bigint', (col) => col.notNull())
    .addColumn('charge', 'bigint', (col) => col.notNull())
    .addColumn('refunded', 'bigint', (col) => col.notNull())
    .addColumn('cost', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('order_rollups_key', ['user_id', 'hour', 'service_id', 'provider_id', 'status'])
    .$call(clusteredOnSqlite(db))
    .execute()
  await db.schema.createIndex('order_rollups_hour').on('order_rollups').column('hour').execute()

  await db.schema
    .createTable('ledger_rollups')
    .addColumn('user_id', 'bigint', (col) => col.notNull())
    .addColumn('hour', 'bigint', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('gateway', 'text', (col) => col.notNull())
    .addColumn('entries', 'bigint', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('ledger_rollups_key', ['user_id', 'hour', 'kind', 'gateway'])
    .$call(clusteredOnSqlite(db))
    .execute()
  await db.schema.createIndex('ledger_rollups_hour').on('ledger_rollups').column('hour').execute()

  await db.schema
    .createTable('upstream_call_rollups')
    .addColumn('provider_id', 'bigint', (col) => col.notNull())
    .addColumn('hour', 'bigint', (col) => col.notNull())
    .addColumn('calls', 'bigint', (col) => col.notNull())
    .addColumn('errors', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('upstream_call_rollups_key', ['provider_id', 'hour'])
    .execute()
  await db.schema
    .createIndex('upstream_call_rollups_hour')
    .on('upstream_call_rollups')
    .column('hour')
    .execute()

  // The delivery progress reads a customer's active orders.
  await db.schema
    .createIndex('orders_user_active')
    .on('orders')
    .columns(['user_id', 'id'])
    .where(sql.ref('status'), 'in', ['pending', 'processing', 'paused'])
    .execute()

  for (const rollup of [ORDER_ROLLUP, LEDGER_ROLLUP]) {
    await sql.raw(backfill(rollup)).execute(db)
    if (isPostgres(db)) await createPostgresTriggers(db, rollup)
    else await createSqliteTriggers(db, rollup)
  }
}

async function createPostgresTriggers(db: Kysely<unknown>, rollup: Rollup): Promise<void> {
  const oldKey = `row(${rollup.key.map((part) => part.value('old')).join(', ')})`
  const newKey = `row(${rollup.key.map((part) => part.value('new')).join(', ')})`
  // The triggers are deferred to the commit: an order transaction takes its links' unique entries first and the
  // customer's balance row last (domain/orders/place.ts), and a rollup row locked at the first insert would
  // wait against another transaction's link in the opposite order (a deadlock). At the commit the balance row
  // is held, so one customer's transactions reach their rollup rows one at a time. Two transactions that move
  // contributions between the same rows take their locks in the same order (the smaller key first).
  await sql
    .raw(
      `create function ${rollup.table}_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${upsert(rollup, 'new', '')}
      elsif tg_op = 'DELETE' then
        ${upsert(rollup, 'old', '-')}
      elsif ${oldKey} <= ${newKey} then
        ${upsert(rollup, 'old', '-')}
        ${upsert(rollup, 'new', '')}
      else
        ${upsert(rollup, 'new', '')}
        ${upsert(rollup, 'old', '-')}
      end if;
      return null;
    end
    $$`,
    )
    .execute(db)
  const changed = rollup.watched.map((column) => `new.${column} is distinct from old.${column}`).join(' or ')
  await sql
    .raw(
      `create constraint trigger ${rollup.table}_insert_delete after insert or delete on ${rollup.source}
      deferrable initially deferred for each row execute function ${rollup.table}_apply()`,
    )
    .execute(db)
  await sql
    .raw(
      `create constraint trigger ${rollup.table}_update after update on ${rollup.source}
      deferrable initially deferred for each row when (${changed}) execute function ${rollup.table}_apply()`,
    )
    .execute(db)
}

async function createSqliteTriggers(db: Kysely<unknown>, rollup: Rollup): Promise<void> {
  const changed = rollup.watched.map((column) => `new.${column} is not old.${column}`).join(' or ')
  for (const statement of [
    `create trigger ${rollup.table}_insert after insert on ${rollup.source} begin ${upsert(rollup, 'new', '')} end`,
    `create trigger ${rollup.table}_delete after delete on ${rollup.source} begin ${upsert(rollup, 'old', '-')} end`,
    `create trigger ${rollup.table}_update after update on ${rollup.source} when ${changed}
      begin ${upsert(rollup, 'old', '-')} ${upsert(rollup, 'new', '')} end`,
  ]) {
    await sql.raw(statement).execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const rollup of [ORDER_ROLLUP, LEDGER_ROLLUP]) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger if exists ${rollup.table}_insert_delete on ${rollup.source}`).execute(db)
      await sql.raw(`drop trigger if exists ${rollup.table}_update on ${rollup.source}`).execute(db)
      await sql.raw(`drop function if exists ${rollup.table}_apply()`).execute(db)
    } else {
      for (const operation of ['insert', 'delete', 'update']) {
        await sql.raw(`drop trigger if exists ${rollup.table}_${operation}`).execute(db)
      }
    }
  }
  await db.schema.dropIndex('orders_user_active').execute()
  for (const table of ['upstream_call_rollups', 'ledger_rollups', 'order_rollups']) {
    await db.schema.dropTable(table).execute()
  }
  await db.schema.alterTable('orders').dropColumn('cost').execute()
}
