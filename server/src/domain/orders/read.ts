import { microsToUsd, type Order as ApiOrder, ORDER_NOT_FOUND, type OrderFilterQuery } from '@engage/contract'
import type { Db } from '../../db/connect'
import type { Order } from '../../db/schema'
import { orderFilterCondition } from './filters'
import { OrderRefusal } from './refusals'

// Reading.

export interface Page {
  /** The cursor a previous page returned, or undefined for the newest page. */
  cursor?: string | undefined
  limit: number
}

export class InvalidCursorError extends Error {
  override name = 'InvalidCursorError'
}

/** An order cursor is the id of the last order of the previous page (ids only grow, so newest = highest). */
export function parseOrderCursor(cursor: string): number {
  if (!/^[1-9]\d{0,14}$/.test(cursor)) throw new InvalidCursorError(cursor)
  return Number(cursor)
}

/** The user's orders the filters select, newest first, one page at a time. */
export async function listOrders(
  db: Db,
  userId: number,
  page: Page,
  filter: OrderFilterQuery = {},
): Promise<{ orders: Order[]; nextCursor: string | null }> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where(orderFilterCondition(filter))
  if (page.cursor !== undefined) query = query.where('id', '<', parseOrderCursor(page.cursor))
  const rows = await query
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute()
  const orders = rows.slice(0, page.limit)
  const last = orders.at(-1)
  return { orders, nextCursor: rows.length > page.limit && last ? String(last.id) : null }
}

/** An order as the API answers it (contract `Order`): ids as strings, instants as ISO text, money in USD. */
export function toApiOrder(order: Order): ApiOrder {
  const id = String(order.id)
  return {
    id,
    order_id: id,
    created_at: new Date(order.created_at).toISOString(),
    service_type: order.service_type,
    target_url: order.target_url,
    quantity: order.quantity,
    status: order.status,
    charge: microsToUsd(order.charge),
    start_count: order.start_count,
    remains: order.remains,
    paused_reason: order.paused_reason,
    custom_comment: order.custom_comment,
    subscription_id: order.subscription_id === null ? null : String(order.subscription_id),
    drip_feed:
      order.runs === null
        ? null
        : {
            runs: order.runs,
            interval: order.run_interval ?? 0,
            run: order.runs_sent,
            next_run_at: order.next_run_at === null ? null : new Date(order.next_run_at).toISOString(),
            delivered: order.quantity - (order.remains ?? order.quantity),
          },
  }
}

/** The order id in a path ('42'), or a not-found refusal for anything that cannot be one. */
export function parseOrderId(text: string): number {
  if (!/^[1-9]\d{0,14}$/.test(text.trim())) throw new OrderRefusal('not_found', ORDER_NOT_FOUND)
  return Number(text.trim())
}

export async function findOwnOrder(trx: Db, userId: number, orderId: number): Promise<Order> {
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  // Another user's order is answered exactly like a missing one.
  if (!order) throw new OrderRefusal('not_found', ORDER_NOT_FOUND)
  return order
}
