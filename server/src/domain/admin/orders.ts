import {
  adminCancelMessage,
  ADMIN_IDEMPOTENCY_KEY_REUSED,
  ADMIN_NOTHING_TO_REFUND,
  ADMIN_ORDER_NOT_PAUSABLE,
  ADMIN_REFUND_TOO_LARGE,
  type AdminOrder,
  type AdminOrderDetailResponse,
  type AuditAction,
  DUPLICATE_ACTIVE_ORDER,
  formatMicros,
  microsToUsd,
  ORDER_NOT_FOUND,
  orderQueuedForRetry,
  type OrderFilterQuery,
  type OrderStatus,
  usdToMicros,
} from '@engage/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/connect'
import type { Order } from '../../db/schema'
import { isUniqueViolation } from '../accounts'
import { recordReferralEarning, reviseReferralEarning } from '../affiliates'
import { creditOrderRefund, DuplicateLedgerEventError } from '../ledger'
import { notifyOrderEnded } from '../notifications/notify'
import { cancelOrder, retryOrder } from '../orders'
import { orderFilterCondition } from '../orders/filters'
import { auditOfTarget, recordAudit } from './audit'
import { type Actor, AdminRefusal, containsText, iso, isoOrNull, pageOf, parseIdCursor } from './common'
import { findUserByIdOrEmail, toAdminJob, toAdminLedgerEntry, toAdminOrders } from './views'

// Orders in the console: every account's, filtered; one with its upstream history; and the support actions
// (retry, pause, cancel, refund, status by hand). Cancel and retry are the customer's own rules (orders.ts),
// run on the order's owner's behalf; refunds write `refund` ledger entries and raise `orders.refunded`, so the
// automatic refund of an undelivered remainder (fulfilment.ts) never pays back more than is left.

async function oneAdminOrder(db: Db, row: Order): Promise<AdminOrder> {
  const [order] = await toAdminOrders(db, [row])
  if (!order) throw new Error('An order could not be read back')
  return order
}

export interface OrderFilter extends OrderFilterQuery {
  user?: string | undefined
  link?: string | undefined
  cursor?: string | undefined
  limit: number
}

export async function listAdminOrders(
  db: Db,
  filter: OrderFilter,
): Promise<{ orders: AdminOrder[]; nextCursor: string | null }> {
  let query = db.selectFrom('orders').selectAll().where(orderFilterCondition(filter))
  if (filter.user !== undefined) {
    const user = await findUserByIdOrEmail(db, filter.user)
    if (!user) return { orders: [], nextCursor: null }
    query = query.where('user_id', '=', user.id)
  }
  if (filter.link !== undefined) query = query.where(containsText('target_url', filter.link))
  const after = parseIdCursor(filter.cursor)
  if (after !== undefined) query = query.where('id', '<', after)
  const rows = await query
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute()
  const page = pageOf(rows, filter.limit)
  return { orders: await toAdminOrders(db, page.rows), nextCursor: page.nextCursor }
}

export async function findOrder(db: Db, id: number): Promise<Order> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new AdminRefusal(404, ORDER_NOT_FOUND)
  return row
}

export async function orderDetail(db: Db, id: number): Promise<AdminOrderDetailResponse> {
  const order = await findOrder(db, id)
  const provider =
    order.provider_id === null
      ? undefined
      : await db
          .selectFrom('providers')
          .select(['id', 'name'])
          .where('id', '=', order.provider_id)
          .executeTakeFirst()
  const service = await db
    .selectFrom('services')
    .select(['remote_service_id', 'provider_id'])
    .where('id', '=', order.service_id)
    .executeTakeFirst()
  // The order's jobs carry keys 'order:<id>:dispatch', 'order:<id>:cancel:2', 'order:<id>:generate'...
  const keyPrefix = `order:${String(id)}:`
  const jobs = await db
    .selectFrom('jobs')
    .selectAll()
    .where((eb) => eb.fn('substr', ['unique_key', eb.lit(1), eb.lit(keyPrefix.length)]), '=', keyPrefix)
    .orderBy('id')
    .execute()
  const ledger = await db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('user_id', '=', order.user_id)
    .where('reference', '=', `order:${String(id)}`)
    .orderBy('id')
    .execute()
  const refills = await db
    .selectFrom('refills')
    .selectAll()
    .where('order_id', '=', id)
    .orderBy('id')
    .execute()
  return {
    order: await oneAdminOrder(db, order),
    upstream: {
      provider_id: order.provider_id === null ? null : String(order.provider_id),
      provider_name: provider?.name ?? null,
      remote_service_id:
        service && order.provider_id !== null && Number(service.provider_id) === Number(order.provider_id)
          ? service.remote_service_id
          : null,
      upstream_order_id: order.upstream_order_id,
      attempted_at: isoOrNull(order.upstream_attempted_at),
    },
    jobs: jobs.map(toAdminJob),
    ledger: ledger.map(toAdminLedgerEntry),
    refills: refills.map((refill) => ({
      id: String(refill.id),
      status: refill.status,
      upstream_refill_id: refill.upstream_refill_id,
      reason: refill.reason,
      created_at: iso(refill.created_at),
      updated_at: iso(refill.updated_at),
    })),
    audit: await auditOfTarget(db, `order:${String(id)}`),
  }
}

/** What the audit log keeps of an order: its status and money. */
function orderSnapshot(order: Order) {
  return {
    status: order.status,
    paused_reason: order.paused_reason,
    remains: order.remains,
    start_count: order.start_count,
    charge: microsToUsd(Number(order.charge)),
    refunded: microsToUsd(Number(order.refunded)),
    upstream_order_id: order.upstream_order_id,
  }
}

async function auditOrder(
  db: Db,
  actor: Actor,
  action: AuditAction,
  before: Order,
  after: Order,
  reason: string | null,
  now: number,
): Promise<void> {
  await recordAudit(db, {
    actor,
    action,
    target: `order:${String(before.id)}`,
    before: orderSnapshot(before),
    after: orderSnapshot(after),
    reason,
    now,
  })
}

export interface OrderActionResult {
  message: string
  order: AdminOrder
  /** 202 while a cancel waits for the provider. */
  accepted?: boolean
}

export async function adminRetryOrder(
  db: Db,
  actor: Actor,
  id: number,
  reason: string | null,
  now: number,
): Promise<OrderActionResult> {
  const before = await findOrder(db, id)
  const after = await retryOrder(db, { userId: Number(before.user_id), orderId: id, now })
  await auditOrder(db, actor, 'order.retry', before, after, reason, now)
  return { message: orderQueuedForRetry(String(id)), order: await oneAdminOrder(db, after) }
}

/**
 * Holds a pending order that has no upstream id: it becomes paused with the reason, as a failed dispatch
 * leaves it, and its queued dispatch finds nothing to do. A dispatch already waiting on the provider's answer
 * still wins (fulfilment.ts stores the upstream id over a pause): the order exists upstream then.
 */
export async function adminPauseOrder(
  db: Db,
  actor: Actor,
  id: number,
  reason: string,
  now: number,
): Promise<OrderActionResult> {
  return db.transaction().execute(async (trx) => {
    const before = await findOrder(trx, id)
    const after = await trx
      .updateTable('orders')
      .set({ status: 'paused', paused_reason: reason, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('upstream_order_id', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (!after) throw new AdminRefusal(409, ADMIN_ORDER_NOT_PAUSABLE)
    await auditOrder(trx, actor, 'order.pause', before, after, reason, now)
    return { message: `Order ${String(id)} has been paused`, order: await oneAdminOrder(trx, after) }
  })
}

export async function adminCancelOrder(
  db: Db,
  actor: Actor,
  id: number,
  reason: string | null,
  now: number,
): Promise<OrderActionResult> {
  const before = await findOrder(db, id)
  const { order, outcome } = await cancelOrder(db, { userId: Number(before.user_id), orderId: id, now })
  await auditOrder(db, actor, 'order.cancel', before, order, reason, now)
  return {
    message: adminCancelMessage(String(id), outcome),
    order: await oneAdminOrder(db, order),
    accepted: outcome === 'requested',
  }
}

/**
 * Refunds part or all of what is left of an order's charge: a `refund` ledger entry (reference 'order:<id>')
 * and `refunded` raised in one transaction, the raise conditional on staying within the charge so two refunds
 * at once cannot together pay back more. The status does not change.
 */
export async function adminRefundOrder(
  db: Db,
  actor: Actor,
  id: number,
  input: { amountUsd?: number | undefined; reason: string; idempotencyKey: string },
  now: number,
): Promise<OrderActionResult> {
  const ledgerKey = `order:${String(id)}:operator-refund:${input.idempotencyKey}`
  try {
    return await refundOnce(db, actor, id, { ...input, ledgerKey }, now)
  } catch (error) {
    // The same request running at the same moment wrote the entry first: answer as a replay does.
    if (!(error instanceof DuplicateLedgerEventError)) throw error
    return refundOnce(db, actor, id, { ...input, ledgerKey }, now)
  }
}

async function refundOnce(
  db: Db,
  actor: Actor,
  id: number,
  input: { amountUsd?: number | undefined; reason: string; ledgerKey: string },
  now: number,
): Promise<OrderActionResult> {
  const { ledgerKey } = input
  return db.transaction().execute(async (trx) => {
    const before = await findOrder(trx, id)
    const existing = await trx
      .selectFrom('ledger_entries')
      .selectAll()
      .where('idempotency_key', '=', ledgerKey)
      .executeTakeFirst()
    if (existing) {
      if (input.amountUsd !== undefined && Number(existing.amount) !== usdToMicros(input.amountUsd)) {
        throw new AdminRefusal(409, ADMIN_IDEMPOTENCY_KEY_REUSED, 'idempotency_key')
      }
      return {
        message: `Refunded ${formatMicros(Number(existing.amount))} on order ${String(id)}`,
        order: await oneAdminOrder(trx, before),
      }
    }
    const left = Number(before.charge) - Number(before.refunded)
    if (left <= 0) throw new AdminRefusal(409, ADMIN_NOTHING_TO_REFUND)
    const amount = input.amountUsd === undefined ? left : usdToMicros(input.amountUsd)
    if (amount > left) {
      throw new AdminRefusal(
        422,
        `amount: ${ADMIN_REFUND_TOO_LARGE} (${formatMicros(left, 6)} left)`,
        'amount',
      )
    }
    const after = await trx
      .updateTable('orders')
      .set({ refunded: sql<number>`refunded + ${amount}`, updated_at: now })
      .where('id', '=', id)
      .where(sql<boolean>`refunded + ${amount} <= charge`)
      .returningAll()
      .executeTakeFirst()
    if (!after) throw new AdminRefusal(409, ADMIN_REFUND_TOO_LARGE, 'amount')
    const credited = await creditOrderRefund(trx, {
      userId: Number(before.user_id),
      orderId: id,
      amount,
      idempotencyKey: ledgerKey,
      note: input.reason,
      now,
    })
    // Undo the raise of `refunded` with the whole transaction.
    if (!credited) throw new DuplicateLedgerEventError(ledgerKey)
    await reviseReferralEarning(trx, id, now)
    await auditOrder(trx, actor, 'order.refund', before, after, input.reason, now)
    return {
      message: `Refunded ${formatMicros(amount)} on order ${String(id)}`,
      order: await oneAdminOrder(trx, after),
    }
  })
}

/**
 * Sets the status by hand (no money moves: refund separately). A paused order keeps the reason as its
 * paused_reason, shown to the customer; any other status clears it. An order ended this way notifies its
 * customer as one the provider ends.
 */
export async function adminSetOrderStatus(
  db: Db,
  actor: Actor,
  id: number,
  input: {
    status: OrderStatus
    reason: string
    remains?: number | null | undefined
    startCount?: number | null | undefined
  },
  now: number,
): Promise<OrderActionResult> {
  return db.transaction().execute(async (trx) => {
    const before = await findOrder(trx, id)
    if (input.remains != null && input.remains > before.quantity) {
      throw new AdminRefusal(
        422,
        `remains: Remains must be at most the quantity (${String(before.quantity)})`,
        'remains',
      )
    }
    const after = await trx
      .updateTable('orders')
      .set({
        status: input.status,
        paused_reason: input.status === 'paused' ? input.reason : null,
        completed_at: input.status === 'completed' ? (before.completed_at ?? now) : null,
        ...(input.remains !== undefined ? { remains: input.remains } : {}),
        ...(input.startCount !== undefined ? { start_count: input.startCount } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        // Back to pending or processing while another active order has the same link and service.
        if (isUniqueViolation(error)) throw new AdminRefusal(409, DUPLICATE_ACTIVE_ORDER, 'status')
        throw error
      })
    if (after.status === 'completed' || after.status === 'partial') {
      // Ended by hand: the referrer earns on what the order kept, as when the provider ends it.
      const kept = Number(after.charge) - Number(after.refunded)
      await recordReferralEarning(trx, { id, userId: Number(after.user_id), kept }, now)
    }
    // Ended by hand: the customer is told as when the provider ends it (once, not again for the same status).
    if (after.status !== before.status) await notifyOrderEnded(trx, after, Number(after.refunded), now)
    await auditOrder(trx, actor, 'order.set_status', before, after, input.reason, now)
    return {
      message: `Order ${String(id)} is now ${input.status}`,
      order: await oneAdminOrder(trx, after),
    }
  })
}
