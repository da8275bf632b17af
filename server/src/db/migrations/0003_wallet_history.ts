import type { Kysely } from 'kysely'

// The wallet's transaction history pages through a user's ledger entries and payments together, newest first
// by (created_at, id): these indexes let each page read only its own rows instead of sorting the whole history.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('ledger_entries_user_created')
    .on('ledger_entries')
    .columns(['user_id', 'created_at', 'id'])
    .execute()
  await db.schema
    .createIndex('payments_user_created')
    .on('payments')
    .columns(['user_id', 'created_at', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_user_created').execute()
  await db.schema.dropIndex('ledger_entries_user_created').execute()
}
