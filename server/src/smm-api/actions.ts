import {
  aiKeyRequired,
  isDripFeedInterval,
  isDripFeedRuns,
  isHttpUrl,
  ORDER_NOT_CANCELLABLE,
  serviceTitleCase,
  SPEND_LIMIT_REACHED,
  WORKSPACE_FORBIDDEN,
  workspaceRoleAllows,
} from '@engage/contract'
import type { Db } from '../db/connect'
import type { Order } from '../db/schema'
import {
  cancelOrder,
  defaultAiSettingRef,
  type DripFeed,
  insertChargedOrder,
  OrderRefusal,
  type OrderFieldNames,
  providerWithoutAiKey,
} from '../domain/orders'
import { findOwnRefill, RefillRefusal, requestRefill } from '../domain/refills'
import { serviceCatalogue } from '../domain/services'
import {
  decimalText,
  idListOf,
  idOf,
  MAX_ORDERS_PER_CALL,
  quantityLessThanMinimal,
  quantityLimits,
  quantityMoreThanMaximal,
  serviceTypeOf,
  V2_ERRORS,
  V2_ORDER_STATUS,
  V2_REFILL_STATUS,
  type V2Context,
  type V2Fields,
  V2Refusal,
} from './protocol'

// The actions of the SMM panel API v2 on our side, each on the panel's own orders and ledger, and
// runV2Action, which picks one by name.

// ---- services ---------------------------------------------------------------------------------------------

export interface V2Service {
  service: number
  name: string
  type: 'Default' | 'Custom Comments'
  category: string
  rate: string
  min: string
  max: string
  refill: boolean
  cancel: boolean
}

async function services(db: Db): Promise<V2Service[]> {
  const { services: enabled } = await serviceCatalogue(db)
  return enabled.map((service) => {
    const { min, max } = quantityLimits(service)
    return {
      service: service.id,
      name: serviceTitleCase(service.name),
      type: serviceTypeOf(service),
      category: service.category,
      rate: decimalText(service.rate_per_1k),
      min: String(min),
      max: String(max),
      refill: service.refill === 1,
      cancel: service.cancel === 1,
    }
  })
}

// ---- add --------------------------------------------------------------------------------------------------

const ADD_FIELDS: OrderFieldNames = { serviceType: 'service', quantity: 'quantity', targetUrl: 'link' }

/** The texts of a Custom Comments order: one per line, blank lines dropped. */
function commentLines(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

/** A drip-feed field that asks for something: present, and neither blank nor 0. */
function asksForDripFeed(text: string | undefined): boolean {
  const trimmed = text?.trim() ?? ''
  return trimmed !== '' && trimmed !== '0'
}

/** `runs` and `interval` as panels take them: both whole numbers in range, or neither (a whole order). */
function dripFeedOf(fields: V2Fields): DripFeed | null {
  if (!asksForDripFeed(fields.runs) && !asksForDripFeed(fields.interval)) return null
  const runs = Number(fields.runs?.trim() ?? '')
  const interval = Number(fields.interval?.trim() ?? '')
  if (!/^\d{1,3}$/.test(fields.runs?.trim() ?? '') || !isDripFeedRuns(runs)) {
    throw new V2Refusal(V2_ERRORS.incorrectRuns)
  }
  if (!/^\d{1,4}$/.test(fields.interval?.trim() ?? '') || !isDripFeedInterval(interval)) {
    throw new V2Refusal(V2_ERRORS.incorrectInterval)
  }
  return { runs, interval }
}

/**
 * Places an order like the panel's POST /api/orders/create, in one transaction: the service row is read in it
 * (a charge never uses a stale rate), the order is charged through the ledger and its dispatch enqueued. With
 * `runs` and `interval` it is a drip-feed order: `quantity` is each run's, the charge is for every run.
 */
async function add(context: V2Context, fields: V2Fields): Promise<{ order: number }> {
  const dripFeed = dripFeedOf(fields)
  const serviceId = idOf(fields.service)
  const link = fields.link?.trim() ?? ''
  try {
    const order = await context.db.transaction().execute(async (trx) => {
      const service =
        serviceId === null
          ? undefined
          : await trx.selectFrom('services').selectAll().where('id', '=', serviceId).executeTakeFirst()
      if (!service || service.enabled !== 1) throw new V2Refusal(V2_ERRORS.incorrectServiceId)
      if (link.length > 2048 || !isHttpUrl(link)) throw new V2Refusal(V2_ERRORS.incorrectLink)
      // An AI order's texts are written for one whole order; it is not drip-fed.
      if (dripFeed && service.is_ai === 1) throw new V2Refusal(V2_ERRORS.dripFeedNotAvailable)

      // An AI service given its texts sends them as they are, one per unit, and writes none with AI; without
      // them it is an AI order like the panel's, its texts written with the default AI setting.
      const comments = service.is_ai === 1 ? commentLines(fields.comments) : []
      let quantityText = fields.quantity?.trim() ?? ''
      if (comments.length > 0) {
        if (quantityText === '') quantityText = String(comments.length)
        else if (quantityText !== String(comments.length)) {
          throw new V2Refusal(V2_ERRORS.quantityMustMatchComments)
        }
      }
      if (!/^\d{1,9}$/.test(quantityText)) throw new V2Refusal(V2_ERRORS.incorrectQuantity)
      const quantity = Number(quantityText)
      const { min, max } = quantityLimits(service)
      if (quantity < min) throw new V2Refusal(quantityLessThanMinimal(min))
      if (quantity > max) throw new V2Refusal(quantityMoreThanMaximal(max))
      if (service.is_ai === 1 && comments.length === 0) {
        const providerName = await providerWithoutAiKey(trx, {
          userId: context.userId,
          setting: defaultAiSettingRef(context.now),
          operatorAiKeys: context.operatorAiKeys,
        })
        if (providerName !== null) throw new V2Refusal(aiKeyRequired(providerName))
      }

      const placed = await insertChargedOrder(
        trx,
        {
          userId: context.userId,
          actorUserId: context.actorUserId,
          service,
          targetUrl: link,
          quantity: dripFeed ? quantity * dripFeed.runs : quantity,
          dripFeed,
          now: context.now,
        },
        ADD_FIELDS,
      )
      // Stored in the order's transaction, before its dispatch job can run: dispatch finds every text and
      // sends them without asking for AI ones.
      if (comments.length > 0) {
        await trx
          .insertInto('order_texts')
          .values(
            comments.map((text, position) => ({
              order_id: placed.id,
              position,
              text,
              created_at: context.now,
            })),
          )
          .execute()
      }
      return placed
    })
    return { order: order.id }
  } catch (error) {
    if (error instanceof OrderRefusal) {
      if (error.kind === 'insufficient_funds') {
        throw new V2Refusal(
          error.detail === SPEND_LIMIT_REACHED ? SPEND_LIMIT_REACHED : V2_ERRORS.notEnoughFunds,
        )
      }
      if (error.kind === 'conflict') throw new V2Refusal(V2_ERRORS.activeOrderWithLink)
    }
    throw error
  }
}

// ---- status -----------------------------------------------------------------------------------------------

export interface V2OrderStatus {
  charge: string
  start_count: string
  status: string
  remains: string
  currency: 'USD'
}

/**
 * An order's status in the protocol's shape. `charge` is what the order costs the customer now: its charge
 * less what was refunded, as panels report a partial or cancelled order. Before the provider reports,
 * start_count reads '0' and remains the whole quantity.
 */
export function v2OrderStatus(order: Order): V2OrderStatus {
  const remains = order.remains ?? (order.status === 'completed' ? 0 : order.quantity)
  return {
    charge: decimalText(order.charge - order.refunded),
    start_count: String(order.start_count ?? 0),
    status: V2_ORDER_STATUS[order.status],
    remains: String(remains),
    currency: 'USD',
  }
}

async function ownOrders(context: V2Context, ids: readonly number[]): Promise<Map<number, Order>> {
  if (ids.length === 0) return new Map()
  const rows = await context.db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', context.userId)
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((row) => [row.id, row]))
}

async function status(
  context: V2Context,
  fields: V2Fields,
): Promise<V2OrderStatus | Record<string, V2OrderStatus | { error: string }>> {
  if (fields.orders !== undefined) {
    const ids = idListOf(fields.orders)
    if (ids.length === 0) throw new V2Refusal(V2_ERRORS.incorrectRequest)
    if (ids.length > MAX_ORDERS_PER_CALL) throw new V2Refusal(V2_ERRORS.tooManyOrders)
    const found = await ownOrders(
      context,
      ids.map(idOf).filter((id) => id !== null),
    )
    const answer: Record<string, V2OrderStatus | { error: string }> = {}
    for (const id of ids) {
      const order = found.get(idOf(id) ?? 0)
      answer[id] = order ? v2OrderStatus(order) : { error: V2_ERRORS.incorrectOrderId }
    }
    return answer
  }
  if (fields.order === undefined) throw new V2Refusal(V2_ERRORS.incorrectRequest)
  const orderId = idOf(fields.order)
  const order = orderId === null ? undefined : (await ownOrders(context, [orderId])).get(orderId)
  if (!order) throw new V2Refusal(V2_ERRORS.incorrectOrderId)
  return v2OrderStatus(order)
}

// ---- cancel -----------------------------------------------------------------------------------------------

export type V2CancelResult = { order: number | string; cancel: 1 | { error: string } }

/**
 * Cancels each order with the panel's own rule (domain/orders.ts cancelOrder): a pending order that never
 * reached the provider is cancelled and refunded at once, any other pending or processing order is asked of
 * its provider. Either way the request is accepted (1); the status answers the outcome.
 */
async function cancel(context: V2Context, fields: V2Fields): Promise<V2CancelResult[]> {
  const ids = idListOf(fields.orders ?? fields.order)
  if (ids.length === 0) throw new V2Refusal(V2_ERRORS.incorrectRequest)
  if (ids.length > MAX_ORDERS_PER_CALL) throw new V2Refusal(V2_ERRORS.tooManyOrders)
  const results: V2CancelResult[] = []
  for (const id of ids) {
    const orderId = idOf(id)
    if (orderId === null) {
      results.push({ order: id, cancel: { error: V2_ERRORS.incorrectOrderId } })
      continue
    }
    try {
      await cancelOrder(context.db, {
        userId: context.userId,
        actorUserId: context.actorUserId,
        orderId,
        now: context.now,
      })
      results.push({ order: orderId, cancel: 1 })
    } catch (error) {
      if (!(error instanceof OrderRefusal)) throw error
      const text = error.kind === 'not_found' ? V2_ERRORS.incorrectOrderId : ORDER_NOT_CANCELLABLE
      results.push({ order: orderId, cancel: { error: text } })
    }
  }
  return results
}

// ---- refill -----------------------------------------------------------------------------------------------

const REFILL_REFUSALS: Readonly<Record<RefillRefusal['reason'], string>> = {
  'order-not-found': V2_ERRORS.incorrectOrderId,
  'not-refillable': V2_ERRORS.refillNotAvailable,
  'not-completed': V2_ERRORS.refillOnlyCompleted,
  'window-ended': V2_ERRORS.refillPeriodEnded,
  'already-active': V2_ERRORS.refillAlreadyActive,
}

/** One refill request; a refusal comes back as the protocol's error text. */
async function refillOne(context: V2Context, orderId: number | null): Promise<string | { error: string }> {
  if (orderId === null) return { error: V2_ERRORS.incorrectOrderId }
  try {
    const created = await requestRefill(context.db, { userId: context.userId, orderId, now: context.now })
    return String(created.id)
  } catch (error) {
    if (error instanceof RefillRefusal) return { error: REFILL_REFUSALS[error.reason] }
    throw error
  }
}

export type V2RefillResult = { order: number | string; refill: string | { error: string } }

/** `order=1` answers `{ refill }`; `orders=1,2,3` answers one entry per order, each with its id or error. */
async function refill(context: V2Context, fields: V2Fields): Promise<{ refill: string } | V2RefillResult[]> {
  if (fields.orders !== undefined) {
    const ids = idListOf(fields.orders)
    if (ids.length === 0) throw new V2Refusal(V2_ERRORS.incorrectRequest)
    if (ids.length > MAX_ORDERS_PER_CALL) throw new V2Refusal(V2_ERRORS.tooManyOrders)
    const results: V2RefillResult[] = []
    for (const id of ids) {
      const orderId = idOf(id)
      results.push({ order: orderId ?? id, refill: await refillOne(context, orderId) })
    }
    return results
  }
  const answer = await refillOne(context, idOf(fields.order))
  if (typeof answer !== 'string') throw new V2Refusal(answer.error)
  return { refill: answer }
}

export type V2RefillStatusResult = { refill: number | string; status: string | { error: string } }

async function refillStatusOf(context: V2Context, refillId: number | null): Promise<string | null> {
  const found = refillId === null ? undefined : await findOwnRefill(context.db, context.userId, refillId)
  return found ? V2_REFILL_STATUS[found.status] : null
}

/** `refill=5` answers `{ status }`; `refills=5,6` answers one entry per refill, each with its status or error. */
async function refillStatus(
  context: V2Context,
  fields: V2Fields,
): Promise<{ status: string } | V2RefillStatusResult[]> {
  if (fields.refills !== undefined) {
    const ids = idListOf(fields.refills)
    if (ids.length === 0) throw new V2Refusal(V2_ERRORS.incorrectRequest)
    if (ids.length > MAX_ORDERS_PER_CALL) throw new V2Refusal(V2_ERRORS.tooManyOrders)
    const results: V2RefillStatusResult[] = []
    for (const id of ids) {
      const refillId = idOf(id)
      const found = await refillStatusOf(context, refillId)
      results.push({ refill: refillId ?? id, status: found ?? { error: V2_ERRORS.incorrectRefillId } })
    }
    return results
  }
  const found = await refillStatusOf(context, idOf(fields.refill))
  if (found === null) throw new V2Refusal(V2_ERRORS.incorrectRefillId)
  return { status: found }
}

// ---- balance ----------------------------------------------------------------------------------------------

async function balance(context: V2Context): Promise<{ balance: string; currency: 'USD' }> {
  const user = await context.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', context.userId)
    .executeTakeFirstOrThrow()
  return { balance: decimalText(Number(user.balance)), currency: 'USD' }
}

// ---- Dispatch ---------------------------------------------------------------------------------------------

const CHANGING_ACTIONS: ReadonlySet<string> = new Set(['add', 'cancel', 'refill'])

/** Runs `action` for the key's owner; answers the JSON to send, a refusal as `{ error }`. */
export async function runV2Action(context: V2Context, action: string, fields: V2Fields): Promise<unknown> {
  // A key acts with its member's role: placing, cancelling and refilling need a member's, reading a viewer's.
  if (CHANGING_ACTIONS.has(action) && !workspaceRoleAllows(context.role, 'member')) {
    return { error: WORKSPACE_FORBIDDEN }
  }
  try {
    switch (action) {
      case 'services':
        return await services(context.db)
      case 'add':
        return await add(context, fields)
      case 'status':
        return await status(context, fields)
      case 'cancel':
        return await cancel(context, fields)
      case 'refill':
        return await refill(context, fields)
      case 'refill_status':
        return await refillStatus(context, fields)
      case 'balance':
        return await balance(context)
      default:
        return { error: V2_ERRORS.actionNotFound }
    }
  } catch (error) {
    if (error instanceof V2Refusal) return { error: error.text }
    throw error
  }
}
