import { cancelEffect, ORDER_NOT_CANCELLABLE } from '@engage/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/connect'
import type { Order } from '../../db/schema'
import { enqueueAttempt } from '../../jobs/queue'
import { stopUnsentRuns } from '../drip-feed'
import { creditOrderRefund } from '../ledger'
import { notifyOrderEnded } from '../notifications/notify'
import { recordAccountActivity } from '../workspaces/activity'
import { findOwnOrder } from './read'
import { OrderRefusal } from './refusals'

// Cancelling.

export interface CancelResult {
  order: Order
  /** 'cancelled': refunded in full now. 'requested': a `cancel-order` job asks the upstream (the worker
   * refunds what the upstream did not deliver); the order keeps its status until then. */
  outcome: 'cancelled' | 'requested'
}

/**
 * POST /api/orders/{id}/cancel. A pending order that never reached the upstream (no `add` was attempted) is
 * cancelled at once with a full refund; the guard on `upstream_attempted_at` makes this race-free against the
 * dispatch worker, which sets it with the same kind of conditional update before calling the upstream. Any
 * other pending or processing order may already exist upstream, so the upstream is asked through a job.
 */
export async function cancelOrder(
  db: Db,
  input: { userId: number; orderId: number; now: number; actorUserId?: number },
): Promise<CancelResult> {
  return db.transaction().execute(async (trx) => {
    const order = await findOwnOrder(trx, input.userId, input.orderId)
    if (input.actorUserId !== undefined) {
      // Logged with the request, whether the order is cancelled at once or its provider is asked first.
      await recordAccountActivity(trx, {
        accountId: input.userId,
        actorUserId: input.actorUserId,
        action: 'order.cancelled',
        subject: `order:${order.id}`,
        now: input.now,
      })
    }
    if (order.runs !== null) return cancelDripFeedOrder(trx, order, input)
    const effect = cancelEffect({ status: order.status, sentUpstream: order.upstream_attempted_at !== null })
    if (effect === 'not-cancellable') throw new OrderRefusal('conflict', ORDER_NOT_CANCELLABLE)
    if (effect === 'cancelled') {
      const cancelled = await trx
        .updateTable('orders')
        .set({ status: 'cancelled', refunded: sql<number>`charge`, updated_at: input.now })
        .where('id', '=', order.id)
        .where('status', '=', 'pending')
        .where('upstream_attempted_at', 'is', null)
        .returningAll()
        .executeTakeFirst()
      if (cancelled) {
        const refund = cancelled.charge - order.refunded
        if (refund > 0) {
          await creditOrderRefund(trx, {
            userId: order.user_id,
            orderId: order.id,
            amount: refund,
            idempotencyKey: `order:${order.id}:refund`,
            note: 'Order cancelled before it started',
            now: input.now,
          })
        }
        await notifyOrderEnded(trx, cancelled, cancelled.refunded, input.now)
        return { order: cancelled, outcome: 'cancelled' }
      }
    }
    return askUpstreamToCancel(trx, order, input)
  })
}

/**
 * A drip-feed order: the runs not sent yet are stopped and refunded their whole share at once; runs the provider
 * has are asked to cancel through a `cancel-order` job, and refund what they did not deliver when they end.
 */
async function cancelDripFeedOrder(
  trx: Db,
  order: Order,
  input: { userId: number; orderId: number; now: number },
): Promise<CancelResult> {
  if (order.status !== 'pending' && order.status !== 'processing') {
    throw new OrderRefusal('conflict', ORDER_NOT_CANCELLABLE)
  }
  if (await stopUnsentRuns(trx, order.id, input.now)) return askUpstreamToCancel(trx, order, input)
  return { order: await findOwnOrder(trx, input.userId, input.orderId), outcome: 'cancelled' }
}

/** Enqueues the `cancel-order` job that asks the provider; the order keeps its status until it answers. */
async function askUpstreamToCancel(
  trx: Db,
  order: Order,
  input: { userId: number; orderId: number; now: number },
): Promise<CancelResult> {
  await enqueueAttempt(trx, {
    kind: 'cancel-order',
    payload: { orderId: order.id },
    keyPrefix: `order:${order.id}:cancel`,
    now: input.now,
  })
  return { order: await findOwnOrder(trx, input.userId, input.orderId), outcome: 'requested' }
}
