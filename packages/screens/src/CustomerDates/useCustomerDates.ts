import { formatDate, formatDateTime, type Timezone } from '@engage/contract'
import { useProfileTimezone } from '@engage/client'

export interface CustomerDates {
  /** The profile's timezone (UTC until the account has loaded). */
  timezone: Timezone
  /** '11/20/2026, 09:00 AM PST' on the customer's clock. */
  dateTime: (value: Date | string) => string
  /** '11/20/2026': the customer's day. */
  date: (value: Date | string) => string
}

/** Dates and times as the signed-in customer reads them: in the timezone their profile names. */
export function useCustomerDates(): CustomerDates {
  const timezone = useProfileTimezone()
  return {
    timezone,
    dateTime: (value) => formatDateTime(value, timezone),
    date: (value) => formatDate(value, timezone),
  }
}
