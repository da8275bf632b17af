// The date-time pickers hold wall-clock times (CalendarDateTime) in the user's time zone; the API and the
// contract's period math take instants (Date, ISO text).

import {
  fromDate,
  getLocalTimeZone,
  toCalendarDateTime,
  type CalendarDateTime,
} from '@internationalized/date'
import type { DateTimeValue } from '@engage/ui'

/** The picker value of an instant, to the minute. */
export function dateTimeValueOf(date: Date): CalendarDateTime {
  return toCalendarDateTime(fromDate(date, getLocalTimeZone())).set({ second: 0, millisecond: 0 })
}

/** The instant a picker value names (in the user's time zone unless it carries its own). */
export function instantOf(value: DateTimeValue): Date {
  return 'timeZone' in value ? value.toDate() : value.toDate(getLocalTimeZone())
}
