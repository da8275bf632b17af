import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect'

// Core tables. Later areas add their own numbered migrations; a migration is never edited once landed.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db)
  // SQLite's INTEGER PRIMARY KEY is the rowid; PostgreSQL gets an identity column. Both hand out increasing ids,
  // which keyset pagination relies on.
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey()
  const idType = postgres ? 'bigint' : 'integer'
  const now = (col: ColumnDefinitionBuilder) => col.notNull()

  await db.schema
    .createTable('users')
    .addColumn('id', idType, id)
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('google_sub', 'text', (col) => col.unique())
    .addColumn('role', 'text', (col) =>
      col
        .notNull()
        .defaultTo('customer')
        .check(sql`role in ('customer', 'support', 'admin')`),
    )
    .addColumn('balance', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    .addColumn('phone', 'text')
    .addColumn('timezone', 'text', (col) => col.notNull().defaultTo('UTC'))
    .addColumn('profile_photo', 'text')
    .addColumn('disabled_at', 'bigint')
    .addColumn('created_at', 'bigint', now)
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', now)
    .addColumn('last_used_at', 'bigint', now)
    .addColumn('expires_at', 'bigint', now)
    .execute()
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute()

  await db.schema
    .createTable('auth_attempts')
    .addColumn('id', idType, id)
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', now)
    .execute()
  await db.schema
    .createIndex('auth_attempts_lookup')
    .on('auth_attempts')
    .columns(['action', 'subject', 'created_at'])
    .execute()

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', now)
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', now)
    .execute()

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', idType, id)
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', now)
    .addColumn('sent_at', 'bigint')
    .execute()

  await db.schema
    .createTable('ai_settings')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('temperature', 'real', (col) => col.notNull())
    .addColumn('max_tokens', 'integer', (col) => col.notNull())
    .addColumn('top_p', 'real', (col) => col.notNull())
    .addColumn('frequency_penalty', 'real', (col) => col.notNull())
    .addColumn('presence_penalty', 'real', (col) => col.notNull())
    .addColumn('system_prompt', 'text', (col) => col.notNull())
    .addColumn('user_prompt', 'text', (col) => col.notNull())
    .addColumn('api_key_encrypted', 'text')
    .addColumn('last_used_at', 'bigint', now)
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .addPrimaryKeyConstraint('ai_settings_pk', ['user_id', 'id'])
    .execute()

  await db.schema
    .createTable('services')
    .addColumn('id', idType, id)
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('category', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('rate_per_1k', 'bigint', (col) => col.notNull().check(sql`rate_per_1k >= 0`))
    .addColumn('min_quantity', 'integer', (col) => col.notNull())
    .addColumn('max_quantity', 'integer', (col) => col.notNull())
    .addColumn('is_ai', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('refill', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cancel', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('provider_id', 'bigint')
    .addColumn('remote_service_id', 'text')
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .execute()

  await db.schema
    .createTable('updates')
    .addColumn('id', idType, id)
    .addColumn('icon', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('url', 'text')
    .addColumn('date_at', 'bigint', now)
    .execute()

  await db.schema
    .createTable('contact_methods')
    .addColumn('id', idType, id)
    .addColumn('icon', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('url', 'text')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('note', 'text')
    .addColumn('created_at', 'bigint', now)
    .execute()
  await db.schema.createIndex('ledger_entries_user').on('ledger_entries').columns(['user_id', 'id']).execute()

  await db.schema
    .createTable('orders')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('service_id', 'bigint', (col) => col.notNull().references('services.id'))
    .addColumn('service_type', 'text', (col) => col.notNull())
    .addColumn('target_url', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('charge', 'bigint', (col) => col.notNull())
    .addColumn('refunded', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('start_count', 'integer')
    .addColumn('remains', 'integer')
    .addColumn('custom_comment', 'text')
    .addColumn('ai_setting', 'text')
    .addColumn('subscription_id', 'bigint')
    .addColumn('paused_reason', 'text')
    .addColumn('provider_id', 'bigint')
    .addColumn('upstream_order_id', 'text')
    .addColumn('upstream_attempted_at', 'bigint')
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .addCheckConstraint('orders_refund_bounded', sql`refunded >= 0 and refunded <= charge`)
    .execute()
  // Newest-first keyset pagination of a customer's orders.
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'id']).execute()
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'id']).execute()
  // "No multiple orders for the same link at the same time", held by the database so that concurrent
  // requests cannot both pass a check. Subscription periods are exempt: they are one order stream by design.
  await db.schema
    .createIndex('orders_one_active_per_link')
    .on('orders')
    .columns(['user_id', 'service_id', 'target_url'])
    .unique()
    .where(sql<boolean>`status in ('pending', 'processing', 'paused') and subscription_id is null`)
    .execute()

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('service_id', 'bigint', (col) => col.notNull().references('services.id'))
    .addColumn('service_type', 'text', (col) => col.notNull())
    .addColumn('plan', 'text', (col) => col.notNull())
    .addColumn('target_url', 'text', (col) => col.notNull())
    .addColumn('renewal_period', 'text', (col) => col.notNull())
    .addColumn('quantity_per_period', 'integer', (col) => col.notNull())
    .addColumn('start_at', 'bigint', now)
    .addColumn('end_at', 'bigint', now)
    .addColumn('period_count', 'integer', (col) => col.notNull())
    .addColumn('periods_placed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_run_at', 'bigint')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('ai_setting_ids', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('note', 'text')
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .execute()
  await db.schema.createIndex('subscriptions_user').on('subscriptions').columns(['user_id', 'id']).execute()
  await db.schema
    .createIndex('subscriptions_due')
    .on('subscriptions')
    .columns(['status', 'next_run_at'])
    .execute()

  await db.schema
    .createTable('jobs')
    .addColumn('id', idType, id)
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('queued'))
    .addColumn('run_at', 'bigint', now)
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('unique_key', 'text', (col) => col.unique())
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .execute()
  // Workers look for due queued jobs and for running jobs whose lease expired.
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute()

  await db.schema
    .createTable('payments')
    .addColumn('id', idType, id)
    .addColumn('order_id', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('gateway', 'text', (col) => col.notNull())
    .addColumn('gateway_id', 'text')
    .addColumn('amount_requested', 'bigint', (col) => col.notNull())
    .addColumn('amount_credited', 'bigint')
    .addColumn('currency', 'text')
    .addColumn('network', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('gateway_status', 'text')
    .addColumn('txid', 'text')
    .addColumn('details', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('payment_url', 'text')
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .addColumn('credited_at', 'bigint')
    .addUniqueConstraint('payments_gateway_id', ['gateway', 'gateway_id'])
    .execute()
  await db.schema.createIndex('payments_user').on('payments').columns(['user_id', 'id']).execute()
  await db.schema.createIndex('payments_status').on('payments').columns(['status', 'created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'payments',
    'jobs',
    'subscriptions',
    'orders',
    'ledger_entries',
    'contact_methods',
    'updates',
    'services',
    'ai_settings',
    'mail_outbox',
    'password_resets',
    'auth_attempts',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
