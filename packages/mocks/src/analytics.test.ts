import {
  AdminReportsResponse,
  ANALYTICS_GRANULARITIES,
  AnalyticsDeliveryResponse,
  AnalyticsResponse,
  REPORT_TABLES,
  reportTableCsv,
} from '@engage/contract'
import { describe, expect, it } from 'vitest'
import { fixtureAdminReports } from './adminFixtures'
import { fixtureAnalytics, fixtureAnalyticsDelivery } from './fixtures'

// The sample analytics and reports the stories show: shaped as the contract says, and adding up as the
// server's do (the periods sum to the totals).

const range = { from: '2026-10-22', to: '2026-11-20' }

describe('analytics and report fixtures', () => {
  it.each(ANALYTICS_GRANULARITIES)(
    'answers a range by %s as the contract says, periods summing to the totals',
    (granularity) => {
      const analytics = AnalyticsResponse.parse(fixtureAnalytics({ ...range, granularity }))
      expect(analytics.periods[0]?.start).toBe(range.from)
      expect(analytics.periods.at(-1)?.end).toBe(range.to)
      expect(analytics.periods.reduce((sum, period) => sum + period.orders, 0)).toBe(analytics.totals.orders)
      expect(analytics.orders_by_status.reduce((sum, row) => sum + row.orders, 0)).toBe(
        analytics.totals.orders,
      )

      const report = AdminReportsResponse.parse(fixtureAdminReports({ ...range, granularity }))
      expect(report.periods.reduce((sum, period) => sum + period.orders, 0)).toBe(report.totals.orders)
    },
  )

  it('answers the delivery progress of the active orders', () => {
    const delivery = AnalyticsDeliveryResponse.parse(fixtureAnalyticsDelivery())
    expect(delivery.delivered).toBe(delivery.orders.reduce((sum, order) => sum + order.delivered, 0))
  })

  it.each(REPORT_TABLES)('writes the %s table as a CSV file with a header and a record per row', (table) => {
    const csv = reportTableCsv(fixtureAdminReports({ ...range, granularity: 'week', top: 3 }), table)
    const lines = csv
      .slice(1)
      .split('\r\n')
      .filter((line) => line !== '')
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(lines.length).toBeGreaterThan(1)
  })
})
