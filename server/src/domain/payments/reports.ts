import { usdToMicros } from '@engage/contract'
import { type PaymentGateways, type PaymentReport, WebhookRejectedError } from '../../adapters/payments'
import type { Db } from '../../db/connect'
import type { PaymentStatus } from '../../db/schema'
import { credit } from '../ledger'
import { notify } from '../notifications/notify'
import { paymentReference } from '../wallet'
import { depositIdempotencyKey } from './gateways'
import { recordAccountActivity } from '../workspaces/activity'

// Reports: webhooks and fetched statuses.

export type ReportOutcome =
  /** No payment of that gateway has the report's order id (or it names another invoice): nothing changed. */
  | { kind: 'unknown_payment' }
  /** The payment moved to completed and its ledger entry was written, now. */
  | { kind: 'credited'; orderId: string; userId: number; amount: number }
  /** The payment took the report's status (pending details, or failed). */
  | { kind: 'updated'; orderId: string; status: PaymentStatus }
  /** The report came too late to change anything (a pending after paid, a repeat of the final status). */
  | { kind: 'unchanged'; orderId: string }

/** Micro-USD to credit for a report, or undefined when the report credits nothing. */
function creditableAmount(report: PaymentReport): number | undefined {
  if (!report.final || (report.state !== 'paid' && report.state !== 'partially_paid')) return undefined
  if (report.amountReceivedUsd === undefined) return undefined
  // The adapter gives a decimal string of at most 6 places: exact in micro-USD.
  const amount = usdToMicros(report.amountReceivedUsd)
  return amount > 0 ? amount : undefined
}

/**
 * Applies what a gateway says about a payment. One transaction:
 * - a final paid or partially paid report credits what the gateway says was finally received, once: the
 *   payment row moves to completed only `WHERE status <> 'completed'`, so of two concurrent reports one
 *   updates the row and the other finds it completed (PostgreSQL re-checks the condition after the first
 *   commits; SQLite runs one write transaction at a time), and the ledger's unique key backs that up;
 * - a final failed or expired report marks a pending payment failed (a completed one stays completed: a
 *   credit is never undone here);
 * - any other report refreshes a pending payment's gateway status and details.
 * A paid report for a payment marked failed still credits it: the money arrived.
 */
export async function applyPaymentReport(db: Db, report: PaymentReport, now: number): Promise<ReportOutcome> {
  return db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('gateway', '=', report.gateway)
      .where('order_id', '=', report.orderId)
      .executeTakeFirst()
    if (!payment) return { kind: 'unknown_payment' }
    if (payment.gateway_id !== null && report.gatewayId !== '' && report.gatewayId !== payment.gateway_id) {
      return { kind: 'unknown_payment' }
    }

    const observed = {
      gateway_status: report.gatewayStatus,
      details: JSON.stringify(report.details),
      updated_at: now,
      ...(payment.gateway_id === null && report.gatewayId !== '' ? { gateway_id: report.gatewayId } : {}),
      ...(report.gatewayPaymentId ? { gateway_payment_id: report.gatewayPaymentId } : {}),
      ...(report.txid ? { txid: report.txid } : {}),
      // The sandbox reports the invoice's currency (USD), which says nothing about how the customer paid.
      ...(report.currency && report.currency !== 'USD' ? { currency: report.currency } : {}),
      ...(report.network ? { network: report.network } : {}),
    }

    const amount = creditableAmount(report)
    if (amount !== undefined) {
      const completed = await trx
        .updateTable('payments')
        .set({ ...observed, status: 'completed', amount_credited: amount, credited_at: now })
        .where('id', '=', payment.id)
        .where('status', '<>', 'completed')
        .executeTakeFirst()
      if (Number(completed.numUpdatedRows) !== 1) return { kind: 'unchanged', orderId: payment.order_id }
      const written = await credit(trx, {
        userId: payment.user_id,
        amount,
        kind: 'deposit',
        reference: paymentReference(payment.order_id),
        idempotencyKey: depositIdempotencyKey(payment),
        note: null,
        // The member who started the payment, though the gateway's report is what credits it.
        actorUserId: payment.started_by === null ? null : Number(payment.started_by),
        now,
      })
      if (!written) {
        // The row said "not completed" but its entry exists: refuse to guess, roll the update back.
        throw new Error(`Payment ${payment.order_id} already has its ledger entry`)
      }
      const { balance } = await trx
        .selectFrom('users')
        .select('balance')
        .where('id', '=', payment.user_id)
        .executeTakeFirstOrThrow()
      await notify(trx, payment.user_id, 'deposit_credited', { amount, balance: Number(balance) }, now)
      await recordAccountActivity(trx, {
        accountId: payment.user_id,
        actorUserId: null,
        action: 'deposit.credited',
        subject: `payment:${payment.order_id}`,
        detail: { amount: amount / 1_000_000, gateway: payment.gateway },
        now,
      })
      return { kind: 'credited', orderId: payment.order_id, userId: payment.user_id, amount }
    }

    const status: PaymentStatus = report.final ? 'failed' : 'pending'
    const updated = await trx
      .updateTable('payments')
      .set({ ...observed, status })
      .where('id', '=', payment.id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    return Number(updated.numUpdatedRows) === 1
      ? { kind: 'updated', orderId: payment.order_id, status }
      : { kind: 'unchanged', orderId: payment.order_id }
  })
}

export type WebhookAnswer =
  | { status: 200; outcome: ReportOutcome & { kind: 'credited' | 'updated' | 'unchanged' } }
  | { status: 400 | 401 | 404; detail: string; reason: string }

export const WEBHOOK_UNKNOWN_PROVIDER = 'Unknown payment provider'
export const WEBHOOK_UNKNOWN_PAYMENT = 'Unknown payment'
export const WEBHOOK_BAD_SIGNATURE = 'Invalid signature'
export const WEBHOOK_MALFORMED = 'Malformed webhook'

/**
 * A gateway's webhook, from its raw body and headers: verified by the gateway's adapter, then applied. Forged,
 * tampered, malformed and unknown webhooks answer 4xx and change nothing. The sandbox's checkout page calls
 * this in-process when the server cannot reach its own public URL.
 */
export async function receiveWebhook(
  db: Db,
  gateways: PaymentGateways | undefined,
  input: { provider: string; rawBody: string; headers: Headers; now: number },
): Promise<WebhookAnswer> {
  const gateway = gateways?.get(input.provider)
  if (!gateway) return { status: 404, detail: WEBHOOK_UNKNOWN_PROVIDER, reason: 'unknown_provider' }
  let report: PaymentReport
  try {
    report = gateway.verifyWebhook({ rawBody: input.rawBody, headers: input.headers })
  } catch (error) {
    if (!(error instanceof WebhookRejectedError)) throw error
    const signature = error.reason === 'missing_signature' || error.reason === 'bad_signature'
    return signature
      ? { status: 401, detail: WEBHOOK_BAD_SIGNATURE, reason: error.reason }
      : { status: 400, detail: WEBHOOK_MALFORMED, reason: error.reason }
  }
  const outcome = await applyPaymentReport(db, report, input.now)
  if (outcome.kind === 'unknown_payment') {
    return { status: 404, detail: WEBHOOK_UNKNOWN_PAYMENT, reason: 'unknown_payment' }
  }
  return { status: 200, outcome }
}
