import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect'

// The operator console (ADR 070).
//
// audit_log: one row per operator write: who (id, and the email and role they had then, so the row still reads
// after the account changes), the action, its target ('order:42'), the target's JSON before and after, the
// reason given, and when. Rows are only ever inserted.
//
// providers.margin_basis_points: the margin rule of a provider, in hundredths of a percent (1250 = 12.5 %): our
// rate for a mapped service = their rate × (1 + margin), set when the rule is applied. Null = no rule.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db)
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey()
  const idType = postgres ? 'bigint' : 'integer'

  await db.schema
    .createTable('audit_log')
    .addColumn('id', idType, id)
    // No foreign key: the log outlives the accounts it names.
    .addColumn('actor_id', 'bigint', (col) => col.notNull())
    .addColumn('actor_email', 'text', (col) => col.notNull())
    .addColumn('actor_role', 'text', (col) => col.notNull().check(sql`actor_role in ('support', 'admin')`))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target', 'id']).execute()
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute()

  await db.schema.alterTable('providers').addColumn('margin_basis_points', 'bigint').execute()
  // The console lists a user's payments and filters orders by service.
  await db.schema.createIndex('orders_service').on('orders').columns(['service_id', 'id']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_service').execute()
  await db.schema.alterTable('providers').dropColumn('margin_basis_points').execute()
  await db.schema.dropTable('audit_log').execute()
}
