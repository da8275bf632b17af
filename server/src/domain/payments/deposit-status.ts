import { microsToUsd } from '@engage/contract'
import type { Db } from '../../db/connect'
import type { PaymentStatus } from '../../db/schema'

// The customer's view.

/** Status and amount of a deposit (completed: the amount credited; otherwise the amount asked for). */
export async function depositStatus(
  db: Db,
  input: { userId: number; orderId: string },
): Promise<{ status: PaymentStatus; amount: number } | undefined> {
  const payment = await db
    .selectFrom('payments')
    .select(['status', 'amount_requested', 'amount_credited'])
    .where('order_id', '=', input.orderId)
    .where('user_id', '=', input.userId)
    .executeTakeFirst()
  if (!payment) return undefined
  const amount =
    payment.status === 'completed' && payment.amount_credited !== null
      ? payment.amount_credited
      : payment.amount_requested
  return { status: payment.status, amount: microsToUsd(amount) }
}
