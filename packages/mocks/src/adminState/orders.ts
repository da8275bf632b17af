import {
  ADMIN_NOTHING_TO_REFUND,
  ADMIN_REFUND_TOO_LARGE,
  adminCancelMessage,
  type AdminLedgerEntry,
  type AdminOrder,
  type AuditAction,
  cancelEffect,
  microsToUsd,
  ORDER_NOT_CANCELLABLE,
  ORDER_NOT_FOUND,
  usdToMicros,
} from '@engage/contract'
import { MockRefusal } from '../state'
import { addUsd, type AdminMockState, audit, type Body, find, nextId, nowIso } from './store'

// Orders.

export function orderDetail(state: AdminMockState, id: string) {
  const order = find(state.orders, id, ORDER_NOT_FOUND)
  const provider = state.providers.find((candidate) => candidate.id === order.provider_id)
  const service = state.services.find((candidate) => candidate.name === order.service_type)
  return {
    order,
    upstream: {
      provider_id: order.provider_id,
      provider_name: provider?.name ?? null,
      remote_service_id: order.provider_id === null ? null : (service?.remote_service_id ?? null),
      upstream_order_id: order.upstream_order_id,
      attempted_at: order.upstream_order_id === null ? null : order.created_at,
    },
    jobs: state.jobs.filter((job) => (job.payload as { orderId?: number }).orderId === Number(id)),
    ledger: (state.ledger.get(order.user_id) ?? []).filter((entry) => entry.reference === `order:${id}`),
    refills: state.refills.get(id) ?? [],
    audit: state.audit.filter((entry) => entry.target === `order:${id}`),
  }
}

function changeOrder(
  state: AdminMockState,
  id: string,
  action: AuditAction,
  reason: string | null,
  change: (order: AdminOrder) => Partial<AdminOrder>,
  message: string,
) {
  const before = find(state.orders, id, ORDER_NOT_FOUND)
  const order = { ...before, ...change(before), updated_at: nowIso(state) }
  state.orders = state.orders.map((candidate) => (candidate.id === id ? order : candidate))
  audit(
    state,
    action,
    `order:${id}`,
    { status: before.status, refunded: before.refunded },
    { status: order.status, refunded: order.refunded },
    reason,
  )
  return { message, order }
}

function creditRefund(state: AdminMockState, order: AdminOrder, amount: number, note: string) {
  const entry: AdminLedgerEntry = {
    id: `le-${nextId(state)}`,
    created_at: nowIso(state),
    amount,
    kind: 'refund',
    reference: `order:${order.id}`,
    note,
  }
  state.ledger.set(order.user_id, [entry, ...(state.ledger.get(order.user_id) ?? [])])
  state.users = state.users.map((user) =>
    user.id === order.user_id ? { ...user, balance: addUsd(user.balance, amount) } : user,
  )
}

export function refundOrder(state: AdminMockState, id: string, body: Body<'adminRefundOrder'>) {
  const before = find(state.orders, id, ORDER_NOT_FOUND)
  const left = microsToUsd(usdToMicros(before.charge) - usdToMicros(before.refunded))
  if (left <= 0) throw new MockRefusal(409, ADMIN_NOTHING_TO_REFUND)
  const amount = body.amount ?? left
  if (amount > left) throw new MockRefusal(409, ADMIN_REFUND_TOO_LARGE, 'amount')
  creditRefund(state, before, amount, body.reason)
  return changeOrder(
    state,
    id,
    'order.refund',
    body.reason,
    (order) => ({ refunded: addUsd(order.refunded, amount) }),
    `Refunded $${amount.toFixed(2)} to ${before.user_email}`,
  )
}

/**
 * The server's cancel rule (cancelEffect): an order never sent upstream is cancelled and refunded at once; one
 * the provider has is only asked of it (202), and stays as it is until the provider answers.
 */
export function cancelOrder(state: AdminMockState, id: string, reason: string | null) {
  const before = find(state.orders, id, ORDER_NOT_FOUND)
  const effect = cancelEffect({ status: before.status, sentUpstream: before.upstream_order_id !== null })
  if (effect === 'not-cancellable') throw new MockRefusal(409, ORDER_NOT_CANCELLABLE)
  if (effect === 'requested') {
    return {
      accepted: true,
      ...changeOrder(state, id, 'order.cancel', reason, () => ({}), adminCancelMessage(id, effect)),
    }
  }
  const left = microsToUsd(usdToMicros(before.charge) - usdToMicros(before.refunded))
  if (left > 0) creditRefund(state, before, left, 'Order cancelled before it started')
  return {
    accepted: false,
    ...changeOrder(
      state,
      id,
      'order.cancel',
      reason,
      () => ({ status: 'cancelled', refunded: before.charge }),
      adminCancelMessage(id, effect),
    ),
  }
}

export function retryOrder(state: AdminMockState, id: string, reason: string | null) {
  return changeOrder(
    state,
    id,
    'order.retry',
    reason,
    () => ({ status: 'pending', paused_reason: null }),
    `Order ${id} queued for retry`,
  )
}

export function pauseOrder(state: AdminMockState, id: string, reason: string) {
  return changeOrder(
    state,
    id,
    'order.pause',
    reason,
    () => ({ status: 'paused', paused_reason: reason }),
    `Order ${id} paused`,
  )
}

export function setOrderStatus(state: AdminMockState, id: string, body: Body<'adminSetOrderStatus'>) {
  return changeOrder(
    state,
    id,
    'order.set_status',
    body.reason,
    (order) => ({
      status: body.status,
      remains: body.remains === undefined ? order.remains : body.remains,
      start_count: body.start_count === undefined ? order.start_count : body.start_count,
    }),
    `Order ${id} set to ${body.status}`,
  )
}
