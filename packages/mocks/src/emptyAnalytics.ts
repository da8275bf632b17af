// The analytics and the operator reports of a range in which nothing happened: every period at zero, no
// service, gateway, customer or provider call. The stories' empty state; the server answers the same shapes.

import {
  analyticsPeriods,
  ORDER_STATUSES,
  type AdminReportsResponse,
  type AnalyticsDeliveryResponse,
  type AnalyticsGranularity,
  type AnalyticsResponse,
} from '@engage/contract'

interface Range {
  from: string
  to: string
  granularity: AnalyticsGranularity
}

const noMoney = { spend: 0, refunds: 0, net_spend: 0, deposits: 0, orders: 0 }
const noReportMoney = { orders: 0, charges: 0, refunded: 0, cost: 0, profit: 0, margin: null }
const noActivity = { deposits: 0, refunds_paid: 0, active_customers: 0 }

/** GET /api/analytics of a customer with no order, refund or deposit in the range. */
export function emptyAnalytics(
  range: Range,
  timezone: AnalyticsResponse['timezone'] = 'PST',
): AnalyticsResponse {
  return {
    timezone,
    ...range,
    periods: analyticsPeriods(range.from, range.to, range.granularity).map((period) => ({
      ...period,
      ...noMoney,
    })),
    totals: noMoney,
    orders_by_status: ORDER_STATUSES.map((status) => ({ status, orders: 0 })),
    orders_by_service: [],
  }
}

/** GET /api/analytics/delivery with no active order. */
export function emptyAnalyticsDelivery(): AnalyticsDeliveryResponse {
  return { active_orders: 0, quantity: 0, delivered: 0, orders: [] }
}

/** GET /api/admin/reports of a range in which no customer ordered or paid and no provider was called. */
export function emptyAdminReports(range: Range): AdminReportsResponse {
  return {
    timezone: 'UTC',
    ...range,
    totals: { ...noReportMoney, ...noActivity },
    periods: analyticsPeriods(range.from, range.to, range.granularity).map((period) => ({
      ...period,
      ...noReportMoney,
      ...noActivity,
    })),
    services: [],
    providers: [],
    gateways: [],
    top_customers: [],
    upstream: [],
  }
}
