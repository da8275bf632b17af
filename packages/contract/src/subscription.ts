// Subscription period math

import { chargeMicrosForUnitRate } from './orders'
import { microsToUsd } from './money'

export const RENEWAL_PERIODS = ['minutely', 'daily', 'weekly', 'bi-weekly', 'monthly'] as const
type RenewalPeriod = (typeof RENEWAL_PERIODS)[number]

const MINUTES_PER_DAY = 24 * 60

/** Length of each renewal period in minutes; a month is 30 days and bi-weekly 14 days. */
export const RENEWAL_PERIOD_MINUTES: Record<RenewalPeriod, number> = {
  minutely: 1,
  daily: MINUTES_PER_DAY,
  weekly: 7 * MINUTES_PER_DAY,
  'bi-weekly': 14 * MINUTES_PER_DAY,
  monthly: 30 * MINUTES_PER_DAY,
}

export const DEFAULT_RENEWAL_PERIOD: RenewalPeriod = 'daily'
export const DEFAULT_SUBSCRIPTION_ACTION_TYPE = 'followers'
export const DEFAULT_QUANTITY_PER_PERIOD = 7
/** The default date range: the end date starts 7 days (10080 minutes) after the start. */
export const DEFAULT_SUBSCRIPTION_RANGE_MINUTES = 7 * MINUTES_PER_DAY
/** Date-time pickers step 15 minutes (the lead's reading; 30 is the other). */
export const DATE_PICKER_STEP_MINUTES = 15
export const DATE_FORMAT = 'MM/dd/yyyy'

export type DateInput = Date | string | number

function toMilliseconds(value: DateInput): number {
  const milliseconds = value instanceof Date ? value.getTime() : new Date(value).getTime()
  if (Number.isNaN(milliseconds)) throw new RangeError(`Not a date: ${String(value)}`)
  return milliseconds
}

export function renewalPeriodMilliseconds(period: RenewalPeriod): number {
  return RENEWAL_PERIOD_MINUTES[period] * 60_000
}

/**
 * The subscription form's default start: the first step of the date pickers (every 15 minutes) from `now`
 * on, so the offered value is one the pickers themselves could have chosen (10:07 → 10:15, 10:15 stays).
 */
export function defaultSubscriptionStartDate(now: DateInput): Date {
  const step = DATE_PICKER_STEP_MINUTES * 60_000
  return new Date(Math.ceil(toMilliseconds(now) / step) * step)
}

/** The default end date of the subscription form: 7 days after the start. */
export function defaultSubscriptionEndDate(start: DateInput): Date {
  return new Date(toMilliseconds(start) + DEFAULT_SUBSCRIPTION_RANGE_MINUTES * 60_000)
}

/** Number of periods in [start, end): the range divided by the period, rounded up; 0 for a non-positive range. */
export function periodCount(start: DateInput, end: DateInput, period: RenewalPeriod): number {
  const range = toMilliseconds(end) - toMilliseconds(start)
  if (range <= 0) return 0
  return Math.ceil(range / renewalPeriodMilliseconds(period))
}

/** Total cost in micro-USD: quantityPerPeriod × periodCount × rate; an unknown rate costs 0. */
export function subscriptionCostMicros(
  quantityPerPeriod: number,
  count: number,
  rateUsdPerUnit: number | undefined,
): number {
  if (rateUsdPerUnit === undefined) return 0
  const units = Number.isSafeInteger(quantityPerPeriod * count) ? Math.max(0, quantityPerPeriod * count) : 0
  return chargeMicrosForUnitRate(rateUsdPerUnit, units)
}

/** Total cost in USD (see subscriptionCostMicros). */
export function subscriptionCost(
  quantityPerPeriod: number,
  count: number,
  rateUsdPerUnit: number | undefined,
): number {
  return microsToUsd(subscriptionCostMicros(quantityPerPeriod, count, rateUsdPerUnit))
}

export type DurationUnit = 'minutes' | 'days' | 'weeks' | 'bi-weeks' | 'months'

/** Which duration the summary shows for each renewal period. */
export const DURATION_UNIT_FOR_PERIOD: Record<RenewalPeriod, DurationUnit> = {
  minutely: 'minutes',
  daily: 'days',
  weekly: 'weeks',
  'bi-weekly': 'bi-weeks',
  monthly: 'months',
}

export interface SubscriptionDuration {
  minutes: number
  days: number
  /** days / 7 */
  weeks: number
  /** days / 14 */
  biWeeks: number
  /** days / 30 */
  months: number
}

/** The summary's durations of the date range (0 for a non-positive range); screens choose how to round. */
export function subscriptionDuration(start: DateInput, end: DateInput): SubscriptionDuration {
  const minutes = Math.max(0, (toMilliseconds(end) - toMilliseconds(start)) / 60_000)
  const days = minutes / MINUTES_PER_DAY
  return { minutes, days, weeks: days / 7, biWeeks: days / 14, months: days / 30 }
}

export interface SubscriptionSummary {
  periodCount: number
  durationUnit: DurationUnit
  /** The duration in `durationUnit`. */
  durationValue: number
  duration: SubscriptionDuration
  totalUnits: number
  totalCostMicros: number
  totalCostUsd: number
}

/** Everything the subscription summary shows, from the form's values and the service rates. */
export function subscriptionSummary(input: {
  start: DateInput
  end: DateInput
  renewalPeriod: RenewalPeriod
  quantityPerPeriod: number
  rateUsdPerUnit: number | undefined
}): SubscriptionSummary {
  const count = periodCount(input.start, input.end, input.renewalPeriod)
  const duration = subscriptionDuration(input.start, input.end)
  const durationUnit = DURATION_UNIT_FOR_PERIOD[input.renewalPeriod]
  const durationValue = {
    minutes: duration.minutes,
    days: duration.days,
    weeks: duration.weeks,
    'bi-weeks': duration.biWeeks,
    months: duration.months,
  }[durationUnit]
  const totalCostMicros = subscriptionCostMicros(input.quantityPerPeriod, count, input.rateUsdPerUnit)
  return {
    periodCount: count,
    durationUnit,
    durationValue,
    duration,
    totalUnits: Math.max(0, input.quantityPerPeriod) * count,
    totalCostMicros,
    totalCostUsd: microsToUsd(totalCostMicros),
  }
}
