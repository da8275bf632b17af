import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect'

// API access for customers: the keys customers call the SMM panel API v2 with, and the refills they
// ask for through it.
//
// api_keys: only the SHA-256 of a key is stored (key_hash), so a leaked table holds no usable key; `prefix` is
// the key's first characters, shown in the list so a customer can tell keys apart. A revoked key keeps its row
// (revoked_at) so the list can say when it stopped working; it never authenticates again.
//
// refills: one row per `refill` call, followed by the `refill-order` job that asks the order's provider and
// tracks the provider's refill until it ends. At most one refill of an order is active at a time, held by a
// partial unique index so two concurrent calls cannot both pass a check.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db)
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey()
  const idType = postgres ? 'bigint' : 'integer'

  await db.schema
    .createTable('api_keys')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute()
  await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute()

  await db.schema
    .createTable('refills')
    .addColumn('id', idType, id)
    .addColumn('order_id', 'bigint', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'in_progress', 'completed', 'rejected', 'error')`),
    )
    // The provider's id for the refill, once its `refill` answered; null before.
    .addColumn('upstream_refill_id', 'text')
    // Why a refill was rejected or could not be asked for, for support.
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('refills_one_active_per_order')
    .on('refills')
    .column('order_id')
    .unique()
    .where(sql<boolean>`status in ('pending', 'in_progress')`)
    .execute()
  await db.schema.createIndex('refills_user').on('refills').column('user_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('refills').execute()
  await db.schema.dropTable('api_keys').execute()
}
