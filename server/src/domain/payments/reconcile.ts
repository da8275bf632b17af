import type { PaymentGateways } from '../../adapters/payments'
import type { Db } from '../../db/connect'
import type { Logger } from '../../logger'
import type { Clock } from '../clock'
import { RECONCILE_AFTER_MS, RECONCILE_WITHIN_MS } from './gateways'
import { applyPaymentReport } from './reports'

// Reconciliation.

export interface ReconcileSummary {
  /** Pending payments asked about. */
  checked: number
  credited: number
  /** Payments whose status changed without a credit (failed, or new pending details). */
  updated: number
  /** Gateways that could not be asked (unreachable, refused, or switched off): asked again next round. */
  errors: number
  /** Pending payments past RECONCILE_WITHIN_MS, marked failed. */
  expired: number
}

/**
 * One round of the reconcile job: asks the gateway about each payment still pending RECONCILE_AFTER_MS after it
 * was created (its webhook should have come by then) and applies the answer as a webhook would be; marks failed
 * the payments still pending after RECONCILE_WITHIN_MS.
 */
export async function reconcilePendingPayments(input: {
  db: Db
  gateways: PaymentGateways
  clock: Clock
  logger: Logger
  /** Payments asked about in one round, oldest first; the rest wait for the next round. */
  limit?: number
}): Promise<ReconcileSummary> {
  const { db, gateways, clock, logger } = input
  const startedAt = clock.now()
  const summary: ReconcileSummary = { checked: 0, credited: 0, updated: 0, errors: 0, expired: 0 }

  const expired = await db
    .updateTable('payments')
    .set({ status: 'failed', updated_at: startedAt })
    .where('status', '=', 'pending')
    .where('created_at', '<', startedAt - RECONCILE_WITHIN_MS)
    .executeTakeFirst()
  summary.expired = Number(expired.numUpdatedRows)

  const due = await db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<=', startedAt - RECONCILE_AFTER_MS)
    .where('created_at', '>=', startedAt - RECONCILE_WITHIN_MS)
    .orderBy('created_at')
    .orderBy('id')
    .limit(input.limit ?? 100)
    .execute()

  for (const payment of due) {
    summary.checked += 1
    const gateway = gateways.get(payment.gateway)
    if (!gateway) {
      summary.errors += 1
      logger.warn('Reconcile: the payment gateway is not enabled', {
        orderId: payment.order_id,
        gateway: payment.gateway,
      })
      continue
    }
    try {
      const report = await gateway.fetchStatus({
        orderId: payment.order_id,
        gatewayId: payment.gateway_id ?? undefined,
        gatewayPaymentId: payment.gateway_payment_id ?? undefined,
      })
      const outcome = await applyPaymentReport(db, report, clock.now())
      if (outcome.kind === 'credited') summary.credited += 1
      if (outcome.kind === 'updated') summary.updated += 1
      if (outcome.kind === 'unknown_payment') {
        summary.errors += 1
        logger.warn('Reconcile: the gateway answered about another payment', {
          orderId: payment.order_id,
          gateway: payment.gateway,
        })
      }
    } catch (error) {
      summary.errors += 1
      logger.warn('Reconcile: could not get the payment status', {
        orderId: payment.order_id,
        gateway: payment.gateway,
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }
  return summary
}
