// Formatting shared by the console's screens.

import { formatUsd } from '@engage/contract'

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** 'Nov 20, 2026, 10:00 AM'; an unreadable value is shown as it came. */
export function formatDateTime(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date)
}

/** '$2.50'; rates per 1,000 keep up to 6 decimals ('$0.0125'). */
export function formatRate(ratePer1kUsd: number): string {
  const text = formatUsd(ratePer1kUsd, 6)
  return text.replace(/(\.\d\d\d*?)0+$/, '$1')
}

/** '+$5.00' for a credit, '-$5.00' for a debit. */
export function formatSignedUsd(amountUsd: number): string {
  return amountUsd > 0 ? `+${formatUsd(amountUsd)}` : formatUsd(amountUsd)
}

/** A JSON value of the audit log (before, after, a job's payload) as compact readable text. */
export function formatJson(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return value
  return JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ')
}

/** 'ai_comments' → 'Ai comments': snake_case words for a label. */
export function humanise(text: string): string {
  const spaced = text.replace(/[_.]+/g, ' ').trim()
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}
