// POST /api/orders/create, /api/orders/mass, GET /api/orders/get, POST /api/orders/{id}/cancel,
// POST /api/orders/retry/{id}, /api/orders/retry/all.

import * as z from 'zod'
import {
  DRIP_FEED_INTERVAL_MAX,
  DRIP_FEED_INTERVAL_MESSAGE,
  DRIP_FEED_INTERVAL_MIN,
  DRIP_FEED_RUNS_MAX,
  DRIP_FEED_RUNS_MESSAGE,
  DRIP_FEED_RUNS_MIN,
} from '../dripFeed'
import { MASS_ORDER_MAX_ITEMS } from '../mass'
import {
  MASS_ORDER_EMPTY,
  MASS_ORDER_TOO_MANY,
  QUANTITY_RANGE_MESSAGE,
  QUANTITY_WHOLE_NUMBER_MESSAGE,
  SERVICE_TYPE_REQUIRED,
  VALID_URL_REQUIRED,
} from '../messages'
import { isHttpUrl, QUANTITY_MAX, QUANTITY_MIN } from '../orders'
import { REFILL_STATUSES } from '../refills'
import { ORDER_STATUSES } from '../status'
import { AiSettingInput } from './aiSettings'
import { FilteredOrdersQuery } from './catalogue'
import { IsoDateTime, requiredText } from './common'

export const OrderStatus = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof OrderStatus>

/** A service name as the order calls send it ('followers', 'ai_comments'). */
export const ServiceType = requiredText(SERVICE_TYPE_REQUIRED, 100)

/** A link starting with http:// or https://. */
export const TargetUrl = z
  .string({ error: VALID_URL_REQUIRED })
  .trim()
  .max(2048, VALID_URL_REQUIRED)
  .refine(isHttpUrl, { message: VALID_URL_REQUIRED })

/**
 * A whole number from 1 to 10,000. The range is checked first, so a number too large to be exact (1e300) is
 * told the range, and a fraction inside it (1.5) that it must be whole.
 */
export const Quantity = z
  .number({ error: QUANTITY_RANGE_MESSAGE })
  .min(QUANTITY_MIN, QUANTITY_RANGE_MESSAGE)
  .max(QUANTITY_MAX, QUANTITY_RANGE_MESSAGE)
  .int(QUANTITY_WHOLE_NUMBER_MESSAGE)

/** Progress of the AI text generation of an ai_comments or ai_tweets order. */
export const AiProgress = z.object({
  generated: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
})

/** Tokens the AI provider billed for an order's texts, as it reported them. */
export const AiUsage = z.object({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
})

export const RefillStatus = z.enum(REFILL_STATUSES)
export type RefillStatus = z.infer<typeof RefillStatus>

/** A refill of an order: asked of the order's provider, followed until it ends. */
export const OrderRefill = z.object({
  id: z.string().min(1),
  status: RefillStatus,
  /** Why the provider refused it or it could not be asked for; null otherwise. */
  reason: z.string().nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type OrderRefill = z.infer<typeof OrderRefill>
/**
 * A drip-feed order's progress: `run` runs of `runs` sent so far (0 before the first), the next one due at
 * `next_run_at` (null once none is left to send), and the units delivered so far of `quantity` (all runs).
 */
export const DripFeedProgress = z.object({
  runs: z.number().int().positive(),
  /** Minutes between two runs. */
  interval: z.number().int().positive(),
  run: z.number().int().nonnegative(),
  next_run_at: IsoDateTime.nullable(),
  delivered: z.number().int().nonnegative(),
})
export type DripFeedProgress = z.infer<typeof DripFeedProgress>

/** An order as the server answers it. `id` and `order_id` are the same value (the spec's clients read either). */
export const Order = z.object({
  id: z.string().min(1),
  order_id: z.string().min(1),
  created_at: IsoDateTime,
  service_type: z.string(),
  target_url: z.string(),
  quantity: z.number().int(),
  status: OrderStatus,
  /** What the order cost in USD (rate × quantity rounded up to the micro-USD). */
  charge: z.number(),
  /** The target's count when the order started upstream; null until then. */
  start_count: z.number().int().nullable(),
  /** Units not yet delivered; null until the upstream reports. */
  remains: z.number().int().nullable(),
  /** Why an order is paused (an external step failed after its retries). */
  paused_reason: z.string().nullable().optional(),
  /** ai_comments and ai_tweets orders: texts written so far of `quantity` (one per unit). */
  ai_progress: AiProgress.nullable().optional(),
  /** ai_comments and ai_tweets orders: the texts written so far, in order; sent upstream one per line. */
  ai_texts: z.array(z.string()).optional(),
  /** ai_comments and ai_tweets orders: tokens spent writing the texts. */
  ai_usage: AiUsage.nullable().optional(),
  custom_comment: z.string().nullable().optional(),
  /** Set on orders placed by a subscription. */
  subscription_id: z.string().nullable().optional(),
  /** A completed order of a service with refills: when its refill window ends; null otherwise. */
  refill_until: IsoDateTime.nullable().optional(),
  /** Whether a refill may be asked for now (POST /api/orders/{id}/refill would accept it). */
  refillable: z.boolean().optional(),
  /** The order's latest refill; null when it has none. */
  refill: OrderRefill.nullable().optional(),
  /** Set on drip-feed orders; `quantity` is then every run's units together. */
  drip_feed: DripFeedProgress.nullable().optional(),
})
export type Order = z.infer<typeof Order>

/** A drip-feed number of the order request: whole, from `min` to `max`, or null (a whole order). */
function dripFeedNumber(min: number, max: number, message: string) {
  return z
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .nullable()
    .optional()
    .default(null)
}

export const CreateOrderRequest = z
  .object({
    service_type: ServiceType,
    target_url: TargetUrl,
    quantity: Quantity,
    custom_comment: z.string().trim().max(5_000).nullable().optional().default(null),
    /** One AI setting (camelCase or snake_case), only for ai_comments and ai_tweets; else null. */
    ai_settings: AiSettingInput.nullable().optional().default(null),
    /** Drip-feed: the order is sent as `runs` runs of `quantity`, one every `interval` minutes; both or neither. */
    runs: dripFeedNumber(DRIP_FEED_RUNS_MIN, DRIP_FEED_RUNS_MAX, DRIP_FEED_RUNS_MESSAGE),
    interval: dripFeedNumber(DRIP_FEED_INTERVAL_MIN, DRIP_FEED_INTERVAL_MAX, DRIP_FEED_INTERVAL_MESSAGE),
  })
  .superRefine((order, context) => {
    if (order.runs !== null && order.interval === null) {
      context.addIssue({ code: 'custom', path: ['interval'], message: DRIP_FEED_INTERVAL_MESSAGE })
    }
    if (order.interval !== null && order.runs === null) {
      context.addIssue({ code: 'custom', path: ['runs'], message: DRIP_FEED_RUNS_MESSAGE })
    }
  })
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>

export const CreateOrderResponse = Order

/**
 * GET /api/orders/get?cursor=&limit=: newest first, narrowed by the optional filters (OrderFilterQuery). The body is the array of orders (the spec's "list of
 * orders"); the cursor of the next, older page is in the X-Next-Cursor header (NEXT_CURSOR_HEADER), absent on
 * the last page.
 */
export const ListOrdersQuery = FilteredOrdersQuery
export const ListOrdersResponse = z.array(Order)
export type ListOrdersResponse = z.infer<typeof ListOrdersResponse>

export const MassOrderItem = z.object({
  type: ServiceType,
  quantity: Quantity,
  url: TargetUrl,
  /** Ids of the user's AI settings, for ai_comments and ai_tweets items. */
  aiSettings: z.array(z.string().min(1).max(200)).max(20).optional(),
})
export type MassOrderItem = z.input<typeof MassOrderItem>

/** All items are placed in one transaction, or none. */
export const MassOrderRequest = z.object({
  items: z
    .array(MassOrderItem, { error: MASS_ORDER_EMPTY })
    .min(1, MASS_ORDER_EMPTY)
    .max(MASS_ORDER_MAX_ITEMS, MASS_ORDER_TOO_MANY),
})
export type MassOrderRequest = z.input<typeof MassOrderRequest>

export const MassOrderResponse = z.object({ newOrders: z.array(Order) })
export type MassOrderResponse = z.infer<typeof MassOrderResponse>

/** POST /api/orders/{id}/cancel answers the order, now cancelled (its refund is a `refund` transaction). */
export const CancelOrderResponse = Order

/** POST /api/orders/{id}/refill (201): the order with its new refill. */
export const RequestRefillResponse = Order

/** POST /api/orders/retry/{id}: message is 'Order {id} has been queued for retry'. */
export const RetryOrderResponse = z.object({ message: z.string(), order: Order })
export type RetryOrderResponse = z.infer<typeof RetryOrderResponse>

/** POST /api/orders/retry/all: message is 'All paused orders have been queued for retry'. */
export const RetryAllOrdersResponse = z.object({ message: z.string(), orders: z.array(Order) })
export type RetryAllOrdersResponse = z.infer<typeof RetryAllOrdersResponse>
