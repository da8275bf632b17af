import type { Kysely } from 'kysely'

// idempotency_keys: the answer to a money-moving request sent with an `Idempotency-Key` header, kept 24 hours
// so a client that retries after a lost answer gets the first answer again instead of a second order or
// invoice. One row per account and key; `request_hash` tells a retry from a different request under the same
// key; `status` is null while the first request still runs.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('status', 'integer')
    .addColumn('body', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute()
  await db.schema
    .createIndex('idempotency_keys_created')
    .on('idempotency_keys')
    .column('created_at')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute()
}
