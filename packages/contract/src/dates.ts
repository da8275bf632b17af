// How the panel shows dates and times: in the customer's timezone (the profile's UTC, EST or PST), as
// MM/dd/yyyy with a 12-hour clock and the zone's own abbreviation, on every screen and in every mail.

import { DEFAULT_TIMEZONE, TIMEZONES } from './constants'

type Timezone = (typeof TIMEZONES)[number]

/**
 * The zone each profile choice names. EST and PST are read as the US Eastern and Pacific clocks the customer
 * lives by, so their summer time shows as EDT and PDT.
 */
export const TIME_ZONE_IDS: Record<Timezone, string> = {
  UTC: 'UTC',
  EST: 'America/New_York',
  PST: 'America/Los_Angeles',
}

/** The time zone id of a profile's timezone; anything unknown reads as UTC. */
export function timeZoneId(timezone: string | undefined): string {
  const known = TIMEZONES.find((choice) => choice === timezone) ?? DEFAULT_TIMEZONE
  return TIME_ZONE_IDS[known]
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()

function formatFor(cache: Map<string, Intl.DateTimeFormat>, zone: string, withTime: boolean) {
  let format = cache.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: true, timeZoneName: 'short' } : {}),
    })
    cache.set(zone, format)
  }
  return format
}

function instant(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** '11/20/2026, 09:00 AM PST': an instant as the customer's clock shows it; text that is no date stays as it is. */
export function formatDateTime(value: Date | string | number, timezone: string | undefined): string {
  const date = instant(value)
  return date ? formatFor(dateTimeFormats, timeZoneId(timezone), true).format(date) : String(value)
}

/** '11/20/2026': the day an instant falls on in the customer's timezone. */
export function formatDate(value: Date | string | number, timezone: string | undefined): string {
  const date = instant(value)
  return date ? formatFor(dateFormats, timeZoneId(timezone), false).format(date) : String(value)
}
