import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, timeZoneId } from './dates'

describe('dates in the customer timezone', () => {
  const winter = '2026-01-15T17:30:00.000Z'
  const summer = '2026-07-01T03:15:00.000Z'

  it('shows an instant on the clock of each profile timezone', () => {
    expect(formatDateTime(winter, 'UTC')).toBe('01/15/2026, 05:30 PM UTC')
    expect(formatDateTime(winter, 'EST')).toBe('01/15/2026, 12:30 PM EST')
    expect(formatDateTime(winter, 'PST')).toBe('01/15/2026, 09:30 AM PST')
  })

  it('follows summer time and the day the instant falls on there', () => {
    expect(formatDateTime(summer, 'EST')).toBe('06/30/2026, 11:15 PM EDT')
    expect(formatDateTime(summer, 'PST')).toBe('06/30/2026, 08:15 PM PDT')
    expect(formatDate(summer, 'PST')).toBe('06/30/2026')
    expect(formatDate(summer, 'UTC')).toBe('07/01/2026')
  })

  it('reads an unknown timezone as UTC and leaves text that is no date as it is', () => {
    expect(timeZoneId('Mars/Olympus')).toBe('UTC')
    expect(timeZoneId(undefined)).toBe('UTC')
    expect(formatDateTime('soon', 'PST')).toBe('soon')
  })
})
