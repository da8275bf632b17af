import { ORDER_NOT_FOUND } from '@engage/contract'
import type { Hono } from 'hono'
import { parseRowId } from '../../domain/admin/common'
import {
  adminCancelOrder,
  adminPauseOrder,
  adminRefundOrder,
  adminRetryOrder,
  adminSetOrderStatus,
  listAdminOrders,
  orderDetail,
} from '../../domain/admin/orders'
import { findUserByIdOrEmail } from '../../domain/admin/views'
import { orderCsvStream } from '../../domain/orders'
import { registerRoute } from '../../http/register-route'
import type { AppEnv } from '../../http/env'
import { actorOf, now } from './context'

// The console's every account's orders and the support actions on them.

export function registerOrdersRoutes(app: Hono<AppEnv>): void {
  registerRoute(app, 'adminListOrders', async (c, { query }) => {
    return c.json(await listAdminOrders(c.get('deps').db, query))
  })

  // Before adminGetOrder, whose /orders/:id would take 'export' for an id.
  registerRoute(app, 'adminExportOrders', async (c, { query }) => {
    const { user, link, ...filter } = query
    // An account filter that names no account exports the header alone, as the list shows no rows.
    const accountUserId =
      user === undefined ? undefined : ((await findUserByIdOrEmail(c.get('deps').db, user))?.id ?? null)
    const stream = orderCsvStream(c.get('deps').db, { accountUserId, link, withAccount: true }, filter)
    return c.body(stream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="orders.csv"',
    })
  })

  registerRoute(app, 'adminGetOrder', async (c, { params }) => {
    const id = parseRowId(params.id, ORDER_NOT_FOUND)
    return c.json(await orderDetail(c.get('deps').db, id))
  })

  registerRoute(app, 'adminRetryOrder', async (c, { params, body }) => {
    const id = parseRowId(params.id, ORDER_NOT_FOUND)
    const { message, order } = await adminRetryOrder(c.get('deps').db, actorOf(c), id, body.reason, now(c))
    return c.json({ message, order })
  })

  registerRoute(app, 'adminPauseOrder', async (c, { params, body }) => {
    const id = parseRowId(params.id, ORDER_NOT_FOUND)
    const { message, order } = await adminPauseOrder(c.get('deps').db, actorOf(c), id, body.reason, now(c))
    return c.json({ message, order })
  })

  registerRoute(app, 'adminCancelOrder', async (c, { params, body }) => {
    const id = parseRowId(params.id, ORDER_NOT_FOUND)
    const { message, order, accepted } = await adminCancelOrder(
      c.get('deps').db,
      actorOf(c),
      id,
      body.reason,
      now(c),
    )
    // 202 while the provider is asked (its answer refunds what it did not deliver), as the customer's cancel.
    return c.json({ message, order }, accepted === true ? 202 : 200)
  })

  registerRoute(app, 'adminRefundOrder', async (c, { params, body }) => {
    const id = parseRowId(params.id, ORDER_NOT_FOUND)
    const { message, order } = await adminRefundOrder(
      c.get('deps').db,
      actorOf(c),
      id,
      { amountUsd: body.amount, reason: body.reason, idempotencyKey: body.idempotency_key },
      now(c),
    )
    return c.json({ message, order })
  })

  registerRoute(app, 'adminSetOrderStatus', async (c, { params, body }) => {
    const id = parseRowId(params.id, ORDER_NOT_FOUND)
    const { message, order } = await adminSetOrderStatus(
      c.get('deps').db,
      actorOf(c),
      id,
      { status: body.status, reason: body.reason, remains: body.remains, startCount: body.start_count },
      now(c),
    )
    return c.json({ message, order })
  })
}
