import type { Kysely } from 'kysely'

// A subscription keeps the rate it was sold at: its total cost is quoted at creation, and every later
// period is charged at that same rate, whatever the service costs by then.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('rate_per_1k', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('rate_per_1k').execute()
}
