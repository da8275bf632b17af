// The dates of the analytics and the operator reports: a range of whole days on the reader's own clock (the
// profile's timezone), both ends included, cut into days, weeks (Monday first) or months.

import { timeZoneId } from './dates'

export const ANALYTICS_GRANULARITIES = ['day', 'week', 'month'] as const
type Granularity = (typeof ANALYTICS_GRANULARITIES)[number]

/** The longest range one request may ask for, in days (both ends included): a year, leap day and all. */
export const ANALYTICS_MAX_DAYS = 366
/** The range a screen opens with: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30
/** How many active orders the delivery progress lists (newest first); its totals count every active order. */
export const ANALYTICS_ACTIVE_ORDERS_LIMIT = 50
/** The operator reports' top customers: 10 unless asked, at most 100. */
export const REPORT_TOP_CUSTOMERS_DEFAULT = 10
export const REPORT_TOP_CUSTOMERS_MAX = 100
/** The tables of the operator reports, each exportable as CSV (GET /api/admin/reports/export?table=). */
export const REPORT_TABLES = [
  'periods',
  'services',
  'providers',
  'gateways',
  'customers',
  'upstream',
] as const
export type ReportTable = (typeof REPORT_TABLES)[number]

const DAY_MS = 86_400_000
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Days since 1970-01-01 of a 'YYYY-MM-DD' calendar date; null when the text is no real date. */
export function localDateNumber(text: string): number | null {
  const match = LOCAL_DATE.exec(text)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const time = Date.UTC(year, month - 1, day)
  const date = new Date(time)
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null
  return time / DAY_MS
}

/** 'YYYY-MM-DD' of a day number (days since 1970-01-01). */
export function localDateText(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10)
}

/** The calendar date it is at `now` on the clock of a profile timezone ('UTC', 'EST', 'PST'). */
export function localToday(timezone: string | undefined, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZoneId(timezone),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now)
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** The range a screen opens with: the last ANALYTICS_DEFAULT_DAYS days, today (on the reader's clock) included. */
export function analyticsDefaultRange(
  timezone: string | undefined,
  now: Date = new Date(),
): { from: string; to: string } {
  const to = localToday(timezone, now)
  const toNumber = localDateNumber(to) ?? 0
  return { from: localDateText(toNumber - ANALYTICS_DEFAULT_DAYS + 1), to }
}

/**
 * The periods of a range, oldest first: each period's first and last day, clipped to the range (a week starts
 * on Monday, a month on its 1st, so the first and last periods may be shorter).
 */
export function analyticsPeriods(
  from: string,
  to: string,
  granularity: Granularity,
): { start: string; end: string }[] {
  const first = localDateNumber(from)
  const last = localDateNumber(to)
  if (first === null || last === null) return []
  const periods: { start: string; end: string }[] = []
  let start = first
  while (start <= last) {
    const next = nextPeriodStart(start, granularity)
    const end = Math.min(next - 1, last)
    periods.push({ start: localDateText(start), end: localDateText(end) })
    start = next
  }
  return periods
}

/** The first day of the period after the one `day` falls in. */
function nextPeriodStart(day: number, granularity: Granularity): number {
  if (granularity === 'day') return day + 1
  const date = new Date(day * DAY_MS)
  if (granularity === 'week') {
    const mondayBased = (date.getUTCDay() + 6) % 7
    return day - mondayBased + 7
  }
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS
}
