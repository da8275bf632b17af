import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect'

// Workspaces (ADR 270). The money and everything owned stay keyed by the account row they always were
// (users.id: its balance, its ledger entries, its orders, subscriptions, AI settings and API keys); a workspace
// is a thin row naming that account, and people reach it through their membership.
//
// workspaces: one per account (account_id unique). Every existing user gets one here, their personal
// workspace, with themselves as its owner; new accounts get theirs when they are created. No money moves.
// workspace_members: who may act on the workspace's account, with which role, and the member's monthly spend
// limit (null: none).
// workspace_invitations: an invitation by e-mail, found by the SHA-256 of its token; single use, expiring.
// member_monthly_spend: what a member spent of the workspace's money in a calendar month (UTC), raised by a
// conditional update in the transaction of the debit, which is what makes the limit race-free.
// workspace_activity: the workspace's activity log (who placed, cancelled, deposited, changed a setting or a
// member), written in the same transaction as the change.
//
// ledger_entries.actor_user_id: the person who made the entry happen; null for history and for entries no
// person made (a refund of an order the provider could not deliver, a deposit's webhook).
// sessions.workspace_id: the workspace the session acts in; null is the person's own.
// api_keys.member_user_id: the member the key acts as (its user_id stays the account it acts on).

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db)
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey()
  const idType = postgres ? 'bigint' : 'integer'
  const roles = sql`role in ('owner', 'admin', 'member', 'viewer')`

  await db.schema
    .createTable('workspaces')
    .addColumn('id', idType, id)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('account_id', 'bigint', (col) =>
      col.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'bigint', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().check(roles))
    .addColumn('monthly_limit', 'bigint', (col) => col.check(sql`monthly_limit >= 0`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
    .execute()
  await db.schema.createIndex('workspace_members_user').on('workspace_members').column('user_id').execute()

  await db.schema
    .createTable('workspace_invitations')
    .addColumn('id', idType, id)
    .addColumn('workspace_id', 'bigint', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(roles))
    .addColumn('monthly_limit', 'bigint', (col) => col.check(sql`monthly_limit >= 0`))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('invited_by', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('accepted_by', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('workspace_invitations_workspace')
    .on('workspace_invitations')
    .column('workspace_id')
    .execute()

  await db.schema
    .createTable('member_monthly_spend')
    .addColumn('workspace_id', 'bigint', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (col) => col.notNull())
    /** 'YYYY-MM', UTC. */
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('spent', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`spent >= 0`),
    )
    .addPrimaryKeyConstraint('member_monthly_spend_pk', ['workspace_id', 'user_id', 'month'])
    .execute()

  await db.schema
    .createTable('workspace_activity')
    .addColumn('id', idType, id)
    .addColumn('workspace_id', 'bigint', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('actor_user_id', 'bigint')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('workspace_activity_workspace')
    .on('workspace_activity')
    .columns(['workspace_id', 'id'])
    .execute()

  await db.schema.alterTable('ledger_entries').addColumn('actor_user_id', 'bigint').execute()
  await db.schema.alterTable('sessions').addColumn('workspace_id', 'bigint').execute()
  await db.schema.alterTable('api_keys').addColumn('member_user_id', 'bigint').execute()

  // The backfill: a personal workspace per account, its owner the account's person, and every key acting as
  // the person who made it. Balances, orders and ledger entries are not touched.
  await sql`insert into workspaces (name, account_id, created_at)
    select username, id, created_at from users order by id`.execute(db)
  await sql`insert into workspace_members (workspace_id, user_id, role, monthly_limit, created_at)
    select id, account_id, 'owner', null, created_at from workspaces`.execute(db)
  await sql`update api_keys set member_user_id = user_id`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('member_user_id').execute()
  await db.schema.alterTable('sessions').dropColumn('workspace_id').execute()
  await db.schema.alterTable('ledger_entries').dropColumn('actor_user_id').execute()
  for (const table of [
    'workspace_activity',
    'member_monthly_spend',
    'workspace_invitations',
    'workspace_members',
    'workspaces',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
