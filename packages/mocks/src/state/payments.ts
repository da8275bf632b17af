import {
  type EndpointParsedRequest,
  type EndpointResponse,
  PAYMENT_NOT_FOUND,
  type PaymentProvider,
  usdToMicros,
} from '@engage/contract'
import { MockRefusal, type MockState, nextId } from './store'

// Payments.

/**
 * Starts a deposit: a pending deposit transaction, and a payment_url that brings the customer straight back
 * to /wallet as if the gateway's checkout had been paid.
 */
export function createPayment(
  state: MockState,
  provider: PaymentProvider,
  body: EndpointParsedRequest<'createPayment'>,
  origin: string,
): EndpointResponse<'createPayment'> {
  const orderId = `pay-${nextId(state)}`
  const transactionId = `tx-dep-${orderId}`
  state.payments.set(orderId, { amount: body.amount, status: 'pending', transactionId })
  state.transactions.unshift({
    id: transactionId,
    date: state.now().toISOString(),
    type: 'deposit',
    method: body.method ?? 'crypto',
    amount: body.amount,
    currency: 'USD',
    status: 'pending',
    txid: null,
    payment_details: { provider, payment_id: orderId },
  })
  return { payment_url: `${origin}/wallet?payment_status=success&order_id=${orderId}`, order_id: orderId }
}

/** The first status check after the return completes the payment and credits the balance, once. */
export function paymentStatus(state: MockState, orderId: string): EndpointResponse<'paymentStatus'> {
  const payment = state.payments.get(orderId)
  if (!payment) throw new MockRefusal(404, PAYMENT_NOT_FOUND)
  if (payment.status === 'pending') {
    payment.status = 'completed'
    state.balanceMicros += usdToMicros(payment.amount)
    const transaction = state.transactions.find((item) => item.id === payment.transactionId)
    if (transaction) {
      transaction.status = 'completed'
      transaction.txid = `0x${orderId.replace(/\D/g, '').padStart(64, 'a')}`
    }
  }
  return { status: payment.status, amount: payment.amount }
}
