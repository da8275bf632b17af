// The operator reports: made up from each day's number like the customer's analytics, so any range and
// granularity answers the same figures every time, with SMM Central's 25 % margin and a few refunds.

import {
  type AdminReportFigures,
  type AdminReportsResponse,
  analyticsPeriods,
  localDateNumber,
} from '@engage/contract'
import { type FixtureRange } from '../fixtures'
import { fixtureAdminProviders } from './catalogue'

const cents = (value: number) => Math.round(value * 100) / 100

interface DayFigures {
  orders: number
  charges: number
  refunded: number
  cost: number
  deposits: number
  refunds_paid: number
  active_customers: number
}

function dayFigures(day: number): DayFigures {
  const weekday = (day + 3) % 7 // 0 = Monday
  const orders = (weekday >= 5 ? 20 : 45) + ((day * 11) % 17)
  const charges = cents(orders * 4.2)
  const refunded = cents(charges * (day % 5 === 0 ? 0.08 : 0.03))
  return {
    orders,
    charges,
    refunded,
    cost: cents((charges - refunded) * 0.8),
    deposits: cents(300 + ((day * 29) % 7) * 85),
    refunds_paid: refunded,
    active_customers: 6 + ((day * 5) % 9),
  }
}

function figures(parts: Omit<AdminReportFigures, 'profit' | 'margin'>): AdminReportFigures {
  const net = parts.charges - parts.refunded
  const profit = cents(net - parts.cost)
  return { ...parts, profit, margin: net === 0 ? null : Math.round((profit / net) * 10_000) / 10_000 }
}

function sumDays(start: string, end: string): DayFigures {
  const first = localDateNumber(start) ?? 0
  const last = localDateNumber(end) ?? -1
  const total: DayFigures = {
    orders: 0,
    charges: 0,
    refunded: 0,
    cost: 0,
    deposits: 0,
    refunds_paid: 0,
    active_customers: 0,
  }
  for (let day = first; day <= last; day += 1) {
    const one = dayFigures(day)
    for (const key of Object.keys(total) as (keyof DayFigures)[]) total[key] = cents(total[key] + one[key])
  }
  // A customer active on several days counts once in a longer period.
  total.active_customers = Math.min(total.active_customers, 12 + (last - first))
  return total
}

function split(total: DayFigures, share: number) {
  return figures({
    orders: Math.round(total.orders * share),
    charges: cents(total.charges * share),
    refunded: cents(total.refunded * share),
    cost: cents(total.cost * share),
  })
}

/** GET /api/admin/reports for the signed-in operator (UTC). */
export function fixtureAdminReports(range: FixtureRange & { top?: number }): AdminReportsResponse {
  const periods = analyticsPeriods(range.from, range.to, range.granularity).map(({ start, end }) => {
    const { deposits, refunds_paid, active_customers, ...money } = sumDays(start, end)
    return { start, end, ...figures(money), deposits, refunds_paid, active_customers }
  })
  const total = sumDays(range.from, range.to)
  const { deposits, refunds_paid, active_customers, ...money } = total
  const [central] = fixtureAdminProviders()
  const customers = [
    ['3', 'jordan.lee@example.com', 0.31],
    ['6', 'lena.fischer@example.de', 0.22],
    ['2', 'alex.morgan@example.com', 0.12],
    ['5', 'priya.nair@example.in', 0.09],
  ] as const
  const calls = total.orders * 3
  const errors = Math.round(total.orders * 0.06)
  return {
    timezone: 'UTC',
    from: range.from,
    to: range.to,
    granularity: range.granularity,
    totals: { ...figures(money), deposits, refunds_paid, active_customers },
    periods,
    services: (
      [
        ['1', 'followers', 0.42],
        ['2', 'likes', 0.27],
        ['3', 'views', 0.19],
        ['6', 'ai_comments', 0.12],
      ] as const
    ).map(([service_id, service_type, share]) => ({ service_id, service_type, ...split(total, share) })),
    providers: [
      {
        provider_id: central?.id ?? '1',
        provider_name: central?.name ?? 'SMM Central',
        ...split(total, 0.97),
      },
      {
        provider_id: null,
        provider_name: '',
        ...figures({
          orders: Math.round(total.orders * 0.03),
          charges: cents(total.charges * 0.03),
          refunded: cents(total.refunded * 0.03),
          cost: 0,
        }),
      },
    ],
    gateways: [
      { gateway: 'cryptomus', deposits: Math.round(deposits / 120), amount: cents(deposits * 0.6) },
      { gateway: 'nowpayments', deposits: Math.round(deposits / 200), amount: cents(deposits * 0.4) },
    ],
    top_customers: customers.slice(0, range.top ?? 10).map(([user_id, email, share]) => ({
      user_id,
      email,
      orders: Math.round(total.orders * share),
      charges: cents(total.charges * share),
      refunded: cents(total.refunded * share),
      net_spend: cents((total.charges - total.refunded) * share),
    })),
    upstream: [
      {
        provider_id: central?.id ?? '1',
        provider_name: central?.name ?? 'SMM Central',
        calls,
        errors,
        error_rate: calls === 0 ? null : Math.round((errors / calls) * 10_000) / 10_000,
      },
    ],
  }
}
