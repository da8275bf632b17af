import { type Kysely, sql } from 'kysely'

// orders.completed_at: when an order became completed, so the services catalogue can show how long a service
// takes (the average of completed_at − created_at over the last 30 days). updated_at cannot stand in for it: a
// refund by an operator or a refill touches a completed order afterwards. Existing completed orders take their
// updated_at, the best instant they have.
//
// The partial index holds exactly the rows the average reads, ordered by completion instant and carrying
// service_id and created_at, so both databases answer the 30-day window from the index alone.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('completed_at', 'bigint').execute()
  await sql`update orders set completed_at = updated_at where status = 'completed'`.execute(db)
  await db.schema
    .createIndex('orders_completed_at')
    .on('orders')
    .columns(['completed_at', 'service_id', 'created_at'])
    .where(sql<boolean>`completed_at is not null`)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_completed_at').execute()
  await db.schema.alterTable('orders').dropColumn('completed_at').execute()
}
