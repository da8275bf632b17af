import { AdminReportsResponse, AnalyticsDeliveryResponse, AnalyticsResponse } from '@engage/contract'
import { describe, expect, it } from 'vitest'
import { emptyAdminReports, emptyAnalytics, emptyAnalyticsDelivery } from './emptyAnalytics'

describe('the empty analytics and reports', () => {
  const range = { from: '2026-11-01', to: '2026-11-30', granularity: 'week' as const }

  it('match the contract, with every period of the range at zero', () => {
    const analytics = AnalyticsResponse.parse(emptyAnalytics(range))
    expect(analytics.periods.map((period) => period.start)).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ])
    expect(analytics.periods.every((period) => period.spend === 0 && period.orders === 0)).toBe(true)
    expect(analytics.orders_by_status.every((row) => row.orders === 0)).toBe(true)
    expect(AnalyticsDeliveryResponse.parse(emptyAnalyticsDelivery()).orders).toEqual([])

    const report = AdminReportsResponse.parse(emptyAdminReports(range))
    expect(report.periods).toHaveLength(6)
    expect(report.totals.margin).toBeNull()
    expect(report.top_customers).toEqual([])
  })
})
