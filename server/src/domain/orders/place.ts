import {
  type AiSettingFields,
  chargeMicros,
  isAiService,
  DUPLICATE_ACTIVE_ORDER,
  INSUFFICIENT_BALANCE,
  UNKNOWN_SERVICE,
} from '@engage/contract'
import { type Kysely, sql } from 'kysely'
import type { Db } from '../../db/connect'
import { isPostgres } from '../../db/dialect'
import type { Order, Service } from '../../db/schema'
import { DEFAULT_MAX_ATTEMPTS, enqueue } from '../../jobs/queue'
import { currentRequestId } from '../../ops/request-context'
import { debit, DuplicateLedgerEventError, InsufficientFundsError } from '../ledger'
import { defaultAiSettingRef, type OperatorAiKeys, requireAiSettingKey } from './ai-key'
import { type AiSettingSnapshot, snapshotFromInput } from './ai-snapshot'
import { isActiveOrderConflict, OrderRefusal, serviceQuantityRangeMessage } from './refusals'

// Placing.

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
  /** The operator's AI keys: an AI order that neither they nor the customer's saved setting can write is refused. */
  operatorAiKeys: OperatorAiKeys
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
  // Known by the service's name, so the single statement below stays the only write and no read comes first
  // for other services.
  if (isAiService(input.serviceType)) {
    await requireAiSettingKey(
      db,
      {
        userId: input.userId,
        setting: input.aiSetting ?? defaultAiSettingRef(input.now),
        operatorAiKeys: input.operatorAiKeys,
      },
      'ai_settings',
    )
  }
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
