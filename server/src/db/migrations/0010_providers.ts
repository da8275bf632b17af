import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect'

// Upstream providers: the SMM panels orders are placed with, and the catalogue each one offers.
// A service of ours maps to one provider and one of its remote services through services.provider_id and
// services.remote_service_id (0001); provider_services keeps what `provider:import` read, so an operator can
// compare our rates with theirs and map a service without asking the provider again.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db)
  await db.schema
    .createTable('providers')
    .addColumn('id', postgres ? 'bigint' : 'integer', (col) =>
      postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey(),
    )
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('api_url', 'text', (col) => col.notNull())
    .addColumn('api_key_encrypted', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('provider_services')
    .addColumn('provider_id', 'bigint', (col) => col.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('remote_service_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('rate_per_1k', 'bigint', (col) => col.notNull().check(sql`rate_per_1k >= 0`))
    .addColumn('min_quantity', 'integer', (col) => col.notNull())
    .addColumn('max_quantity', 'integer', (col) => col.notNull())
    .addColumn('refill', 'integer', (col) => col.notNull())
    .addColumn('cancel', 'integer', (col) => col.notNull())
    .addColumn('imported_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('provider_services_pk', ['provider_id', 'remote_service_id'])
    .execute()

  // The status sync reads the processing orders of each provider.
  await db.schema
    .createIndex('orders_provider_status')
    .on('orders')
    .columns(['provider_id', 'status', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_provider_status').execute()
  await db.schema.dropTable('provider_services').execute()
  await db.schema.dropTable('providers').execute()
}
