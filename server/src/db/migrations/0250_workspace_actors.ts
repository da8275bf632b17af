import { type Kysely, sql } from 'kysely'

// Who in a workspace made each ledger entry happen (ADR 280): the ledger's actor_user_id (0240) was set only on
// order debits; deposits, refunds and subscription renewals name their member too, and refunds and renewals
// count in that member's monthly spend. Two rows gain the person behind them, since the entry is written later
// by no request of theirs:
//
// payments.started_by: the member who started the deposit; its credit (a gateway's webhook, the reconcile
// job) names them as its actor. Null for payments started before this migration without a logged starter.
// subscriptions.created_by: the member who created the subscription; its renewals are their debits, counted
// against their monthly limit. Null for subscriptions of before: their renewals count against nobody, as before.
//
// Both are filled for what is still to come (payments not yet credited, subscriptions still running) from the
// workspace's activity log, which has named who started each deposit and created each subscription since 0240.
// Refunds need no column: the order's charge entry names the member who placed it and the month it was charged.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('started_by', 'bigint').execute()
  await db.schema.alterTable('subscriptions').addColumn('created_by', 'bigint').execute()

  await sql`update payments set started_by = (
      select a.actor_user_id from workspace_activity a
      where a.action = 'deposit.started' and a.subject = 'payment:' || payments.order_id
      order by a.id limit 1)
    where status <> 'completed'`.execute(db)
  await sql`update subscriptions set created_by = (
      select a.actor_user_id from workspace_activity a
      where a.action = 'subscription.created' and a.subject = 'subscription:' || subscriptions.id
      order by a.id limit 1)
    where status in ('active', 'paused')`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('created_by').execute()
  await db.schema.alterTable('payments').dropColumn('started_by').execute()
}
