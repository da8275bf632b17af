import { ORDER_NOT_RETRYABLE } from '@engage/contract'
import type { Db } from '../../db/connect'
import type { Order } from '../../db/schema'
import { enqueueAttempt } from '../../jobs/queue'
import { findOwnOrder } from './read'
import { OrderRefusal } from './refusals'

// Retrying.

/** Moves paused orders back to pending and enqueues their next dispatch attempt, with `trx`. */
async function requeuePaused(trx: Db, orders: readonly Order[], now: number): Promise<Order[]> {
  const requeued: Order[] = []
  for (const order of orders) {
    // Conditional on still being paused: a concurrent retry of the same order finds nothing to do.
    const updated = await trx
      .updateTable('orders')
      .set({ status: 'pending', paused_reason: null, updated_at: now })
      .where('id', '=', order.id)
      .where('status', '=', 'paused')
      .returningAll()
      .executeTakeFirst()
    if (!updated) continue
    await enqueueAttempt(trx, {
      kind: 'dispatch-order',
      payload: { orderId: order.id },
      keyPrefix: `order:${order.id}:dispatch`,
      now,
    })
    requeued.push(updated)
  }
  return requeued
}

/** POST /api/orders/retry/{id}: a paused order goes back to pending with a new dispatch attempt. */
export async function retryOrder(
  db: Db,
  input: { userId: number; orderId: number; now: number },
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const order = await findOwnOrder(trx, input.userId, input.orderId)
    if (order.status !== 'paused') throw new OrderRefusal('conflict', ORDER_NOT_RETRYABLE)
    const [requeued] = await requeuePaused(trx, [order], input.now)
    if (!requeued) throw new OrderRefusal('conflict', ORDER_NOT_RETRYABLE)
    return requeued
  })
}

/** POST /api/orders/retry/all: every paused order of the user, as retryOrder does for one. */
export async function retryAllOrders(db: Db, input: { userId: number; now: number }): Promise<Order[]> {
  return db.transaction().execute(async (trx) => {
    const paused = await trx
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', input.userId)
      .where('status', '=', 'paused')
      .orderBy('id')
      .execute()
    return requeuePaused(trx, paused, input.now)
  })
}
