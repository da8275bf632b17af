import {
  quantityRangeMessage,
  AI_SETTING_NOT_FOUND,
  cancelEffect,
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
import { type Kysely, sql } from 'kysely'
import type { Db } from '../db/connect'
import type { AiSettingRow, Order, Service } from '../db/schema'
import { DEFAULT_MAX_ATTEMPTS, enqueue, enqueueAttempt } from '../jobs/queue'
import { currentRequestId } from '../ops/request-context'
import { isPostgres } from '../db/dialect'
import { credit, debit, DuplicateLedgerEventError, InsufficientFundsError } from './ledger'

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

/** What POST /api/orders/create placed: the order, and whether its service writes AI texts. */
export interface PlacedOrder {
  order: Order
  isAi: boolean
}

type InsertedOrderRow = Order & { service_is_ai: number }

function splitInsertedOrder(row: InsertedOrderRow): PlacedOrder {
  const { service_is_ai: isAi, ...order } = row
  return { order, isAi: Number(isAi) === 1 }
}

/**
 * The order as one conditional insert: the service row is read by the insert itself (inside the transaction,
 * so the charge never uses a stale rate), and a service that is unknown, disabled or whose limits refuse the
 * quantity inserts nothing. The charge is rate × quantity rounded up, as chargeMicros computes it. Every value
 * is cast, since PostgreSQL cannot type a bare parameter in an INSERT ... SELECT list.
 */
function insertOrderFromService(input: PlaceOrderInput) {
  const quantity = sql`cast(${input.quantity} as integer)`
  const now = sql`cast(${input.now} as bigint)`
  const aiSetting = input.aiSetting ? JSON.stringify(snapshotFromInput(input.aiSetting)) : null
  return sql`insert into orders (user_id, service_id, service_type, target_url, quantity, charge, status,
      start_count, remains, custom_comment, ai_setting, subscription_id, paused_reason, provider_id,
      upstream_order_id, upstream_attempted_at, created_at, updated_at)
    select cast(${input.userId} as bigint), s.id, s.name, cast(${input.targetUrl} as text), ${quantity},
      (s.rate_per_1k * ${quantity} + 999) / 1000, 'pending', null, null, cast(${input.customComment} as text),
      case when s.is_ai = 1 then cast(${aiSetting} as text) else null end, null, null, s.provider_id, null, null,
      ${now}, ${now}
    from services s
    where s.name = cast(${input.serviceType} as text) and s.enabled = 1
      and s.min_quantity <= ${quantity} and s.max_quantity >= ${quantity}
    returning *, (select is_ai from services where services.id = orders.service_id) as service_is_ai`
}

/**
 * PostgreSQL: the order, its conditional debit, its ledger entry and its dispatch job as one statement, so an
 * order costs three round trips (begin, this, commit). The order row is inserted before the balance row is
 * locked, as insertChargedOrder does, so that every order transaction takes its locks in the same sequence.
 * `debited` is 0 when the balance did not cover the charge (or the order is free); `recorded` is 0 when the
 * ledger already held the event. The caller's transaction rolls back on either.
 */
function placeOrderStatement(input: PlaceOrderInput) {
  return sql<InsertedOrderRow & { debited: number | string; recorded: number | string }>`with
    o as (${insertOrderFromService(input)}),
    d as (
      update users set balance = users.balance - o.charge from o
      where users.id = o.user_id and o.charge > 0 and users.balance >= o.charge
      returning users.id
    ),
    l as (
      insert into ledger_entries (user_id, amount, kind, reference, idempotency_key, note, created_at)
      select o.user_id, -o.charge, 'order_payment', 'order:' || o.id, 'order:' || o.id || ':charge', null,
        o.created_at
      from o join d on d.id = o.user_id
      on conflict (idempotency_key) do nothing
      returning id
    ),
    j as (
      insert into jobs (kind, payload, run_at, max_attempts, unique_key, request_id, lease_owner,
        lease_expires_at, last_error, created_at, updated_at)
      select 'dispatch-order', '{"orderId":' || o.id || '}', o.created_at, cast(${DEFAULT_MAX_ATTEMPTS} as integer),
        'order:' || o.id || ':dispatch', cast(${currentRequestId() ?? null} as text), null, null, null,
        o.created_at, o.created_at
      from o
      on conflict (unique_key) do nothing
      returning id
    )
    select o.*, (select count(*) from d) as debited, (select count(*) from l) as recorded from o`
}

/** Why the conditional insert inserted nothing: the refusal the service's row calls for. */
async function refuseOrder(trx: Db, input: PlaceOrderInput): Promise<never> {
  const fields = CREATE_ORDER_FIELDS
  const service = await orderableService(trx, input.serviceType, fields.serviceType)
  checkServiceQuantity(service, input.quantity, fields.quantity)
  // The row allowed the order after all: it changed between the two reads.
  throw new OrderRefusal('invalid', UNKNOWN_SERVICE, fields.serviceType)
}

/**
 * POST /api/orders/create: one charged, pending order with its dispatch job, in one transaction. No read
 * precedes a write: the insert reads the service, the debit is the balance check, and only a refusal reads
 * again to say why.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  const fields = CREATE_ORDER_FIELDS
  return db.transaction().execute(async (trx) => {
    try {
      if (isPostgres(trx as unknown as Kysely<unknown>)) {
        const { rows } = await placeOrderStatement(input).execute(trx)
        const row = rows[0]
        if (!row) return await refuseOrder(trx, input)
        const { debited, recorded, ...inserted } = row
        if (inserted.charge > 0 && Number(debited) !== 1)
          throw new OrderRefusal('insufficient_funds', INSUFFICIENT_BALANCE)
        if (inserted.charge > 0 && Number(recorded) !== 1)
          throw new DuplicateLedgerEventError(`order:${inserted.id}:charge`)
        return splitInsertedOrder(inserted)
      }
      const { rows } = await insertOrderFromService(input).execute(trx)
      const row = rows[0] as InsertedOrderRow | undefined
      if (!row) return await refuseOrder(trx, input)
      const placed = splitInsertedOrder(row)
      await chargeOrder(trx, placed.order, input.now)
      return placed
    } catch (error) {
      if (isActiveOrderConflict(error))
        throw new OrderRefusal('conflict', DUPLICATE_ACTIVE_ORDER, fields.targetUrl)
      throw error
    }
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
    const effect = cancelEffect({ status: order.status, sentUpstream: order.upstream_attempted_at !== null })
    if (effect === 'not-cancellable') throw new OrderRefusal('conflict', ORDER_NOT_CANCELLABLE)
    if (effect === 'cancelled') {
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
