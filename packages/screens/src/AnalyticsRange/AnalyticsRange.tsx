import { useState } from 'react'
import { CalendarDateTime } from '@internationalized/date'
import {
  ANALYTICS_GRANULARITIES,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_RANGE_REVERSED,
  ANALYTICS_RANGE_TOO_LONG,
  localDateNumber,
  type AnalyticsGranularity,
} from '@engage/contract'
import { DatePicker, Select, type DateTimeValue } from '@engage/ui'
import { rangeFields } from './AnalyticsRange.css'

/** A range of whole days on the reader's clock ('YYYY-MM-DD', both ends included) and how it is cut. */
export interface AnalyticsRangeValue {
  from: string
  to: string
  granularity: AnalyticsGranularity
}

interface AnalyticsRangeProps {
  /** The range shown (the last valid one the fields gave). */
  value: AnalyticsRangeValue
  /** Called with each valid range; a reversed or too long one shows its message by the field instead. */
  onChange: (range: AnalyticsRangeValue) => void
  /** The reader's clock, named under the fields ('EST'). */
  timezone: string
}

const granularityLabels: Record<AnalyticsGranularity, string> = { day: 'Day', week: 'Week', month: 'Month' }
const granularityItems = ANALYTICS_GRANULARITIES.map((id) => ({ id, label: granularityLabels[id] }))

function isGranularity(value: unknown): value is AnalyticsGranularity {
  return ANALYTICS_GRANULARITIES.some((granularity) => granularity === value)
}

/** The calendar day of a 'YYYY-MM-DD' text, at midnight (the picker's value keeps a time it does not show). */
function dayValue(text: string): CalendarDateTime {
  const [year = 1970, month = 1, day = 1] = text.split('-').map(Number)
  return new CalendarDateTime(year, month, day)
}

/** 'YYYY-MM-DD' of a picked day. */
function dayText(value: DateTimeValue): string {
  const pad = (part: number, length = 2) => String(part).padStart(length, '0')
  return `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)}`
}

/** What is wrong with a range (the message shown by its end), or null for a range the API takes. */
function rangeProblem(from: string, to: string): string | null {
  const first = localDateNumber(from)
  const last = localDateNumber(to)
  if (first === null || last === null) return null
  if (last < first) return ANALYTICS_RANGE_REVERSED
  if (last - first + 1 > ANALYTICS_MAX_DAYS) return ANALYTICS_RANGE_TOO_LONG
  return null
}

/**
 * The date range of the analytics and the operator reports: From and To (whole days on the reader's clock,
 * both included) and Group by (day, week, month). Only a valid range reaches `onChange`; the figures shown stay
 * those of the last one until the fields are right again.
 */
export function AnalyticsRange({ value, onChange, timezone }: AnalyticsRangeProps) {
  const [draft, setDraft] = useState({ from: value.from, to: value.to })
  const problem = rangeProblem(draft.from, draft.to)

  const change = (next: { from: string; to: string }) => {
    setDraft(next)
    if (rangeProblem(next.from, next.to) === null) onChange({ ...next, granularity: value.granularity })
  }

  return (
    <div className={rangeFields}>
      <DatePicker
        label="From"
        granularity="day"
        value={dayValue(draft.from)}
        onChange={(picked) => {
          if (picked) change({ ...draft, from: dayText(picked) })
        }}
        description={`Days on your clock (${timezone})`}
      />
      <DatePicker
        label="To"
        granularity="day"
        value={dayValue(draft.to)}
        onChange={(picked) => {
          if (picked) change({ ...draft, to: dayText(picked) })
        }}
        isInvalid={problem !== null}
        errorMessage={problem ?? undefined}
      />
      <Select
        label="Group by"
        items={granularityItems}
        value={value.granularity}
        onChange={(picked) => {
          if (isGranularity(picked)) onChange({ ...value, granularity: picked })
        }}
      />
    </div>
  )
}
