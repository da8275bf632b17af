import type { Kysely } from 'kysely'

// A subscription period whose charge the balance cannot cover is skipped. Counting the skipped ones
// beside periods_placed tells which period comes next (placed + skipped + 1) and when the schedule is over
// (placed + skipped = period_count), whatever happened on the way.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('periods_skipped', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('periods_skipped').execute()
}
