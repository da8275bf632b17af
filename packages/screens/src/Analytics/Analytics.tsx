import {
  formatUsd,
  statusLabel,
  type AnalyticsDeliveryResponse,
  type AnalyticsResponse,
} from '@engage/contract'
import { useAnalytics, useAnalyticsDelivery, useProfileTimezone } from '@engage/client'
import { Heading, Stack } from '@engage/ui'
import { countOf, formatCount, highest, periodHeader, rangeText } from '../AnalyticsRange'
import {
  ChartGrid,
  chartState,
  noChartData,
  periodLabels,
  SummaryCards,
  useChosenRange,
  type RangeScreenProps,
} from '../AnalyticsShared'

export const ANALYTICS_TITLE = 'Analytics'
export const ANALYTICS_LOAD_FAILED = 'Could not load your analytics.'
export const DELIVERY_LOAD_FAILED = 'Could not load the delivery of your orders.'

export type AnalyticsProps = RangeScreenProps

const usd = (value: number) => formatUsd(value)

/**
 * /analytics: the customer's spend, refunds and deposits per day, week or month of a date range on their own
 * clock, their orders by status and by service, and the delivery of their active orders, which moves as the
 * live updates report the orders' progress. Each chart can be read with the keyboard and as a table.
 */
export function Analytics({ now, initialRange }: AnalyticsProps) {
  const timezone = useProfileTimezone()
  // Until the customer picks a range, the last 30 days on their clock (which is UTC until the profile loads).
  const { range, fields } = useChosenRange({ now, initialRange, timezone })
  const analytics = useAnalytics(range)
  const delivery = useAnalyticsDelivery()
  const data = analytics.data
  const unit = range.granularity

  return (
    <Stack gap="large">
      <Heading level={1}>{ANALYTICS_TITLE}</Heading>
      {fields}
      <SummaryCards
        query={analytics}
        cards={[
          { label: 'Spend', value: (figures) => formatUsd(figures.totals.spend) },
          { label: 'Refunds', value: (figures) => formatUsd(figures.totals.refunds) },
          { label: 'Net spend', value: (figures) => formatUsd(figures.totals.net_spend) },
          { label: 'Deposits', value: (figures) => formatUsd(figures.totals.deposits) },
          { label: 'Orders', value: (figures) => formatCount(figures.totals.orders) },
        ]}
      />
      <ChartGrid
        headingLevel={2}
        state={chartState(analytics, ANALYTICS_LOAD_FAILED)}
        charts={[
          {
            id: 'spend',
            kind: 'line',
            title: `Spend per ${unit}`,
            categoryLabel: periodHeader(unit),
            data: spendChart(data),
            emptyMessage: 'No spend or refunds in this range.',
            formatValue: usd,
          },
          {
            id: 'deposits',
            kind: 'line',
            title: `Deposits per ${unit}`,
            categoryLabel: periodHeader(unit),
            data: depositChart(data),
            emptyMessage: 'No deposits in this range.',
            formatValue: usd,
          },
          {
            id: 'status',
            kind: 'bar',
            title: 'Orders by status',
            categoryLabel: 'Status',
            data: statusChart(data),
            emptyMessage: 'No orders placed in this range.',
            formatValue: formatCount,
          },
          {
            id: 'service',
            kind: 'bar',
            title: 'Orders by service',
            categoryLabel: 'Service',
            data: serviceChart(data),
            emptyMessage: 'No orders placed in this range.',
            formatValue: formatCount,
          },
          {
            id: 'delivery',
            kind: 'bar',
            title: 'Delivery of active orders',
            categoryLabel: 'Order',
            state: chartState(delivery, DELIVERY_LOAD_FAILED),
            data: deliveryChart(delivery.data),
            emptyMessage: 'No active orders: everything you ordered has been delivered.',
            formatValue: formatCount,
          },
        ]}
      />
    </Stack>
  )
}

function spendChart(data: AnalyticsResponse | undefined) {
  if (!data || (data.totals.spend === 0 && data.totals.refunds === 0)) return noChartData
  const categories = periodLabels(data)
  const spend = data.periods.map((period) => period.spend)
  const most = highest(categories, spend)
  return {
    categories,
    series: [
      { id: 'spend', name: 'Spend', values: spend },
      { id: 'refunds', name: 'Refunds', values: data.periods.map((period) => period.refunds) },
    ],
    summary:
      `You spent ${formatUsd(data.totals.spend)} ${rangeText(data.from, data.to)}, ` +
      `${formatUsd(data.totals.refunds)} came back as refunds (net ${formatUsd(data.totals.net_spend)}).` +
      (most ? ` The most in one ${data.granularity}: ${formatUsd(most.value)} (${most.label}).` : ''),
  }
}

function depositChart(data: AnalyticsResponse | undefined) {
  if (!data || data.totals.deposits === 0) return noChartData
  const categories = periodLabels(data)
  const deposits = data.periods.map((period) => period.deposits)
  const most = highest(categories, deposits)
  return {
    categories,
    series: [{ id: 'deposits', name: 'Deposits', values: deposits }],
    summary:
      `You deposited ${formatUsd(data.totals.deposits)} ${rangeText(data.from, data.to)}.` +
      (most ? ` The most in one ${data.granularity}: ${formatUsd(most.value)} (${most.label}).` : ''),
  }
}

function statusChart(data: AnalyticsResponse | undefined) {
  const rows = data?.orders_by_status.filter((row) => row.orders > 0) ?? []
  if (!data || rows.length === 0) return noChartData
  return {
    categories: rows.map((row) => statusLabel(row.status)),
    series: [{ id: 'orders', name: 'Orders', values: rows.map((row) => row.orders) }],
    summary:
      `${countOf(data.totals.orders, 'order')} placed ${rangeText(data.from, data.to)}, now ` +
      `${rows.map((row) => `${formatCount(row.orders)} ${statusLabel(row.status).toLowerCase()}`).join(', ')}.`,
  }
}

function serviceChart(data: AnalyticsResponse | undefined) {
  const rows = data?.orders_by_service ?? []
  if (rows.length === 0) return noChartData
  const top = rows.reduce((best, row) => (row.orders > best.orders ? row : best))
  return {
    categories: rows.map((row) => row.service_type),
    series: [{ id: 'orders', name: 'Orders', values: rows.map((row) => row.orders) }],
    summary:
      `Orders of ${countOf(rows.length, 'service')}; ` +
      `the most of ${top.service_type} (${formatCount(top.orders)}).`,
  }
}

function deliveryChart(data: AnalyticsDeliveryResponse | undefined) {
  if (!data || data.orders.length === 0) return noChartData
  const percent = data.quantity === 0 ? 0 : Math.floor((data.delivered / data.quantity) * 100)
  return {
    categories: data.orders.map((order) => `#${order.id} ${order.service_type}`),
    series: [
      { id: 'ordered', name: 'Ordered', values: data.orders.map((order) => order.quantity) },
      { id: 'delivered', name: 'Delivered', values: data.orders.map((order) => order.delivered) },
    ],
    summary:
      `${countOf(data.active_orders, 'active order')}: ` +
      `${formatCount(data.delivered)} of ${formatCount(data.quantity)} units delivered (${percent}%).` +
      (data.active_orders > data.orders.length ? ` The ${data.orders.length} newest are shown.` : ''),
  }
}
