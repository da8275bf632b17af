import type { Kysely } from 'kysely'

// Payments. Two things the payments table of 0001 cannot hold:
// - gateway_payment_id: NOWPayments reports on a payment made against our invoice, and asking for that
//   payment's status later needs its own id; the first IPN names it, so the reconcile job can ask even when the
//   final IPN never arrives.
// - sandbox_outcomes: the sandbox gateway's own record of what the customer chose on its checkout page (what a
//   real gateway keeps on its side), so the reconcile job can ask the sandbox the way it asks any gateway.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('gateway_payment_id', 'text').execute()
  await db.schema
    .createTable('sandbox_outcomes')
    .addColumn('order_id', 'text', (col) => col.primaryKey().references('payments.order_id'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('amount_usd', 'text', (col) => col.notNull())
    .addColumn('txid', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_outcomes').execute()
  await db.schema.alterTable('payments').dropColumn('gateway_payment_id').execute()
}
