import {
  chargeMicros,
  DUPLICATE_ACTIVE_ORDER,
  INSUFFICIENT_BALANCE,
  SPEND_LIMIT_REACHED,
  UNKNOWN_SERVICE,
} from '@engage/contract'
import type { Db } from '../../db/connect'
import type { Order, Service } from '../../db/schema'
import { enqueue } from '../../jobs/queue'
import { scheduleRuns } from '../drip-feed'
import { debit, InsufficientFundsError } from '../ledger'
import { recordAccountActivity } from '../workspaces/activity'
import { SpendLimitError } from '../workspaces/spend'
import type { AiSettingSnapshot } from './ai-snapshot'
import { isActiveOrderConflict, OrderRefusal, serviceQuantityRangeMessage } from './refusals'

// What every way of placing an order shares: the service named, the pending row, its charge and first job.

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
  /** A drip-feed order: `quantity` is every run's units together. */
  dripFeed?: DripFeed | null
  /** The workspace member who places it (their monthly limit, the activity log). */
  actorUserId?: number
  /**
   * False when the member's debit is placed by the scheduler rather than by them (a subscription's later period):
   * it counts against their monthly limit, but the activity log, which tells what people did, has no line for it.
   */
  logPlacement?: boolean
  now: number
}

/** A drip-feed order's schedule: `runs` runs, one every `interval` minutes. */
export interface DripFeed {
  runs: number
  interval: number
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
        custom_comment: input.customComment ?? null,
        ai_setting: input.aiSetting && input.service.is_ai === 1 ? JSON.stringify(input.aiSetting) : null,
        subscription_id: input.subscriptionId ?? null,
        paused_reason: null,
        provider_id: input.service.provider_id,
        upstream_order_id: null,
        upstream_attempted_at: null,
        runs: input.dripFeed?.runs ?? null,
        run_interval: input.dripFeed?.interval ?? null,
        next_run_at: input.dripFeed ? input.now : null,
        remains: input.dripFeed ? input.quantity : null,
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
 * Pays an inserted order through the ledger's conditional debit and enqueues its first job, using `trx`: its
 * `dispatch-order`, or for a drip-feed order a `dispatch-run` job per run (scheduleRuns). Refuses a balance too
 * low, or a charge past the monthly spend limit of the workspace member who placed it (`actorUserId`); the
 * caller's rollback then undoes the order too. A placement by a person is logged in the workspace's activity,
 * unless `logPlacement` is false (see ChargedOrderInput).
 */
export async function chargeOrder(
  trx: Db,
  order: Order,
  now: number,
  actorUserId: number | null = null,
  logPlacement = true,
): Promise<void> {
  // A free service moves no money, and the ledger records only balance changes.
  if (order.charge > 0) {
    try {
      await debit(trx, {
        userId: order.user_id,
        amount: order.charge,
        kind: 'order_payment',
        reference: `order:${order.id}`,
        idempotencyKey: `order:${order.id}:charge`,
        actorUserId,
        now,
      })
    } catch (error) {
      throw orderPaymentRefusal(error)
    }
  }
  if (actorUserId !== null && logPlacement) await recordOrderPlaced(trx, order, actorUserId)
  if (order.runs !== null) {
    await scheduleRuns(trx, order)
    return
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
  await chargeOrder(trx, order, input.now, input.actorUserId ?? null, input.logPlacement ?? true)
  return order
}

/** The refusal a failed debit of an order answers: a balance too low, or the member's monthly limit. */
function orderPaymentRefusal(error: unknown): unknown {
  if (error instanceof InsufficientFundsError)
    return new OrderRefusal('insufficient_funds', INSUFFICIENT_BALANCE)
  if (error instanceof SpendLimitError) return new OrderRefusal('insufficient_funds', SPEND_LIMIT_REACHED)
  return error
}

/** Records in the workspace's activity log that a person placed the order. */
function recordOrderPlaced(trx: Db, order: Order, actorUserId: number): Promise<void> {
  return recordAccountActivity(trx, {
    accountId: order.user_id,
    actorUserId,
    action: 'order.placed',
    subject: `order:${order.id}`,
    detail: { service: order.service_type, quantity: order.quantity, charge: order.charge / 1_000_000 },
    now: order.created_at,
  })
}
