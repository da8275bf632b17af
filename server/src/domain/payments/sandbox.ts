import { randomBytes } from 'node:crypto'
import type { SandboxOutcome, SandboxOutcomeLookup, SandboxOutcomeStatus } from '../../adapters/payments'
import { formatMicroUsd } from '../../adapters/payments/amounts'
import type { Db } from '../../db/connect'
import type { Payment } from '../../db/schema'

// The sandbox gateway's side.

/** The sandbox's record of its checkout pages, as the gateways' fetchStatus reads it. */
export function sandboxOutcomeLookup(db: Db): SandboxOutcomeLookup {
  return async (orderId) => {
    const row = await db
      .selectFrom('sandbox_outcomes')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst()
    return row && { orderId: row.order_id, status: row.status, amountUsd: row.amount_usd, txid: row.txid }
  }
}

/** A payment the sandbox checkout page may show: a sandbox payment still waiting for its outcome. */
export async function pendingSandboxPayment(db: Db, orderId: string): Promise<Payment | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('gateway', '=', 'sandbox')
    .where('status', '=', 'pending')
    .executeTakeFirst()
}

/**
 * Records what the customer chose on the sandbox checkout page. The first choice stands: a second click (or the
 * other button in another tab) answers the recorded outcome, so its webhook is a harmless repeat. Undefined
 * when the order is not a sandbox payment, or when it was closed (failed at creation, expired) before any
 * choice was made.
 */
export async function recordSandboxOutcome(
  db: Db,
  input: { orderId: string; status: SandboxOutcomeStatus; now: number },
): Promise<SandboxOutcome | undefined> {
  const lookup = sandboxOutcomeLookup(db)
  const recorded = await lookup(input.orderId)
  if (recorded) return recorded
  const payment = await pendingSandboxPayment(db, input.orderId)
  if (!payment) return undefined
  await db
    .insertInto('sandbox_outcomes')
    .values({
      order_id: payment.order_id,
      status: input.status,
      amount_usd: formatMicroUsd(BigInt(payment.amount_requested)),
      txid: `sandbox-${randomBytes(16).toString('hex')}`,
      created_at: input.now,
    })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .execute()
  return lookup(input.orderId)
}
