// What cancelling an order does, the same rule for the server and for the mock server the stories run on.

import type { ORDER_STATUSES } from './status'

/**
 * - 'cancelled': the order never went upstream; it is cancelled at once and its whole charge refunded.
 * - 'requested': the provider has it, or may have it (a placement whose answer was lost); the provider is
 *   asked, and its answer decides the status and the refund of what was not delivered.
 * - 'not-cancellable': it has ended, or is paused (held: nothing would reach the provider).
 */
export type CancelEffect = 'cancelled' | 'requested' | 'not-cancellable'

export function cancelEffect(order: {
  status: (typeof ORDER_STATUSES)[number]
  /** Whether a placement upstream has been attempted (answered or not). */
  sentUpstream: boolean
}): CancelEffect {
  if (order.status !== 'pending' && order.status !== 'processing') return 'not-cancellable'
  return order.status === 'pending' && !order.sentUpstream ? 'cancelled' : 'requested'
}

/** The console's message after an operator's cancel. */
export function adminCancelMessage(orderId: string, effect: 'cancelled' | 'requested'): string {
  return effect === 'cancelled'
    ? `Order ${orderId} has been cancelled and refunded`
    : `Order ${orderId}: the provider has been asked to cancel it`
}
