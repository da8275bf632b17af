import type { PaymentGateway } from '../../adapters/payments'
import { formatMicroUsd } from '../../adapters/payments/amounts'
import type { Db } from '../../db/connect'
import type { Clock } from '../clock'
import { recordAccountActivity } from '../workspaces/activity'
import { depositReturnUrl, newDepositOrderId } from './gateways'

// Starting a deposit.

export interface StartDepositInput {
  userId: number
  /** The workspace member who starts it: named in the activity log, and the actor of its credit. */
  actorUserId?: number
  /** Micro-USD, already checked against the deposit rules. */
  amount: number
  /** The crypto currency the customer picked in the deposit form, if any. */
  method?: string | undefined
  publicUrl: string
  clock: Clock
}

/**
 * Records a pending payment, then asks the gateway for an invoice and stores its id and checkout URL. The row
 * comes first so that a crash between the two leaves a pending payment the reconcile job can ask about. When
 * the gateway refuses or cannot be reached, the payment is marked failed (the customer never got a checkout to
 * pay) and the gateway's error is thrown for the route to answer.
 */
export async function startDeposit(
  db: Db,
  gateway: PaymentGateway,
  input: StartDepositInput,
): Promise<{ orderId: string; paymentUrl: string }> {
  const orderId = newDepositOrderId()
  const createdAt = input.clock.now()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('payments')
      .values({
        order_id: orderId,
        user_id: input.userId,
        gateway: gateway.name,
        gateway_id: null,
        amount_requested: input.amount,
        amount_credited: null,
        currency: input.method?.toUpperCase() ?? null,
        network: null,
        status: 'pending',
        gateway_status: null,
        txid: null,
        details: '{}',
        payment_url: null,
        started_by: input.actorUserId ?? null,
        created_at: createdAt,
        updated_at: createdAt,
        credited_at: null,
      })
      .execute()
    if (input.actorUserId !== undefined) {
      await recordAccountActivity(trx, {
        accountId: input.userId,
        actorUserId: input.actorUserId,
        action: 'deposit.started',
        subject: `payment:${orderId}`,
        detail: { amount: input.amount / 1_000_000, gateway: gateway.name },
        now: createdAt,
      })
    }
  })

  const publicUrl = input.publicUrl.replace(/\/+$/, '')
  const successUrl = depositReturnUrl(publicUrl, orderId, 'success')
  try {
    const invoice = await gateway.createInvoice({
      orderId,
      amountUsd: formatMicroUsd(BigInt(input.amount)),
      returnUrl: successUrl,
      successUrl,
      failUrl: depositReturnUrl(publicUrl, orderId, 'failed'),
      callbackUrl: `${publicUrl}/api/payments/${gateway.name}/webhook`,
      description: `Engage Panel deposit ${orderId}`,
    })
    await db
      .updateTable('payments')
      .set({
        gateway_id: invoice.gatewayId,
        payment_url: invoice.paymentUrl,
        details: JSON.stringify({ invoice: invoice.raw }),
        updated_at: input.clock.now(),
      })
      .where('order_id', '=', orderId)
      // A webhook may already have named the invoice and moved the payment on; it is not undone.
      .where('gateway_id', 'is', null)
      .execute()
    return { orderId, paymentUrl: invoice.paymentUrl }
  } catch (error) {
    await db
      .updateTable('payments')
      .set({
        status: 'failed',
        details: JSON.stringify({ error: error instanceof Error ? error.message : String(error) }),
        updated_at: input.clock.now(),
      })
      .where('order_id', '=', orderId)
      .where('status', '=', 'pending')
      .execute()
    throw error
  }
}
