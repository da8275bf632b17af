// GET /api/analytics and GET /api/analytics/delivery: the customer's own figures. Money is USD; dates are
// calendar dates ('YYYY-MM-DD') on the customer's clock (the profile's timezone), both ends of a range included.

import * as z from 'zod'
import { ANALYTICS_GRANULARITIES, ANALYTICS_MAX_DAYS, localDateNumber } from '../analytics'
import { TIMEZONES } from '../constants'
import {
  ANALYTICS_DATE_INVALID,
  ANALYTICS_GRANULARITY_INVALID,
  ANALYTICS_RANGE_REVERSED,
  ANALYTICS_RANGE_TOO_LONG,
} from '../messages'
import { ORDER_STATUSES } from '../status'
import { IsoDateTime } from './common'

/** A calendar date, 'YYYY-MM-DD', that exists (2026-02-30 does not). */
export const LocalDate = z
  .string({ error: ANALYTICS_DATE_INVALID })
  .refine((text) => localDateNumber(text) !== null, { message: ANALYTICS_DATE_INVALID })

export const AnalyticsGranularity = z.enum(ANALYTICS_GRANULARITIES, { error: ANALYTICS_GRANULARITY_INVALID })
export type AnalyticsGranularity = z.infer<typeof AnalyticsGranularity>

/** The range fields every analytics and report query takes. */
export const AnalyticsRangeFields = {
  /** The first day, on the reader's clock. */
  from: LocalDate,
  /** The last day, included. At most ANALYTICS_MAX_DAYS days after `from`, counting both. */
  to: LocalDate,
  granularity: AnalyticsGranularity.default('day'),
}

/** Refuses a range that ends before it starts or is longer than ANALYTICS_MAX_DAYS; the issue names `to`. */
export function checkAnalyticsRange(
  range: { from: string; to: string },
  context: z.core.$RefinementCtx,
): void {
  const from = localDateNumber(range.from)
  const to = localDateNumber(range.to)
  if (from === null || to === null) return
  if (to < from) context.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_RANGE_REVERSED })
  else if (to - from + 1 > ANALYTICS_MAX_DAYS) {
    context.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_RANGE_TOO_LONG })
  }
}

/** GET /api/analytics?from=2026-11-01&to=2026-11-30&granularity=day. */
export const AnalyticsQuery = z.object(AnalyticsRangeFields).superRefine(checkAnalyticsRange)
export type AnalyticsQuery = z.input<typeof AnalyticsQuery>

/** Which profile timezone the dates of an answer are on. */
export const AnalyticsTimezone = z.enum(TIMEZONES)

/** What every analytics and report answer says of its range: the clock it is on, its days, its periods. */
export const AnalyticsAnswerRange = {
  timezone: AnalyticsTimezone,
  from: LocalDate,
  to: LocalDate,
  granularity: AnalyticsGranularity,
}

/** Money moved and orders placed in a period (or the whole range). */
export const AnalyticsFigures = z.object({
  /** What the orders placed in the period were charged (their `order_payment` transactions). */
  spend: z.number(),
  /** What came back to the balance in the period (`refund` transactions: partial deliveries, cancellations). */
  refunds: z.number(),
  /** spend − refunds. */
  net_spend: z.number(),
  /** Deposits credited in the period. */
  deposits: z.number(),
  /** Orders placed in the period. */
  orders: z.number().int().nonnegative(),
})
export type AnalyticsFigures = z.infer<typeof AnalyticsFigures>

/** One day, week or month: its first and last day, clipped to the range. */
export const AnalyticsPeriod = AnalyticsFigures.extend({ start: LocalDate, end: LocalDate })
export type AnalyticsPeriod = z.infer<typeof AnalyticsPeriod>

/** The orders placed in the range that have a status now. */
export const AnalyticsStatusCount = z.object({
  status: z.enum(ORDER_STATUSES),
  orders: z.number().int().nonnegative(),
})
export type AnalyticsStatusCount = z.infer<typeof AnalyticsStatusCount>

/** The orders placed in the range of one service. */
export const AnalyticsServiceFigures = z.object({
  service_type: z.string(),
  orders: z.number().int().nonnegative(),
  quantity: z.number().int().nonnegative(),
  /** What those orders were charged. */
  spend: z.number(),
})
export type AnalyticsServiceFigures = z.infer<typeof AnalyticsServiceFigures>

/**
 * GET /api/analytics: every period of the range, oldest first, zeros included; the totals over the range;
 * the orders placed in the range by their status now (every status, in ORDER_STATUSES order) and by service
 * (most spent first).
 */
export const AnalyticsResponse = z.object({
  ...AnalyticsAnswerRange,
  periods: z.array(AnalyticsPeriod),
  totals: AnalyticsFigures,
  orders_by_status: z.array(AnalyticsStatusCount),
  orders_by_service: z.array(AnalyticsServiceFigures),
})
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>

/** An active order's delivery: `delivered` of `quantity` units so far (quantity − remains; 0 until reported). */
export const AnalyticsActiveOrder = z.object({
  id: z.string().min(1),
  service_type: z.string(),
  target_url: z.string(),
  status: z.enum(['pending', 'processing', 'paused']),
  quantity: z.number().int().nonnegative(),
  delivered: z.number().int().nonnegative(),
  created_at: IsoDateTime,
})
export type AnalyticsActiveOrder = z.infer<typeof AnalyticsActiveOrder>

/**
 * GET /api/analytics/delivery: the delivery progress of the active (pending, processing, paused) orders, now:
 * totals over all of them, and the newest ANALYTICS_ACTIVE_ORDERS_LIMIT. A screen asks again when the live
 * updates say an order changed.
 */
export const AnalyticsDeliveryResponse = z.object({
  active_orders: z.number().int().nonnegative(),
  quantity: z.number().int().nonnegative(),
  delivered: z.number().int().nonnegative(),
  orders: z.array(AnalyticsActiveOrder),
})
export type AnalyticsDeliveryResponse = z.infer<typeof AnalyticsDeliveryResponse>
