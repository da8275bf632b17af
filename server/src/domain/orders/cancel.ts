import { cancelEffect, ORDER_NOT_CANCELLABLE } from '@engage/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/connect'
import type { Order } from '../../db/schema'
import { enqueueAttempt } from '../../jobs/queue'
import { credit } from '../ledger'
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
  input: { userId: number; orderId: number; now: number },
): Promise<CancelResult> {
  return db.transaction().execute(async (trx) => {
    const order = await findOwnOrder(trx, input.userId, input.orderId)
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
          await credit(trx, {
            userId: order.user_id,
            amount: refund,
            kind: 'refund',
            reference: `order:${order.id}`,
            idempotencyKey: `order:${order.id}:refund`,
            note: 'Order cancelled before it started',
            now: input.now,
          })
        }
        return { order: cancelled, outcome: 'cancelled' }
      }
    }
    await enqueueAttempt(trx, {
      kind: 'cancel-order',
      payload: { orderId: order.id },
      keyPrefix: `order:${order.id}:cancel`,
      now: input.now,
    })
    const current = await findOwnOrder(trx, input.userId, input.orderId)
    return { order: current, outcome: 'requested' }
  })
}
