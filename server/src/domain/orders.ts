import {
  quantityRangeMessage,
  AI_SETTING_NOT_FOUND,
  chargeMicros,
  DUPLICATE_ACTIVE_ORDER,
  INSUFFICIENT_BALANCE,
  microsToUsd,
  ORDER_NOT_CANCELLABLE,
  ORDER_NOT_FOUND,
  ORDER_NOT_RETRYABLE,
  UNKNOWN_SERVICE,
  type AiSettingFields,
  type Order as ApiOrder,
} from '@engage/contract'
import { sql } from 'kysely'
import type { Db } from '../db/connect'
import type { AiSettingRow, Order, Service } from '../db/schema'
import { enqueue, enqueueAttempt } from '../jobs/queue'
import { credit, debit, InsufficientFundsError } from './ledger'

// Orders: placing (single, mass, subscription periods), listing, cancelling and retrying. Each operation is
// one database transaction; the money moves through the ledger and the next step of the order is a job
// enqueued in that same transaction.

// ---- Refusals ---------------------------------------------------------------------------------------------

export type RefusalKind = 'invalid' | 'not_found' | 'conflict' | 'insufficient_funds'

/**
 * A request the order rules refuse. `field` names the request field at fault, as a path such as 'quantity' or
 * 'items[2].url' (every 'invalid' refusal has one; a 'conflict' names the link). The routes turn kinds into
 * statuses (422, 404, 409, 402).
 */
export class OrderRefusal extends Error {
  override name = 'OrderRefusal'
  constructor(
    readonly kind: RefusalKind,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(field ? `${field}: ${detail}` : detail)
  }
}

/** The order form's quantity message for a service whose own limits are narrower than 1 - 10,000. */
export function serviceQuantityRangeMessage(service: Pick<Service, 'min_quantity' | 'max_quantity'>): string {
  return quantityRangeMessage({ min: service.min_quantity, max: service.max_quantity })
}

/** True when the error is the partial unique index "one active order per user, service and link". */
export function isActiveOrderConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown }
  // PostgreSQL: unique_violation names the index.
  if (code === '23505') return constraint === 'orders_one_active_per_link'
  // SQLite names the indexed columns: "UNIQUE constraint failed: orders.user_id, orders.service_id, ...".
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    typeof message === 'string' &&
    message.includes('orders.user_id, orders.service_id, orders.target_url')
  )
}

// ---- AI settings attached to an order ---------------------------------------------------------------------

/** The AI setting an AI order is written with, frozen at order time, without its key (the worker reads the
 * stored, encrypted key by `id` when the setting is saved, else uses the operator's default key). */
export type AiSettingSnapshot = Omit<AiSettingFields, 'apiKey' | 'lastUsed'>

export function snapshotFromInput(input: AiSettingFields): AiSettingSnapshot {
  const { apiKey: _apiKey, lastUsed: _lastUsed, ...snapshot } = input
  return snapshot
}

export function snapshotFromRow(row: AiSettingRow): AiSettingSnapshot {
  return {
    id: row.id,
    name: row.name,
    model: row.model,
    provider: row.provider as AiSettingSnapshot['provider'],
    temperature: row.temperature,
    maxTokens: row.max_tokens,
    topP: row.top_p,
    frequencyPenalty: row.frequency_penalty,
    presencePenalty: row.presence_penalty,
    systemPrompt: row.system_prompt,
    userPrompt: row.user_prompt,
  }
}

/**
 * The user's AI settings with these ids (matched case-insensitively, as the settings calls do), in the order
 * asked. Refuses an unknown id, naming `field`.
 */
export async function resolveAiSettings(
  db: Db,
  userId: number,
  ids: readonly string[],
  field: string,
): Promise<AiSettingRow[]> {
  if (ids.length === 0) return []
  const rows = await db
    .selectFrom('ai_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .where(
      sql<string>`lower(id)`,
      'in',
      ids.map((id) => id.toLowerCase()),
    )
    .execute()
  const byId = new Map(rows.map((row) => [row.id.toLowerCase(), row]))
  return ids.map((id) => {
    const row = byId.get(id.toLowerCase())
    if (!row) throw new OrderRefusal('invalid', AI_SETTING_NOT_FOUND, field)
    return row
  })
}

// ---- Placing ----------------------------------------------------------------------------------------------

/** Where each order field came from in the request, so a refusal names the field the client sent. */
export interface OrderFieldNames {
  serviceType: string
  quantity: string
  targetUrl: string
}

export const CREATE_ORDER_FIELDS: OrderFieldNames = {
  serviceType: 'service_type',
  quantity: 'quantity',
  targetUrl: 'target_url',
}

/** The enabled service a customer names, or a refusal naming the field. */
export async function orderableService(db: Db, serviceType: string, field: string): Promise<Service> {
  const service = await db
    .selectFrom('services')
    .selectAll()
    .where('name', '=', serviceType)
    .executeTakeFirst()
  if (!service || service.enabled !== 1) throw new OrderRefusal('invalid', UNKNOWN_SERVICE, field)
  return service
}

/** Refuses a quantity outside the service's own limits (the request schema already holds 1 to 10,000). */
export function checkServiceQuantity(service: Service, quantity: number, field: string): void {
  if (quantity < service.min_quantity || quantity > service.max_quantity) {
    throw new OrderRefusal('invalid', serviceQuantityRangeMessage(service), field)
  }
}

export interface ChargedOrderInput {
  userId: number
  service: Service
  targetUrl: string
  quantity: number
  customComment?: string | null
  aiSetting?: AiSettingSnapshot | null
  subscriptionId?: number | null
  now: number
}

/**
 * Inserts a pending order with its charge (rate × quantity rounded up) using `trx`, or refuses a second active
 * order for the same link and service, naming `fields.targetUrl`. The order is not paid yet: see chargeOrder.
 */
export async function insertPendingOrder(
  trx: Db,
  input: ChargedOrderInput,
  fields: OrderFieldNames,
): Promise<Order> {
  try {
    return await trx
      .insertInto('orders')
      .values({
        user_id: input.userId,
        service_id: input.service.id,
        service_type: input.service.name,
        target_url: input.targetUrl,
        quantity: input.quantity,
        charge: chargeMicros(input.service.rate_per_1k, input.quantity),
        status: 'pending',
        start_count: null,
        remains: null,
        custom_comment: input.customComment ?? null,
        ai_setting: input.aiSetting && input.service.is_ai === 1 ? JSON.stringify(input.aiSetting) : null,
        subscription_id: input.subscriptionId ?? null,
        paused_reason: null,
        provider_id: input.service.provider_id,
        upstream_order_id: null,
        upstream_attempted_at: null,
        created_at: input.now,
        updated_at: input.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  } catch (error) {
    if (isActiveOrderConflict(error))
      throw new OrderRefusal('conflict', DUPLICATE_ACTIVE_ORDER, fields.targetUrl)
    throw error
  }
}

/**
 * Pays an inserted order through the ledger's conditional debit and enqueues its `dispatch-order` job, using
 * `trx`. Refuses a balance too low; the caller's rollback then undoes the order too.
 */
export async function chargeOrder(trx: Db, order: Order, now: number): Promise<void> {
  // A free service moves no money, and the ledger records only balance changes.
  if (order.charge > 0) {
    try {
      await debit(trx, {
        userId: order.user_id,
        amount: order.charge,
        kind: 'order_payment',
        reference: `order:${order.id}`,
        idempotencyKey: `order:${order.id}:charge`,
        now,
      })
    } catch (error) {
      if (error instanceof InsufficientFundsError)
        throw new OrderRefusal('insufficient_funds', INSUFFICIENT_BALANCE)
      throw error
    }
  }
  await enqueue(trx, {
    kind: 'dispatch-order',
    payload: { orderId: order.id },
    uniqueKey: `order:${order.id}:dispatch`,
    now,
  })
}

/**
 * Inserts a pending order, charges it and enqueues its dispatch, all with `trx`, which must be a transaction:
 * a refusal throws after writes that the caller's rollback undoes.
 *
 * The order row comes before the debit on purpose: every order transaction takes the link's unique index entry
 * first and the customer's balance row last, so two transactions of one customer never wait on each other in
 * opposite orders (PostgreSQL would abort one as a deadlock).
 */
export async function insertChargedOrder(
  trx: Db,
  input: ChargedOrderInput,
  fields: OrderFieldNames,
): Promise<Order> {
  const order = await insertPendingOrder(trx, input, fields)
  await chargeOrder(trx, order, input.now)
  return order
}

export interface PlaceOrderInput {
  userId: number
  serviceType: string
  targetUrl: string
  quantity: number
  customComment: string | null
  /** The setting object the client sent with an ai_comments or ai_tweets order; ignored for other services. */
  aiSetting: AiSettingFields | null
  now: number
}

/** POST /api/orders/create: one charged, pending order with its dispatch job. */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<Order> {
  const fields = CREATE_ORDER_FIELDS
  return db.transaction().execute(async (trx) => {
    const service = await orderableService(trx, input.serviceType, fields.serviceType)
    checkServiceQuantity(service, input.quantity, fields.quantity)
    return insertChargedOrder(
      trx,
      {
        userId: input.userId,
        service,
        targetUrl: input.targetUrl,
        quantity: input.quantity,
        customComment: input.customComment,
        aiSetting: input.aiSetting ? snapshotFromInput(input.aiSetting) : null,
        now: input.now,
      },
      fields,
    )
  })
}

export interface MassOrderItemInput {
  type: string
  quantity: number
  url: string
  aiSettings?: readonly string[] | undefined
}

/** 'items[2].url', as the request validator names fields. */
function itemField(index: number, name: string): string {
  return `items[${index}].${name}`
}

/**
 * POST /api/orders/mass: every item becomes an order in one transaction, or none does. Items are checked
 * first (services, limits, repeated links, AI settings), so a bad item is refused before any money moves; a
 * balance that cannot cover the whole total refuses them all.
 */
export async function placeMassOrder(
  db: Db,
  input: { userId: number; items: readonly MassOrderItemInput[]; now: number },
): Promise<Order[]> {
  return db.transaction().execute(async (trx) => {
    const prepared: {
      index: number
      service: Service
      item: MassOrderItemInput
      aiSetting: AiSettingSnapshot | null
    }[] = []
    const seenLinks = new Map<string, number>()
    for (const [index, item] of input.items.entries()) {
      const service = await orderableService(trx, item.type, itemField(index, 'type'))
      checkServiceQuantity(service, item.quantity, itemField(index, 'quantity'))
      const linkKey = `${service.id} ${item.url}`
      if (seenLinks.has(linkKey))
        throw new OrderRefusal('invalid', DUPLICATE_ACTIVE_ORDER, itemField(index, 'url'))
      seenLinks.set(linkKey, index)
      let aiSetting: AiSettingSnapshot | null = null
      if (service.is_ai === 1 && item.aiSettings && item.aiSettings.length > 0) {
        const [first] = await resolveAiSettings(
          trx,
          input.userId,
          item.aiSettings,
          itemField(index, 'aiSettings'),
        )
        aiSetting = first ? snapshotFromRow(first) : null
      }
      prepared.push({ index, service, item, aiSetting })
    }
    // Rows go in by (service, link) and every debit comes after them: two mass orders of one customer that share
    // links then take their unique index entries in the same order and the balance row last, as
    // insertChargedOrder does, so neither can wait on the other in a cycle. Answers keep the request's order.
    const insertionOrder = [...prepared].sort(
      (left, right) =>
        left.service.id - right.service.id ||
        (left.item.url < right.item.url ? -1 : left.item.url > right.item.url ? 1 : 0),
    )
    const orderOfItem = new Map<number, Order>()
    for (const { index, service, item, aiSetting } of insertionOrder) {
      const order = await insertPendingOrder(
        trx,
        {
          userId: input.userId,
          service,
          targetUrl: item.url,
          quantity: item.quantity,
          aiSetting,
          now: input.now,
        },
        {
          serviceType: itemField(index, 'type'),
          quantity: itemField(index, 'quantity'),
          targetUrl: itemField(index, 'url'),
        },
      )
      orderOfItem.set(index, order)
    }
    const orders = prepared.flatMap(({ index }) => orderOfItem.get(index) ?? [])
    for (const order of orders) await chargeOrder(trx, order, input.now)
    return orders
  })
}

// ---- Reading ----------------------------------------------------------------------------------------------

export interface Page {
  /** The cursor a previous page returned, or undefined for the newest page. */
  cursor?: string | undefined
  limit: number
}

export class InvalidCursorError extends Error {
  override name = 'InvalidCursorError'
}

/** An order cursor is the id of the last order of the previous page (ids only grow, so newest = highest). */
function parseOrderCursor(cursor: string): number {
  if (!/^[1-9]\d{0,14}$/.test(cursor)) throw new InvalidCursorError(cursor)
  return Number(cursor)
}

/** The user's orders, newest first, one page at a time. */
export async function listOrders(
  db: Db,
  userId: number,
  page: Page,
): Promise<{ orders: Order[]; nextCursor: string | null }> {
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId)
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
  }
}

/** The order id in a path ('42'), or a not-found refusal for anything that cannot be one. */
export function parseOrderId(text: string): number {
  if (!/^[1-9]\d{0,14}$/.test(text.trim())) throw new OrderRefusal('not_found', ORDER_NOT_FOUND)
  return Number(text.trim())
}

async function findOwnOrder(trx: Db, userId: number, orderId: number): Promise<Order> {
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

// ---- Cancelling -------------------------------------------------------------------------------------------

export interface CancelResult {
  order: Order
  /** 'cancelled': refunded in full now. 'requested': a `cancel-order` job asks the upstream (the worker
   * refunds what the upstream did not deliver); the order keeps its status until then. */
  outcome: 'cancelled' | 'requested'
}

/**
 * POST /api/orders/{id}/cancel. A pending order that never reached the upstream (no `add` was attempted) is
 * cancelled at once with a full refund; the guard on `upstream_attempted_at` makes this race-free against the
 * dispatch worker, which sets it with the same kind of conditional update before calling the upstream. Any
 * other pending or processing order may already exist upstream, so the upstream is asked through a job.
 */
export async function cancelOrder(
  db: Db,
  input: { userId: number; orderId: number; now: number },
): Promise<CancelResult> {
  return db.transaction().execute(async (trx) => {
    const order = await findOwnOrder(trx, input.userId, input.orderId)
    if (order.status !== 'pending' && order.status !== 'processing') {
      throw new OrderRefusal('conflict', ORDER_NOT_CANCELLABLE)
    }
    if (order.status === 'pending' && order.upstream_attempted_at === null) {
      const cancelled = await trx
        .updateTable('orders')
        .set({ status: 'cancelled', refunded: sql<number>`charge`, updated_at: input.now })
        .where('id', '=', order.id)
        .where('status', '=', 'pending')
        .where('upstream_attempted_at', 'is', null)
        .returningAll()
        .executeTakeFirst()
      if (cancelled) {
        const refund = cancelled.charge - order.refunded
        if (refund > 0) {
          await credit(trx, {
            userId: order.user_id,
            amount: refund,
            kind: 'refund',
            reference: `order:${order.id}`,
            idempotencyKey: `order:${order.id}:refund`,
            note: 'Order cancelled before it started',
            now: input.now,
          })
        }
        return { order: cancelled, outcome: 'cancelled' }
      }
    }
    await enqueueAttempt(trx, {
      kind: 'cancel-order',
      payload: { orderId: order.id },
      keyPrefix: `order:${order.id}:cancel`,
      now: input.now,
    })
    const current = await findOwnOrder(trx, input.userId, input.orderId)
    return { order: current, outcome: 'requested' }
  })
}

// ---- Retrying ---------------------------------------------------------------------------------------------

/** Moves paused orders back to pending and enqueues their next dispatch attempt, with `trx`. */
async function requeuePaused(trx: Db, orders: readonly Order[], now: number): Promise<Order[]> {
  const requeued: Order[] = []
  for (const order of orders) {
    // Conditional on still being paused: a concurrent retry of the same order finds nothing to do.
    const updated = await trx
      .updateTable('orders')
      .set({ status: 'pending', paused_reason: null, updated_at: now })
      .where('id', '=', order.id)
      .where('status', '=', 'paused')
      .returningAll()
      .executeTakeFirst()
    if (!updated) continue
    await enqueueAttempt(trx, {
      kind: 'dispatch-order',
      payload: { orderId: order.id },
      keyPrefix: `order:${order.id}:dispatch`,
      now,
    })
    requeued.push(updated)
  }
  return requeued
}

/** POST /api/orders/retry/{id}: a paused order goes back to pending with a new dispatch attempt. */
export async function retryOrder(
  db: Db,
  input: { userId: number; orderId: number; now: number },
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const order = await findOwnOrder(trx, input.userId, input.orderId)
    if (order.status !== 'paused') throw new OrderRefusal('conflict', ORDER_NOT_RETRYABLE)
    const [requeued] = await requeuePaused(trx, [order], input.now)
    if (!requeued) throw new OrderRefusal('conflict', ORDER_NOT_RETRYABLE)
    return requeued
  })
}

/** POST /api/orders/retry/all: every paused order of the user, as retryOrder does for one. */
export async function retryAllOrders(db: Db, input: { userId: number; now: number }): Promise<Order[]> {
  return db.transaction().execute(async (trx) => {
    const paused = await trx
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', input.userId)
      .where('status', '=', 'paused')
      .orderBy('id')
      .execute()
    return requeuePaused(trx, paused, input.now)
  })
}
