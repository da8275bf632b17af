import type { AnalyticsGranularity } from '@engage/contract'

const monthNames = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** '11/26/2026' of a 'YYYY-MM-DD' day (already on the reader's clock: no timezone to apply). */
function dayLabel(text: string): string {
  const [year, month, day] = text.split('-')
  return `${month}/${day}/${year}`
}

/** The header of the periods' column of a data table: 'Day', 'Week', 'Month'. */
export function periodHeader(granularity: AnalyticsGranularity): string {
  return granularity.charAt(0).toUpperCase() + granularity.slice(1)
}

/** How a period reads on an axis and in a table: '11/26/2026', 'Week of 11/23/2026', 'November 2026'. */
export function periodLabel(start: string, granularity: AnalyticsGranularity): string {
  if (granularity === 'day') return dayLabel(start)
  if (granularity === 'week') return `Week of ${dayLabel(start)}`
  return monthNames.format(new Date(`${start.slice(0, 7)}-01T00:00:00Z`))
}

/** The range as a sentence reads it: 'from 11/01/2026 to 11/30/2026', or 'on 11/26/2026' for one day. */
export function rangeText(from: string, to: string): string {
  return from === to ? `on ${dayLabel(from)}` : `from ${dayLabel(from)} to ${dayLabel(to)}`
}

/** The label and value of the highest value (the first of equals); null when there is none above zero. */
export function highest(labels: readonly string[], values: readonly number[]) {
  let best: { label: string; value: number } | null = null
  values.forEach((value, index) => {
    if (value > 0 && (best === null || value > best.value)) best = { label: labels[index] ?? '', value }
  })
  return best as { label: string; value: number } | null
}

const counts = new Intl.NumberFormat('en-US')

/** '1,250'. */
export function formatCount(value: number): string {
  return counts.format(value)
}

/** '1 order', '1,250 orders'. */
export function countOf(value: number, one: string, many = `${one}s`): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`
}

/** '25.0%' of a fraction (0.25); '—' when there is none (null). */
export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)}%`
}
