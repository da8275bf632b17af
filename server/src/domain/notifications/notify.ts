import type { NotificationKind } from '@engage/contract'
import type { Db } from '../../db/connect'
import type { Order } from '../../db/schema'
import { enqueue } from '../../jobs/queue'
import { emailSwitchedOn } from './preferences'
import { type NotificationPayloads, notificationTexts } from './texts'

// Writing a notification: the row the bell lists, and when the customer's switch for its kind is on, the job
// that e-mails it. Both go through `trx`, the transaction of the change the notification tells of, so they
// exist once that change commits and never when it rolls back. A trigger tells the open panel (migration 0210).

declare module '../../jobs/queue' {
  interface JobPayloads {
    /** E-mail a notification to its customer (enqueued only when their switch for its kind is on). */
    'notification-mail': { notificationId: number }
  }
}

/**
 * Notifies `userId` of `kind` with the facts in `payload`, using `trx` (the caller's transaction; this opens
 * none). Answers the notification's id.
 */
export async function notify<Kind extends NotificationKind>(
  trx: Db,
  userId: number,
  kind: Kind,
  payload: NotificationPayloads[Kind],
  now: number,
): Promise<number> {
  const texts = notificationTexts(kind, payload)
  const { id } = await trx
    .insertInto('notifications')
    .values({
      user_id: userId,
      kind,
      ...texts,
      payload: JSON.stringify(payload),
      created_at: now,
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const notificationId = Number(id)
  if (await emailSwitchedOn(trx, userId, kind)) {
    await enqueue(trx, {
      kind: 'notification-mail',
      payload: { notificationId },
      uniqueKey: `notification:${notificationId}:mail`,
      maxAttempts: 5,
      now,
    })
  }
  return notificationId
}

/**
 * An order reached its final status in `trx`: completed, partial, or cancelled with money back (`refunded`,
 * micro-USD, is what the order has been refunded in all). A cancel that refunded nothing tells nothing.
 */
export async function notifyOrderEnded(trx: Db, order: Order, refunded: number, now: number): Promise<void> {
  const facts = { orderId: Number(order.id), serviceType: order.service_type, quantity: order.quantity }
  if (order.status === 'completed') await notify(trx, order.user_id, 'order_completed', facts, now)
  else if (order.status === 'partial') {
    await notify(
      trx,
      order.user_id,
      'order_partial',
      { ...facts, remains: order.remains ?? 0, refund: refunded },
      now,
    )
  } else if (order.status === 'cancelled' && refunded > 0) {
    await notify(trx, order.user_id, 'order_cancelled', { ...facts, refund: refunded }, now)
  }
}

/**
 * After a debit of `amount` left `balance`: when the balance was at or above the customer's threshold before
 * and is below it now, they are told, once for this crossing. Further debits below the threshold cross
 * nothing; a deposit or refund that lifts the balance back makes the next fall a new crossing.
 */
export async function notifyLowBalanceCrossing(
  trx: Db,
  input: { userId: number; amount: number; balance: number; threshold: number | null; now: number },
): Promise<void> {
  const { threshold, balance, amount } = input
  if (threshold === null || balance >= threshold || balance + amount < threshold) return
  await notify(trx, input.userId, 'low_balance', { balance, threshold }, input.now)
}
