import { sql } from 'kysely'
import { SmmRejectedError, SmmTransientError } from '../../adapters/smm'
import { creditOrderRefund } from '../ledger'
import { notifyOrderEnded } from '../notifications/notify'
import { cancelRefusedNote, cancelUnsentNote } from './texts'
import { type AppliedStatus, type FulfilmentDeps, loadOrder, loadProvider } from './common'
import { cancelUpstreamRuns } from './runs'
import { applyUpstreamStatus } from './sync'

// Asking the upstream to cancel a processing order (the cancel-order job); the order ends when the sync
// sees the provider's Canceled, and a refusal is noted on the order, which goes on.

export type CancelOutcome =
  /** The order ended (cancelled, partial or completed) and what was not delivered is refunded. */
  | { outcome: 'ended'; status: AppliedStatus }
  /** The provider accepted; the order ends when its status says Canceled (the sync applies it). */
  | { outcome: 'requested' }
  /** The provider refused; the order goes on, with the reason in paused_reason. */
  | { outcome: 'refused'; reason: string }
  /** Not pending or processing any more. */
  | { outcome: 'not-active' }
  /** Its dispatch has not finished: there is no upstream id to cancel yet. */
  | { outcome: 'waiting'; reason: string }

async function noteOnProcessingOrder(
  deps: FulfilmentDeps,
  orderId: number,
  note: string | null,
): Promise<void> {
  await deps.db
    .updateTable('orders')
    .set({ paused_reason: note, updated_at: deps.clock.now() })
    .where('id', '=', orderId)
    .where('status', '=', 'processing')
    .execute()
}

/**
 * Asks the provider to cancel a customer's order (the cancel route's job). The refund follows the provider's
 * answer: accepted, the order's status is read at once and a Canceled order is refunded what was not
 * delivered; refused, the order stays processing and the customer sees why. Throws SmmTransientError when the
 * provider could not be asked (the job retries).
 */
export async function cancelUpstreamOrder(deps: FulfilmentDeps, orderId: number): Promise<CancelOutcome> {
  const { db, clock, logger } = deps
  const order = await loadOrder(db, orderId)
  if (!order || (order.status !== 'pending' && order.status !== 'processing'))
    return { outcome: 'not-active' }
  if (order.runs !== null) {
    const asked = await cancelUpstreamRuns(deps, order.id)
    if (asked.outcome === 'waiting') return asked
    const current = await loadOrder(db, order.id)
    const status = current?.status
    return status === 'cancelled' || status === 'partial' || status === 'completed'
      ? { outcome: 'ended', status }
      : { outcome: 'requested' }
  }
  if (order.upstream_order_id === null) {
    if (order.upstream_attempted_at !== null) {
      return { outcome: 'waiting', reason: 'Waiting for the order to reach the provider' }
    }
    // Never sent (its dispatch found it paused and a retry made it pending again): cancelled here, in full.
    const now = clock.now()
    const cancelled = await db.transaction().execute(async (trx) => {
      const ended = await trx
        .updateTable('orders')
        .set({ status: 'cancelled', refunded: sql<number>`charge`, updated_at: now })
        .where('id', '=', order.id)
        .where('status', '=', 'pending')
        .where('upstream_attempted_at', 'is', null)
        .where('upstream_order_id', 'is', null)
        .returningAll()
        .executeTakeFirst()
      if (!ended) return false
      const refund = ended.charge - order.refunded
      if (refund > 0) {
        await creditOrderRefund(trx, {
          userId: ended.user_id,
          orderId: ended.id,
          amount: refund,
          idempotencyKey: `order:${ended.id}:refund`,
          note: 'Order cancelled before it started',
          now,
        })
      }
      await notifyOrderEnded(trx, ended, ended.refunded, now)
      return true
    })
    return cancelled ? { outcome: 'ended', status: 'cancelled' } : { outcome: 'not-active' }
  }

  const provider = await loadProvider(db, order.provider_id)
  if (!provider)
    throw new Error(`Order ${order.id} points at a missing provider ${String(order.provider_id)}`)
  const client = deps.clientFor(provider)
  const upstreamOrderId = Number(order.upstream_order_id)
  let refusal: string | undefined
  try {
    const answers = await client.cancel([upstreamOrderId])
    const answer = answers.get(upstreamOrderId)
    if (!answer?.ok) refusal = answer?.error ?? 'The provider did not answer for this order'
  } catch (error) {
    if (!(error instanceof SmmRejectedError)) throw error
    refusal = error.message
  }
  if (refusal !== undefined) {
    const reason = cancelRefusedNote(refusal)
    await noteOnProcessingOrder(deps, order.id, reason)
    return { outcome: 'refused', reason }
  }

  // Accepted. The order ends when the provider says Canceled; reading it now saves the customer a sync round.
  await noteOnProcessingOrder(deps, order.id, null)
  try {
    const current = await loadOrder(db, order.id)
    if (current?.status === 'processing') {
      const status = await client.status(upstreamOrderId)
      const applied = await applyUpstreamStatus(deps, current, status)
      if (applied === 'cancelled' || applied === 'partial' || applied === 'completed') {
        return { outcome: 'ended', status: applied }
      }
    }
  } catch (error) {
    // Asking for the cancel again would be refused now; the sync reads the status on its next round.
    if (!(error instanceof SmmTransientError || error instanceof SmmRejectedError)) throw error
    logger.warn('Status after an accepted cancel not read', { orderId: order.id, error: error.message })
  }
  return { outcome: 'requested' }
}

/** The cancel job used up its attempts: the customer sees that the provider could not be asked. */
export async function noteFailedCancel(
  deps: FulfilmentDeps,
  input: { orderId: number; message: string },
): Promise<void> {
  await noteOnProcessingOrder(deps, input.orderId, cancelUnsentNote(input.message))
}
