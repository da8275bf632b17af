// The date-time pickers hold times on the customer's clock (ZonedDateTime in the profile's timezone, which the
// picker shows beside the time); the API and the contract's period math take instants (Date, ISO text).

import { fromDate, type ZonedDateTime } from '@internationalized/date'
import { timeZoneId, type Timezone } from '@engage/contract'
import type { DateTimeValue } from '@engage/ui'

/** The picker value of an instant, to the minute, on the clock of `timezone`. */
export function dateTimeValueOf(date: Date, timezone: Timezone): ZonedDateTime {
  return fromDate(date, timeZoneId(timezone)).set({ second: 0, millisecond: 0 })
}

/** The instant a picker value names (a value without its own zone is read on the clock of `timezone`). */
export function instantOf(value: DateTimeValue, timezone: Timezone): Date {
  return 'timeZone' in value ? value.toDate() : value.toDate(timeZoneId(timezone))
}

/** The same instant on the clock of `timezone` (the profile arrived, or changed, after the form began). */
export function inTimezone(value: DateTimeValue | null, timezone: Timezone): DateTimeValue | null {
  if (value === null || !('timeZone' in value) || value.timeZone === timeZoneId(timezone)) return value
  return dateTimeValueOf(value.toDate(), timezone)
}
