import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect'

// Drip-feed orders. The order row keeps what the customer bought (quantity = every run's units together,
// charged once) and its progress: runs, the interval in minutes, how many runs were sent and when the next one
// is due. order_runs holds each run as its own upstream placement: its share of the order's charge, its
// schedule, its upstream id and what it delivered and refunded. A run's status:
// scheduled (not sent) → processing (the provider has it) → completed | partial | cancelled, or failed (never
// placed: refused, or no provider), or paused (its placement could not be confirmed; under review).
//
// The partial index holds the runs the status sync polls, by provider.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db)
  await db.schema.alterTable('orders').addColumn('runs', 'integer').execute()
  await db.schema.alterTable('orders').addColumn('run_interval', 'integer').execute()
  await db.schema
    .alterTable('orders')
    .addColumn('runs_sent', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('orders').addColumn('next_run_at', 'bigint').execute()
  await db.schema
    .createTable('order_runs')
    .addColumn('id', postgres ? 'bigint' : 'integer', (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('order_id', 'bigint', (col) => col.notNull().references('orders.id'))
    .addColumn('run', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('share', 'bigint', (col) => col.notNull())
    .addColumn('refunded', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('run_at', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('provider_id', 'bigint')
    .addColumn('upstream_order_id', 'text')
    .addColumn('upstream_attempted_at', 'bigint')
    .addColumn('start_count', 'integer')
    .addColumn('remains', 'integer')
    .addColumn('note', 'text')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('order_runs_order_run', ['order_id', 'run'])
    .addCheckConstraint('order_runs_refund_bounded', sql`refunded >= 0 and refunded <= share`)
    .execute()
  await db.schema
    .createIndex('order_runs_processing')
    .on('order_runs')
    .columns(['provider_id', 'id'])
    .where(sql<boolean>`status = 'processing'`)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_runs').execute()
  for (const column of ['next_run_at', 'runs_sent', 'run_interval', 'runs']) {
    await db.schema.alterTable('orders').dropColumn(column).execute()
  }
}
