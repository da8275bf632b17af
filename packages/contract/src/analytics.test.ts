import { describe, expect, it } from 'vitest'
import { analyticsDefaultRange, analyticsPeriods, localDateNumber, localToday } from './analytics'
import {
  ANALYTICS_DATE_INVALID,
  ANALYTICS_GRANULARITY_INVALID,
  ANALYTICS_RANGE_REVERSED,
  ANALYTICS_RANGE_TOO_LONG,
  REPORT_TABLE_INVALID,
  REPORT_TOP_RANGE,
} from './messages'
import { AdminReportExportQuery, AdminReportsQuery, AnalyticsQuery, validationErrorBody } from './schemas'

function refusal(result: { success: boolean; error?: Parameters<typeof validationErrorBody>[0] }) {
  return result.error ? validationErrorBody(result.error) : null
}

describe('analytics dates', () => {
  it('reads only calendar dates that exist', () => {
    expect(localDateNumber('1970-01-02')).toBe(1)
    expect(localDateNumber('2028-02-29')).not.toBeNull()
    expect(localDateNumber('2026-02-29')).toBeNull()
    expect(localDateNumber('2026-1-01')).toBeNull()
    expect(localDateNumber('2026-11-26T00:00:00Z')).toBeNull()
  })

  it("takes today from the reader's clock", () => {
    const lateEvening = new Date('2026-11-27T03:30:00Z')
    expect(localToday('UTC', lateEvening)).toBe('2026-11-27')
    expect(localToday('EST', lateEvening)).toBe('2026-11-26')
    expect(localToday('PST', lateEvening)).toBe('2026-11-26')
    expect(analyticsDefaultRange('PST', lateEvening)).toEqual({ from: '2026-10-28', to: '2026-11-26' })
  })

  it('cuts a range into days, Monday weeks and months clipped to the range', () => {
    expect(analyticsPeriods('2026-11-29', '2026-12-01', 'day')).toEqual([
      { start: '2026-11-29', end: '2026-11-29' },
      { start: '2026-11-30', end: '2026-11-30' },
      { start: '2026-12-01', end: '2026-12-01' },
    ])
    // 2026-11-25 is a Wednesday; 2026-11-30 a Monday.
    expect(analyticsPeriods('2026-11-25', '2026-12-08', 'week')).toEqual([
      { start: '2026-11-25', end: '2026-11-29' },
      { start: '2026-11-30', end: '2026-12-06' },
      { start: '2026-12-07', end: '2026-12-08' },
    ])
    expect(analyticsPeriods('2026-11-15', '2027-01-10', 'month')).toEqual([
      { start: '2026-11-15', end: '2026-11-30' },
      { start: '2026-12-01', end: '2026-12-31' },
      { start: '2027-01-01', end: '2027-01-10' },
    ])
  })
})

describe('analytics queries', () => {
  it('takes a range of whole days with a granularity, by day unless told', () => {
    expect(AnalyticsQuery.parse({ from: '2026-11-01', to: '2026-11-01' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-01',
      granularity: 'day',
    })
    expect(
      AnalyticsQuery.parse({ from: '2025-11-27', to: '2026-11-27', granularity: 'month' }).granularity,
    ).toBe('month')
  })

  it('names the field and the rule of a bad range', () => {
    expect(refusal(AnalyticsQuery.safeParse({ from: '2026-13-01', to: '2026-11-01' }))).toEqual({
      detail: `from: ${ANALYTICS_DATE_INVALID}`,
      field: 'from',
    })
    expect(refusal(AnalyticsQuery.safeParse({ from: '2026-11-02', to: '2026-11-01' }))).toEqual({
      detail: `to: ${ANALYTICS_RANGE_REVERSED}`,
      field: 'to',
    })
    expect(refusal(AnalyticsQuery.safeParse({ from: '2025-11-26', to: '2026-11-27' }))).toEqual({
      detail: `to: ${ANALYTICS_RANGE_TOO_LONG}`,
      field: 'to',
    })
    expect(
      refusal(AnalyticsQuery.safeParse({ from: '2026-11-01', to: '2026-11-02', granularity: 'hour' })),
    ).toEqual({ detail: `granularity: ${ANALYTICS_GRANULARITY_INVALID}`, field: 'granularity' })
  })

  it('takes the number of top customers and the table to export, within bounds', () => {
    const range = { from: '2026-11-01', to: '2026-11-30' }
    expect(AdminReportsQuery.parse(range).top).toBe(10)
    expect(AdminReportsQuery.parse({ ...range, top: '25' }).top).toBe(25)
    expect(refusal(AdminReportsQuery.safeParse({ ...range, top: '0' }))?.detail).toBe(
      `top: ${REPORT_TOP_RANGE}`,
    )
    expect(AdminReportExportQuery.parse({ ...range, table: 'gateways' }).table).toBe('gateways')
    expect(refusal(AdminReportExportQuery.safeParse({ ...range, table: 'ledger' }))?.detail).toBe(
      `table: ${REPORT_TABLE_INVALID}`,
    )
    expect(
      refusal(AdminReportExportQuery.safeParse({ from: '2026-11-02', to: '2026-11-01', table: 'periods' }))
        ?.field,
    ).toBe('to')
  })
})
