// POST /api/orders/subscription, GET /api/orders/subscriptions, POST /api/orders/subscriptions/{id}/cancel.

import * as z from 'zod'
import { END_BEFORE_START, END_DATE_REQUIRED, RENEWAL_PERIOD_INVALID, START_DATE_REQUIRED } from '../messages'
import { DEFAULT_QUANTITY_PER_PERIOD, DEFAULT_RENEWAL_PERIOD, RENEWAL_PERIODS } from '../subscription'
import { IsoDateTime, UsdAmount } from './common'
import { Order, Quantity, ServiceType, TargetUrl } from './orders'

export const RenewalPeriod = z.enum(RENEWAL_PERIODS, { error: RENEWAL_PERIOD_INVALID })
export type RenewalPeriod = z.infer<typeof RenewalPeriod>

export const SubscriptionStatus = z.enum(['active', 'completed', 'cancelled'])
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>

export const CreateSubscriptionRequest = z
  .object({
    /** A free label for the subscription (the spec's form carries it; '' when unnamed). */
    plan: z.string().trim().max(200).optional().default(''),
    renewalPeriod: RenewalPeriod.default(DEFAULT_RENEWAL_PERIOD),
    actionType: ServiceType,
    quantityPerPeriod: Quantity.default(DEFAULT_QUANTITY_PER_PERIOD),
    startDate: z
      .string({ error: START_DATE_REQUIRED })
      .min(1, START_DATE_REQUIRED)
      .pipe(z.iso.datetime({ offset: true, error: START_DATE_REQUIRED })),
    endDate: z
      .string({ error: END_DATE_REQUIRED })
      .min(1, END_DATE_REQUIRED)
      .pipe(z.iso.datetime({ offset: true, error: END_DATE_REQUIRED })),
    url: TargetUrl,
    /** Ids of the user's AI settings, for ai_comments and ai_tweets. */
    aiSettings: z.array(z.string().min(1).max(200)).max(20).optional().default([]),
  })
  .refine(
    (body) => {
      // Zod runs object refinements even when a field failed; a missing date is reported by its own field.
      const start = Date.parse(body.startDate)
      const end = Date.parse(body.endDate)
      return Number.isNaN(start) || Number.isNaN(end) || end > start
    },
    {
      message: END_BEFORE_START,
      path: ['endDate'],
    },
  )
export type CreateSubscriptionRequest = z.input<typeof CreateSubscriptionRequest>

export const Subscription = z.object({
  id: z.string().min(1),
  plan: z.string(),
  renewalPeriod: RenewalPeriod,
  actionType: z.string(),
  quantityPerPeriod: z.number().int(),
  startDate: IsoDateTime,
  endDate: IsoDateTime,
  url: z.string(),
  aiSettings: z.array(z.string()),
  status: SubscriptionStatus,
  /** periodCount(startDate, endDate, renewalPeriod) at creation. */
  periodCount: z.number().int().nonnegative(),
  /** Periods whose order has been placed so far (the initial order counts). */
  periodsPlaced: z.number().int().nonnegative(),
  /** When the next period's order is due; null once completed or cancelled. */
  nextRunAt: IsoDateTime.nullable(),
  /** quantityPerPeriod × periodCount × rate, in USD, at the rate of creation. */
  totalCost: UsdAmount,
  created_at: IsoDateTime,
})
export type Subscription = z.infer<typeof Subscription>

export const CreateSubscriptionResponse = z.object({ initialOrder: Order, subscription: Subscription })
export type CreateSubscriptionResponse = z.infer<typeof CreateSubscriptionResponse>

export const ListSubscriptionsResponse = z.array(Subscription)
export type ListSubscriptionsResponse = z.infer<typeof ListSubscriptionsResponse>

/** Cancelling stops future periods; orders already placed follow their own lifecycle. */
export const CancelSubscriptionResponse = Subscription
