import {
  ALL_PAUSED_ORDERS_QUEUED,
  NEXT_CURSOR_HEADER,
  NO_PAUSED_ORDERS,
  orderQueuedForRetry,
} from '@engage/contract'
import { Hono } from 'hono'
import {
  cancelOrder,
  listOrders,
  orderCsvStream,
  parseOrderId,
  placeMassOrder,
  placeOrder,
  retryAllOrders,
  retryOrder,
} from '../domain/orders'
import { toApiOrdersWithAi, toApiOrderWithAi, toApiPlacedOrder } from '../domain/ai-generation'
import {
  cancelSubscription,
  createSubscription,
  listSubscriptions,
  parseSubscriptionId,
  toApiSubscription,
} from '../domain/subscriptions'
import { registerRoute } from '../http/register-route'
import type { AppEnv } from '../http/env'
import { handleOrderErrors } from '../http/order-errors'

// POST /api/orders/create, /api/orders/mass, /api/orders/subscription, GET /api/orders/subscriptions,
// POST /api/orders/subscriptions/{id}/cancel, GET /api/orders/get, POST /api/orders/{id}/cancel,
// POST /api/orders/retry/all, POST /api/orders/retry/{id}. Every call needs a signed-in customer and sees only
// that customer's orders: another customer's order answers 404, exactly like a missing one.

export const orderRoutes = new Hono<AppEnv>()
// Set before the routes: a mounted sub-app keeps the error handler it had when app.route() took it.
orderRoutes.onError(handleOrderErrors)

registerRoute(orderRoutes, 'createOrder', async (c, { body }) => {
  const placed = await placeOrder(c.var.deps.db, {
    userId: c.var.user.id,
    serviceType: body.service_type,
    targetUrl: body.target_url,
    quantity: body.quantity,
    customComment: body.custom_comment,
    aiSetting: body.ai_settings,
    operatorAiKeys: c.var.deps.config.ai.defaultApiKeys,
    now: c.var.deps.clock.now(),
  })
  return c.json(toApiPlacedOrder(placed), 201)
})

registerRoute(orderRoutes, 'createMassOrder', async (c, { body }) => {
  const { items } = body
  const orders = await placeMassOrder(c.var.deps.db, {
    userId: c.var.user.id,
    items,
    operatorAiKeys: c.var.deps.config.ai.defaultApiKeys,
    now: c.var.deps.clock.now(),
  })
  return c.json({ newOrders: await toApiOrdersWithAi(c.var.deps.db, orders) }, 201)
})

registerRoute(orderRoutes, 'createSubscription', async (c, { body }) => {
  const { subscription, initialOrder } = await createSubscription(c.var.deps.db, {
    userId: c.var.user.id,
    plan: body.plan,
    renewalPeriod: body.renewalPeriod,
    actionType: body.actionType,
    quantityPerPeriod: body.quantityPerPeriod,
    startAt: Date.parse(body.startDate),
    endAt: Date.parse(body.endDate),
    url: body.url,
    aiSettingIds: body.aiSettings,
    operatorAiKeys: c.var.deps.config.ai.defaultApiKeys,
    now: c.var.deps.clock.now(),
  })
  return c.json(
    {
      initialOrder: await toApiOrderWithAi(c.var.deps.db, initialOrder),
      subscription: toApiSubscription(subscription),
    },
    201,
  )
})

registerRoute(orderRoutes, 'listSubscriptions', async (c) => {
  const subscriptions = await listSubscriptions(c.var.deps.db, c.var.user.id)
  return c.json(subscriptions.map(toApiSubscription))
})

registerRoute(orderRoutes, 'cancelSubscription', async (c, { params }) => {
  const subscription = await cancelSubscription(c.var.deps.db, {
    userId: c.var.user.id,
    subscriptionId: parseSubscriptionId(params.id),
    now: c.var.deps.clock.now(),
  })
  return c.json(toApiSubscription(subscription))
})

registerRoute(orderRoutes, 'listOrders', async (c, { query }) => {
  const { cursor, limit, ...filter } = query
  const page = await listOrders(c.var.deps.db, c.var.user.id, { cursor, limit }, filter)
  if (page.nextCursor !== null) c.header(NEXT_CURSOR_HEADER, page.nextCursor)
  return c.json(await toApiOrdersWithAi(c.var.deps.db, page.orders))
})

// Registered before /orders/retry/:id so that 'all' is never read as an order id.

registerRoute(orderRoutes, 'retryAllOrders', async (c) => {
  const orders = await retryAllOrders(c.var.deps.db, { userId: c.var.user.id, now: c.var.deps.clock.now() })
  return c.json({
    message: orders.length > 0 ? ALL_PAUSED_ORDERS_QUEUED : NO_PAUSED_ORDERS,
    orders: await toApiOrdersWithAi(c.var.deps.db, orders),
  })
})

registerRoute(orderRoutes, 'retryOrder', async (c, { params }) => {
  const order = await retryOrder(c.var.deps.db, {
    userId: c.var.user.id,
    orderId: parseOrderId(params.id),
    now: c.var.deps.clock.now(),
  })
  return c.json({
    message: orderQueuedForRetry(String(order.id)),
    order: await toApiOrderWithAi(c.var.deps.db, order),
  })
})

registerRoute(orderRoutes, 'cancelOrder', async (c, { params }) => {
  const { order, outcome } = await cancelOrder(c.var.deps.db, {
    userId: c.var.user.id,
    orderId: parseOrderId(params.id),
    now: c.var.deps.clock.now(),
  })
  // 200 with the order cancelled and refunded at once; 202 with the order as it stands while its
  // cancel-order job asks the upstream (and refunds what was not delivered).
  return c.json(await toApiOrderWithAi(c.var.deps.db, order), outcome === 'cancelled' ? 200 : 202)
})

registerRoute(orderRoutes, 'exportOrders', (c, { query }) => {
  const stream = orderCsvStream(c.var.deps.db, { userId: c.var.user.id }, query)
  return c.body(stream, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': 'attachment; filename="orders.csv"',
  })
})
