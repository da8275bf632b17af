import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect'

// Affiliates (ADR 240).
// - users.referral_code: the code of the customer's referral link (/r/{code}), given the first time the
//   customer opens the affiliate page; unique, null until then.
// - referrals: who referred whom, one row per referred account, written when the account is created and never
//   changed (the primary key refuses a second referrer).
// - referral_visits: how many counted visits a referral link had per UTC day; nothing about the visitor.
// - referral_earnings: one per referred customer's order that ended completed or partial: the commission
//   (rate × what the order kept) waits as 'pending' until available_at (the hold), then is credited to the
//   referrer's balance by a ledger entry of kind 'referral' ('paid'); a refund during the hold recomputes it,
//   and one that leaves nothing kept makes it 'reversed'.
// - affiliate_settings: the operator's commission rate (basis points) and hold (days); one row.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db)
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey()

  await db.schema.alterTable('users').addColumn('referral_code', 'text').execute()
  await db.schema.createIndex('users_referral_code').on('users').column('referral_code').unique().execute()

  await db.schema
    .createTable('referrals')
    .addColumn('referred_id', 'bigint', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('referrer_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addCheckConstraint('referrals_not_self', sql`referred_id <> referrer_id`)
    .execute()
  await db.schema
    .createIndex('referrals_referrer')
    .on('referrals')
    .columns(['referrer_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('referral_visits')
    .addColumn('referrer_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The UTC day, 'YYYY-MM-DD'.
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('visits', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('referral_visits_pk', ['referrer_id', 'day'])
    .execute()

  await db.schema
    .createTable('referral_earnings')
    .addColumn('id', postgres ? 'bigint' : 'integer', id)
    .addColumn('referrer_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('referred_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('order_id', 'bigint', (col) => col.notNull().unique().references('orders.id'))
    .addColumn('rate_basis_points', 'bigint', (col) => col.notNull())
    .addColumn('kept', 'bigint', (col) => col.notNull().check(sql`kept >= 0`))
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'paid', 'reversed')`))
    .addColumn('available_at', 'bigint', (col) => col.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('referral_earnings_referrer')
    .on('referral_earnings')
    .columns(['referrer_id', 'id'])
    .execute()
  await db.schema
    .createIndex('referral_earnings_due')
    .on('referral_earnings')
    .columns(['status', 'available_at'])
    .execute()

  await db.schema
    .createTable('affiliate_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('rate_basis_points', 'bigint', (col) => col.notNull())
    .addColumn('hold_days', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute()
  // 10 % after 14 days until the operator says otherwise.
  await sql`insert into affiliate_settings (id, rate_basis_points, hold_days, updated_at) values (1, 1000, 14, 0)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('affiliate_settings').execute()
  await db.schema.dropTable('referral_earnings').execute()
  await db.schema.dropTable('referral_visits').execute()
  await db.schema.dropTable('referrals').execute()
  await db.schema.dropIndex('users_referral_code').execute()
  await db.schema.alterTable('users').dropColumn('referral_code').execute()
}
