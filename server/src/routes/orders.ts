import {
  ALL_PAUSED_ORDERS_QUEUED,
  formatDate,
  NEXT_CURSOR_HEADER,
  NO_PAUSED_ORDERS,
  ORDER_NOT_FOUND,
  orderQueuedForRetry,
  REFILL_ALREADY_ACTIVE,
  REFILL_NOT_OFFERED,
  REFILL_ONLY_COMPLETED,
  refillWindowEnded,
} from '@engage/contract'
import { Hono } from 'hono'
import {
  cancelOrder,
  findOwnOrder,
  listOrders,
  orderCsvStream,
  parseOrderId,
  placeMassOrder,
  placeOrder,
  retryAllOrders,
  retryOrder,
} from '../domain/orders'
import { toApiPlacedOrder } from '../domain/ai-generation'
import { toApiOrderAnswer, toApiOrders } from '../domain/order-answers'
import {
  cancelSubscription,
  createSubscription,
  listSubscriptions,
  parseSubscriptionId,
  toApiSubscription,
} from '../domain/subscriptions'
import { RefillRefusal, requestRefill } from '../domain/refills'
import { HttpError } from '../http/errors'
import { registerRoute } from '../http/register-route'
import type { AppEnv } from '../http/env'
import type { Db } from '../db/connect'
import { handleOrderErrors } from '../http/order-errors'

// POST /api/orders/create, /api/orders/mass, /api/orders/subscription, GET /api/orders/subscriptions,
// POST /api/orders/subscriptions/{id}/cancel, GET /api/orders/get, POST /api/orders/{id}/cancel,
// POST /api/orders/{id}/refill, POST /api/orders/retry/all, POST /api/orders/retry/{id}. Every call acts on the
// account of the workspace the session acts in and sees only its orders: another account's order answers 404,
// exactly like a missing one.

export const orderRoutes = new Hono<AppEnv>()
// Set before the routes: a mounted sub-app keeps the error handler it had when app.route() took it.
orderRoutes.onError(handleOrderErrors)

registerRoute(orderRoutes, 'createOrder', async (c, { body }) => {
  const placed = await placeOrder(c.get('deps').db, {
    userId: c.get('workspace').accountId,
    actorUserId: c.get('user').id,
    serviceType: body.service_type,
    targetUrl: body.target_url,
    quantity: body.quantity,
    customComment: body.custom_comment,
    aiSetting: body.ai_settings,
    operatorAiKeys: c.get('deps').config.ai.defaultApiKeys,
    dripFeed:
      body.runs !== null && body.interval !== null ? { runs: body.runs, interval: body.interval } : null,
    now: c.get('deps').clock.now(),
  })
  return c.json(toApiPlacedOrder(placed), 201)
})

registerRoute(orderRoutes, 'createMassOrder', async (c, { body }) => {
  const { items } = body
  const orders = await placeMassOrder(c.get('deps').db, {
    userId: c.get('workspace').accountId,
    actorUserId: c.get('user').id,
    items,
    operatorAiKeys: c.get('deps').config.ai.defaultApiKeys,
    now: c.get('deps').clock.now(),
  })
  return c.json({ newOrders: await toApiOrders(c.get('deps').db, orders, c.get('deps').clock.now()) }, 201)
})

registerRoute(orderRoutes, 'createSubscription', async (c, { body }) => {
  const { subscription, initialOrder } = await createSubscription(c.get('deps').db, {
    userId: c.get('workspace').accountId,
    actorUserId: c.get('user').id,
    plan: body.plan,
    renewalPeriod: body.renewalPeriod,
    actionType: body.actionType,
    quantityPerPeriod: body.quantityPerPeriod,
    startAt: Date.parse(body.startDate),
    endAt: Date.parse(body.endDate),
    url: body.url,
    aiSettingIds: body.aiSettings,
    operatorAiKeys: c.get('deps').config.ai.defaultApiKeys,
    now: c.get('deps').clock.now(),
  })
  return c.json(
    {
      initialOrder: await toApiOrderAnswer(c.get('deps').db, initialOrder, c.get('deps').clock.now()),
      subscription: toApiSubscription(subscription),
    },
    201,
  )
})

registerRoute(orderRoutes, 'listSubscriptions', async (c) => {
  const subscriptions = await listSubscriptions(c.get('deps').db, c.get('workspace').accountId)
  return c.json(subscriptions.map(toApiSubscription))
})

registerRoute(orderRoutes, 'cancelSubscription', async (c, { params }) => {
  const subscription = await cancelSubscription(c.get('deps').db, {
    userId: c.get('workspace').accountId,
    actorUserId: c.get('user').id,
    subscriptionId: parseSubscriptionId(params.id),
    now: c.get('deps').clock.now(),
  })
  return c.json(toApiSubscription(subscription))
})

registerRoute(orderRoutes, 'listOrders', async (c, { query }) => {
  const { cursor, limit, ...filter } = query
  const page = await listOrders(c.get('deps').db, c.get('workspace').accountId, { cursor, limit }, filter)
  if (page.nextCursor !== null) c.header(NEXT_CURSOR_HEADER, page.nextCursor)
  return c.json(await toApiOrders(c.get('deps').db, page.orders, c.get('deps').clock.now()))
})

// Registered before /orders/retry/:id so that 'all' is never read as an order id.

registerRoute(orderRoutes, 'retryAllOrders', async (c) => {
  const orders = await retryAllOrders(c.get('deps').db, {
    userId: c.get('workspace').accountId,
    now: c.get('deps').clock.now(),
  })
  return c.json({
    message: orders.length > 0 ? ALL_PAUSED_ORDERS_QUEUED : NO_PAUSED_ORDERS,
    orders: await toApiOrders(c.get('deps').db, orders, c.get('deps').clock.now()),
  })
})

registerRoute(orderRoutes, 'retryOrder', async (c, { params }) => {
  const order = await retryOrder(c.get('deps').db, {
    userId: c.get('workspace').accountId,
    orderId: parseOrderId(params.id),
    now: c.get('deps').clock.now(),
  })
  return c.json({
    message: orderQueuedForRetry(String(order.id)),
    order: await toApiOrderAnswer(c.get('deps').db, order, c.get('deps').clock.now()),
  })
})

registerRoute(orderRoutes, 'cancelOrder', async (c, { params }) => {
  const { order, outcome } = await cancelOrder(c.get('deps').db, {
    userId: c.get('workspace').accountId,
    actorUserId: c.get('user').id,
    orderId: parseOrderId(params.id),
    now: c.get('deps').clock.now(),
  })
  // 200 with the order cancelled and refunded at once; 202 with the order as it stands while its
  // cancel-order job asks the upstream (and refunds what was not delivered).
  return c.json(
    await toApiOrderAnswer(c.get('deps').db, order, c.get('deps').clock.now()),
    outcome === 'cancelled' ? 200 : 202,
  )
})

/** A refill refusal as the customer reads it; the end of a refill window is a day on their own clock. */
async function refillRefusalError(db: Db, userId: number, refusal: RefillRefusal): Promise<HttpError> {
  switch (refusal.reason) {
    case 'order-not-found':
      return new HttpError(404, ORDER_NOT_FOUND)
    case 'not-refillable':
      return new HttpError(409, REFILL_NOT_OFFERED)
    case 'not-completed':
      return new HttpError(409, REFILL_ONLY_COMPLETED)
    case 'already-active':
      return new HttpError(409, REFILL_ALREADY_ACTIVE)
    case 'window-ended': {
      const { timezone } = await db
        .selectFrom('users')
        .select('timezone')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
      return new HttpError(409, refillWindowEnded(formatDate(refusal.windowEndedAt ?? 0, timezone)))
    }
  }
}

registerRoute(orderRoutes, 'requestRefill', async (c, { params }) => {
  const { db, clock } = c.get('deps')
  const userId = c.get('workspace').accountId
  const orderId = parseOrderId(params.id)
  try {
    await requestRefill(db, { userId, orderId, now: clock.now() })
  } catch (error) {
    // The window's end on the clock of the person asking.
    if (error instanceof RefillRefusal) throw await refillRefusalError(db, c.get('user').id, error)
    throw error
  }
  // The order as it stands, with the refill just recorded as its latest.
  return c.json(await toApiOrderAnswer(db, await findOwnOrder(db, userId, orderId), clock.now()), 201)
})

registerRoute(orderRoutes, 'exportOrders', (c, { query }) => {
  const stream = orderCsvStream(c.get('deps').db, { userId: c.get('workspace').accountId }, query)
  return c.body(stream, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': 'attachment; filename="orders.csv"',
  })
})
