import {
  ALL_PAUSED_ORDERS_QUEUED,
  cancelEffect,
  chargeMicrosForUnitRate,
  DRIP_FEED_NOT_FOR_AI,
  DUPLICATE_ACTIVE_ORDER,
  formatDate,
  isRefillActive,
  END_BEFORE_START,
  holdsItsLink,
  type EndpointParsedRequest,
  type EndpointResponse,
  INSUFFICIENT_BALANCE,
  isAiService,
  microsToUsd,
  NO_PAUSED_ORDERS,
  type Order,
  ORDER_NOT_CANCELLABLE,
  ORDER_NOT_FOUND,
  ORDER_NOT_RETRYABLE,
  orderQueuedForRetry,
  periodCount,
  REFILL_ALREADY_ACTIVE,
  REFILL_NOT_OFFERED,
  REFILL_ONLY_COMPLETED,
  refillRefusal,
  refillWindowEnded,
  renewalPeriodMilliseconds,
  type Subscription,
  SUBSCRIPTION_NOT_ACTIVE,
  SUBSCRIPTION_NOT_FOUND,
  UNKNOWN_SERVICE,
  usdToMicros,
} from '@engage/contract'
import { MockRefusal, type MockState, nextId } from './store'

// Orders.

interface OrderDraft {
  serviceType: string
  targetUrl: string
  quantity: number
  customComment?: string | null
  subscriptionId?: string | null
  /** A drip-feed order: `quantity` is then every run's units together. */
  dripFeed?: { runs: number; interval: number } | null
  /** Where a refusal points ('service_type', 'items[1].url'). */
  fields: { serviceType: string; targetUrl: string }
}

function chargeFor(state: MockState, draft: OrderDraft): number {
  const rate = state.services[draft.serviceType]
  if (rate === undefined)
    throw new MockRefusal(422, `${draft.fields.serviceType}: ${UNKNOWN_SERVICE}`, draft.fields.serviceType)
  return chargeMicrosForUnitRate(rate, draft.quantity)
}

/** Places orders all together or not at all: the checks run first, the changes after. */
function placeOrders(state: MockState, drafts: readonly OrderDraft[]): Order[] {
  const charges = drafts.map((draft) => chargeFor(state, draft))
  drafts.forEach((draft, index) => {
    // A subscription's order holds no link (holdsItsLink), so none of its periods is refused for one.
    if (draft.subscriptionId) return
    const duplicateInState = state.orders.some(
      (order) =>
        holdsItsLink(order) &&
        order.service_type === draft.serviceType &&
        order.target_url === draft.targetUrl,
    )
    const duplicateInBatch = drafts
      .slice(0, index)
      .some((earlier) => earlier.serviceType === draft.serviceType && earlier.targetUrl === draft.targetUrl)
    if (duplicateInState || duplicateInBatch) {
      throw new MockRefusal(409, DUPLICATE_ACTIVE_ORDER, draft.fields.targetUrl)
    }
  })
  const total = charges.reduce((sum, charge) => sum + charge, 0)
  if (total > state.balanceMicros) throw new MockRefusal(402, INSUFFICIENT_BALANCE)

  const created = state.now().toISOString()
  const orders = drafts.map((draft, index): Order => {
    const id = nextId(state)
    const charge = charges[index] ?? 0
    state.balanceMicros -= charge
    state.transactions.unshift({
      id: `tx-order-${id}`,
      date: created,
      type: 'order_payment',
      method: 'balance',
      amount: microsToUsd(charge),
      currency: 'USD',
      status: 'completed',
      txid: null,
      payment_details: { order_id: id, service_type: draft.serviceType, quantity: draft.quantity },
    })
    return {
      id,
      order_id: id,
      created_at: created,
      service_type: draft.serviceType,
      target_url: draft.targetUrl,
      quantity: draft.quantity,
      status: 'pending',
      charge: microsToUsd(charge),
      start_count: null,
      remains: null,
      paused_reason: null,
      ai_progress: null,
      custom_comment: draft.customComment ?? null,
      subscription_id: draft.subscriptionId ?? null,
      drip_feed: draft.dripFeed ? { ...draft.dripFeed, run: 0, next_run_at: created, delivered: 0 } : null,
    }
  })
  state.orders.unshift(...[...orders].reverse())
  return orders
}

export function placeOrder(state: MockState, body: EndpointParsedRequest<'createOrder'>): Order {
  const dripFeed =
    body.runs !== null && body.interval !== null ? { runs: body.runs, interval: body.interval } : null
  if (dripFeed && isAiService(body.service_type)) {
    throw new MockRefusal(422, `runs: ${DRIP_FEED_NOT_FOR_AI}`, 'runs')
  }
  const [order] = placeOrders(state, [
    {
      serviceType: body.service_type,
      targetUrl: body.target_url,
      quantity: dripFeed ? body.quantity * dripFeed.runs : body.quantity,
      dripFeed,
      customComment: body.custom_comment,
      fields: { serviceType: 'service_type', targetUrl: 'target_url' },
    },
  ])
  if (!order) throw new Error('placeOrders returned no order')
  return order
}

export function placeMassOrder(state: MockState, body: EndpointParsedRequest<'createMassOrder'>): Order[] {
  return placeOrders(
    state,
    body.items.map((item, index) => ({
      serviceType: item.type,
      targetUrl: item.url,
      quantity: item.quantity,
      fields: { serviceType: `items[${String(index)}].type`, targetUrl: `items[${String(index)}].url` },
    })),
  )
}

export function createSubscription(
  state: MockState,
  body: EndpointParsedRequest<'createSubscription'>,
): EndpointResponse<'createSubscription'> {
  const count = periodCount(body.startDate, body.endDate, body.renewalPeriod)
  if (count <= 0) throw new MockRefusal(422, `endDate: ${END_BEFORE_START}`, 'endDate')
  const rate = state.services[body.actionType]
  if (rate === undefined) throw new MockRefusal(422, `actionType: ${UNKNOWN_SERVICE}`, 'actionType')
  const id = nextId(state)
  const [initialOrder] = placeOrders(state, [
    {
      serviceType: body.actionType,
      targetUrl: body.url,
      quantity: body.quantityPerPeriod,
      subscriptionId: id,
      fields: { serviceType: 'actionType', targetUrl: 'url' },
    },
  ])
  if (!initialOrder) throw new Error('placeOrders returned no order')
  const nextRun = Date.parse(body.startDate) + renewalPeriodMilliseconds(body.renewalPeriod)
  const subscription: Subscription = {
    id,
    plan: body.plan,
    renewalPeriod: body.renewalPeriod,
    actionType: body.actionType,
    quantityPerPeriod: body.quantityPerPeriod,
    startDate: new Date(body.startDate).toISOString(),
    endDate: new Date(body.endDate).toISOString(),
    url: body.url,
    aiSettings: body.aiSettings,
    status: count > 1 ? 'active' : 'completed',
    periodCount: count,
    periodsPlaced: 1,
    nextRunAt: count > 1 ? new Date(nextRun).toISOString() : null,
    totalCost: microsToUsd(chargeMicrosForUnitRate(rate, body.quantityPerPeriod * count)),
    created_at: initialOrder.created_at,
  }
  state.subscriptions.unshift(subscription)
  return { initialOrder, subscription }
}

export function cancelSubscription(state: MockState, id: string): Subscription {
  const subscription = state.subscriptions.find((item) => item.id === id)
  if (!subscription) throw new MockRefusal(404, SUBSCRIPTION_NOT_FOUND)
  if (subscription.status !== 'active') throw new MockRefusal(409, SUBSCRIPTION_NOT_ACTIVE)
  subscription.status = 'cancelled'
  subscription.nextRunAt = null
  return subscription
}

function findOrder(state: MockState, id: string): Order {
  const order = state.orders.find((item) => item.id === id)
  if (!order) throw new MockRefusal(404, ORDER_NOT_FOUND)
  return order
}

/**
 * The server's rule (cancelEffect): a pending order, which the mock never sends upstream, is cancelled and
 * refunded at once (200); a processing one is with the provider, which is asked to stop it, so the answer is
 * 202 with the order as it stands.
 */
export function cancelOrder(state: MockState, id: string): { status: 200 | 202; order: Order } {
  const order = findOrder(state, id)
  const effect = cancelEffect({ status: order.status, sentUpstream: order.status === 'processing' })
  if (effect === 'not-cancellable') throw new MockRefusal(409, ORDER_NOT_CANCELLABLE)
  if (effect === 'requested') return { status: 202, order }
  order.status = 'cancelled'
  order.remains = order.quantity
  const refund = usdToMicros(order.charge)
  state.balanceMicros += refund
  state.transactions.unshift({
    id: `tx-refund-${order.id}`,
    date: state.now().toISOString(),
    type: 'refund',
    method: 'balance',
    amount: order.charge,
    currency: 'USD',
    status: 'completed',
    txid: null,
    payment_details: { order_id: order.id, reason: 'Order cancelled' },
  })
  return { status: 200, order }
}

export function retryOrder(state: MockState, id: string): EndpointResponse<'retryOrder'> {
  const order = findOrder(state, id)
  if (order.status !== 'paused') throw new MockRefusal(409, ORDER_NOT_RETRYABLE)
  order.status = 'pending'
  order.paused_reason = null
  return { message: orderQueuedForRetry(order.id), order }
}

export function retryAllOrders(state: MockState): EndpointResponse<'retryAllOrders'> {
  const paused = state.orders.filter((order) => order.status === 'paused')
  for (const order of paused) {
    order.status = 'pending'
    order.paused_reason = null
  }
  return { message: paused.length > 0 ? ALL_PAUSED_ORDERS_QUEUED : NO_PAUSED_ORDERS, orders: paused }
}

const REFILL_REFUSAL_TEXTS = {
  'not-refillable': REFILL_NOT_OFFERED,
  'not-completed': REFILL_ONLY_COMPLETED,
  'already-active': REFILL_ALREADY_ACTIVE,
} as const

/**
 * The server's refill rule (refillRefusal) on what the mock knows of an order: a refill window (refill_until)
 * means its service offers refills. An accepted refill is pending; the end of a window is told as a day on the
 * customer's clock.
 */
export function requestRefill(state: MockState, id: string): Order {
  const order = findOrder(state, id)
  const refillUntil = order.refill_until ? Date.parse(order.refill_until) : null
  const refusal = refillRefusal(
    {
      offersRefill: refillUntil !== null,
      status: order.status,
      refillUntil,
      hasActiveRefill: order.refill ? isRefillActive(order.refill.status) : false,
    },
    state.now().getTime(),
  )
  if (refusal === 'window-ended') {
    throw new MockRefusal(409, refillWindowEnded(formatDate(refillUntil ?? 0, state.profile.timezone)))
  }
  if (refusal !== null) throw new MockRefusal(409, REFILL_REFUSAL_TEXTS[refusal])
  const now = state.now().toISOString()
  order.refill = { id: nextId(state), status: 'pending', reason: null, created_at: now, updated_at: now }
  order.refillable = false
  return order
}
