import { useId, useState } from 'react'
import {
  DEFAULT_TIMEZONE,
  formatUsd,
  type AdminReportFigures,
  type AdminReportsResponse,
  type ReportTable,
} from '@engage/contract'
import { isApiError, useAdminClient, useAdminReports } from '@engage/client'
import { Banner, Button, Stack, VisuallyHidden } from '@engage/ui'
import { AdminSectionHeader } from '../AdminShared'
import { countOf, formatCount, formatPercent, highest, periodHeader, rangeText } from '../AnalyticsRange'
import {
  ChartGrid,
  chartState,
  noChartData,
  periodLabels,
  SummaryCards,
  useChosenRange,
  type ChartData,
  type RangeScreenProps,
} from '../AnalyticsShared'
import { saveFile } from '../OrderHistory/saveFile'

export const REPORTS_TITLE = 'Reports'
export const REPORTS_LOAD_FAILED = 'Could not load the reports.'
export const REPORT_EXPORT_FAILED = 'Could not export the table.'

export type AdminReportsProps = RangeScreenProps

const usd = (value: number) => formatUsd(value)
const percent = (value: number) => formatPercent(value)
const NO_ORDERS = 'No orders placed in this range.'

/**
 * The console's Reports: revenue, cost, profit and margin per day, week or month, per service and per
 * provider; deposits by gateway; refunds; active and top customers; each provider's API error rate. The range
 * is on the operator's clock. Every chart reads as a table too, and each table downloads as CSV.
 */
export function AdminReports({ now, initialRange }: AdminReportsProps) {
  const headingId = useId()
  const client = useAdminClient()
  const [clock, setClock] = useState<string>(DEFAULT_TIMEZONE)
  const { range, fields } = useChosenRange({ now, initialRange, timezone: clock })
  const report = useAdminReports(range)
  const data = report.data
  // The answer says whose clock the days are on; the default range follows it until a range is picked.
  if (data && data.timezone !== clock) setClock(data.timezone)

  const [exportError, setExportError] = useState<string | null>(null)
  const [exporting, setExporting] = useState<ReportTable | null>(null)
  const exportTable = async (table: ReportTable) => {
    setExporting(table)
    setExportError(null)
    try {
      saveFile(await client.exportReport(range, table), `report-${table}-${range.from}-${range.to}.csv`)
    } catch (error) {
      setExportError(isApiError(error) ? error.detail : REPORT_EXPORT_FAILED)
    } finally {
      setExporting(null)
    }
  }
  const exportButton = (table: ReportTable, what: string) => (
    <Button
      tone="secondary"
      size="small"
      isPending={exporting === table}
      pendingLabel={`Exporting ${what}`}
      onPress={() => void exportTable(table)}
    >
      Download CSV<VisuallyHidden> of {what}</VisuallyHidden>
    </Button>
  )

  const unit = range.granularity
  const perPeriod = { kind: 'line', categoryLabel: periodHeader(unit) } as const

  return (
    <Stack as="section" gap="large" aria-labelledby={headingId}>
      <AdminSectionHeader
        title={REPORTS_TITLE}
        headingId={headingId}
        description="What the panel earned and spent, who paid and how the providers answered, by day, week or month."
      />
      {fields}
      {exportError === null ? null : (
        <Banner tone="error" onDismiss={() => setExportError(null)}>
          {exportError}
        </Banner>
      )}
      <SummaryCards
        query={report}
        cards={[
          { label: 'Revenue', value: (figures) => formatUsd(figures.totals.charges) },
          { label: 'Cost', value: (figures) => formatUsd(figures.totals.cost) },
          { label: 'Profit', value: (figures) => formatUsd(figures.totals.profit) },
          { label: 'Margin', value: (figures) => formatPercent(figures.totals.margin) },
          { label: 'Deposits', value: (figures) => formatUsd(figures.totals.deposits) },
          { label: 'Refunds', value: (figures) => formatUsd(figures.totals.refunds_paid) },
          { label: 'Active customers', value: (figures) => formatCount(figures.totals.active_customers) },
        ]}
      />
      <ChartGrid
        state={chartState(report, REPORTS_LOAD_FAILED)}
        charts={[
          {
            id: 'money',
            ...perPeriod,
            title: `Revenue, cost and profit per ${unit}`,
            data: moneyPerPeriod(data),
            emptyMessage: NO_ORDERS,
            formatValue: usd,
            actions: exportButton('periods', 'the periods'),
          },
          {
            id: 'margin',
            ...perPeriod,
            title: `Margin per ${unit}`,
            data: marginPerPeriod(data),
            emptyMessage: NO_ORDERS,
            formatValue: percent,
          },
          {
            id: 'services',
            kind: 'bar',
            title: 'By service',
            categoryLabel: 'Service (margin)',
            data: figuresBy(data?.services ?? [], (row) => row.service_type),
            emptyMessage: NO_ORDERS,
            formatValue: usd,
            actions: exportButton('services', 'the services'),
          },
          {
            id: 'providers',
            kind: 'bar',
            title: 'By provider',
            categoryLabel: 'Provider (margin)',
            data: figuresBy(data?.providers ?? [], (row) => row.provider_name || 'Not sent to a provider'),
            emptyMessage: NO_ORDERS,
            formatValue: usd,
            actions: exportButton('providers', 'the providers'),
          },
          {
            id: 'deposits',
            ...perPeriod,
            title: `Deposits and refunds per ${unit}`,
            data: depositsAndRefunds(data),
            emptyMessage: 'No deposits or refunds in this range.',
            formatValue: usd,
          },
          {
            id: 'gateways',
            kind: 'bar',
            title: 'Deposits by gateway',
            categoryLabel: 'Gateway',
            data: gatewayChart(data),
            emptyMessage: 'No deposits in this range.',
            formatValue: usd,
            actions: exportButton('gateways', 'the gateways'),
          },
          {
            id: 'active',
            ...perPeriod,
            title: `Active customers per ${unit}`,
            data: activeCustomers(data),
            emptyMessage: 'No customer placed an order in this range.',
            formatValue: formatCount,
          },
          {
            id: 'customers',
            kind: 'bar',
            title: 'Top customers',
            categoryLabel: 'Customer',
            data: topCustomers(data),
            emptyMessage: 'No customer placed an order in this range.',
            formatValue: usd,
            actions: exportButton('customers', 'the top customers'),
          },
          {
            id: 'upstream',
            kind: 'bar',
            title: 'Upstream error rates',
            categoryLabel: 'Provider (errors of calls)',
            data: upstreamChart(data),
            emptyMessage: 'No provider was called in this range.',
            formatValue: percent,
            actions: exportButton('upstream', 'the upstream errors'),
          },
        ]}
      />
    </Stack>
  )
}

function moneyPerPeriod(data: AdminReportsResponse | undefined): ChartData {
  if (!data || data.totals.orders === 0) return noChartData
  const most = highest(
    periodLabels(data),
    data.periods.map((period) => period.profit),
  )
  return {
    categories: periodLabels(data),
    series: [
      { id: 'revenue', name: 'Revenue', values: data.periods.map((period) => period.charges) },
      { id: 'cost', name: 'Cost', values: data.periods.map((period) => period.cost) },
      { id: 'profit', name: 'Profit', values: data.periods.map((period) => period.profit) },
    ],
    summary:
      `${formatUsd(data.totals.charges)} charged ${rangeText(data.from, data.to)} for ` +
      `${countOf(data.totals.orders, 'order')}, ${formatUsd(data.totals.refunded)} of it refunded; the ` +
      `providers cost ${formatUsd(data.totals.cost)}, leaving ${formatUsd(data.totals.profit)} profit.` +
      (most ? ` The best ${data.granularity}: ${most.label} (${formatUsd(most.value)}).` : ''),
  }
}

function marginPerPeriod(data: AdminReportsResponse | undefined): ChartData {
  if (!data || data.totals.orders === 0) return noChartData
  return {
    categories: periodLabels(data),
    series: [{ id: 'margin', name: 'Margin', values: data.periods.map((period) => period.margin ?? 0) }],
    summary: `The margin ${rangeText(data.from, data.to)} was ${formatPercent(data.totals.margin)} (profit of what was charged and not refunded; 0 where nothing was).`,
  }
}

/** Revenue, cost and profit of each service or provider, its margin in its label. */
function figuresBy<Row extends AdminReportFigures>(
  rows: readonly Row[],
  name: (row: Row) => string,
): ChartData {
  if (rows.length === 0) return noChartData
  const first = rows[0]
  return {
    categories: rows.map((row) => `${name(row)} (${formatPercent(row.margin)})`),
    series: [
      { id: 'revenue', name: 'Revenue', values: rows.map((row) => row.charges) },
      { id: 'cost', name: 'Cost', values: rows.map((row) => row.cost) },
      { id: 'profit', name: 'Profit', values: rows.map((row) => row.profit) },
    ],
    summary: first
      ? `${formatCount(rows.length)} with orders in the range; the most charged: ${name(first)} (${formatUsd(first.charges)}, margin ${formatPercent(first.margin)}).`
      : undefined,
  }
}

function depositsAndRefunds(data: AdminReportsResponse | undefined): ChartData {
  if (!data || (data.totals.deposits === 0 && data.totals.refunds_paid === 0)) return noChartData
  return {
    categories: periodLabels(data),
    series: [
      { id: 'deposits', name: 'Deposits', values: data.periods.map((period) => period.deposits) },
      { id: 'refunds', name: 'Refunds', values: data.periods.map((period) => period.refunds_paid) },
    ],
    summary: `${formatUsd(data.totals.deposits)} deposited and ${formatUsd(data.totals.refunds_paid)} refunded ${rangeText(data.from, data.to)}.`,
  }
}

function gatewayChart(data: AdminReportsResponse | undefined): ChartData {
  const rows = data?.gateways ?? []
  const first = rows[0]
  if (!first) return noChartData
  return {
    categories: rows.map((row) => `${row.gateway} (${formatCount(row.deposits)})`),
    series: [{ id: 'amount', name: 'Deposited', values: rows.map((row) => row.amount) }],
    summary: `Deposits through ${countOf(rows.length, 'gateway')}; the most through ${first.gateway} (${formatUsd(first.amount)} in ${formatCount(first.deposits)}).`,
  }
}

function activeCustomers(data: AdminReportsResponse | undefined): ChartData {
  if (!data || data.totals.active_customers === 0) return noChartData
  return {
    categories: periodLabels(data),
    series: [
      { id: 'customers', name: 'Customers', values: data.periods.map((period) => period.active_customers) },
    ],
    summary: `${countOf(data.totals.active_customers, 'customer')} placed orders ${rangeText(data.from, data.to)}.`,
  }
}

function topCustomers(data: AdminReportsResponse | undefined): ChartData {
  const rows = data?.top_customers ?? []
  const first = rows[0]
  if (!first) return noChartData
  return {
    categories: rows.map((row) => `${row.email} (${formatCount(row.orders)} orders)`),
    series: [{ id: 'net', name: 'Net spend', values: rows.map((row) => row.net_spend) }],
    summary: `The ${formatCount(rows.length)} customers who spent the most; first ${first.email} with ${formatUsd(first.net_spend)} net of refunds.`,
  }
}

function upstreamChart(data: AdminReportsResponse | undefined): ChartData {
  const rows = data?.upstream.filter((row) => row.calls > 0) ?? []
  if (rows.length === 0) return noChartData
  const worst = rows.reduce((best, row) => ((row.error_rate ?? 0) > (best.error_rate ?? 0) ? row : best))
  return {
    categories: rows.map(
      (row) => `${row.provider_name} (${formatCount(row.errors)} of ${formatCount(row.calls)})`,
    ),
    series: [{ id: 'rate', name: 'Error rate', values: rows.map((row) => row.error_rate ?? 0) }],
    summary: `The highest error rate: ${worst.provider_name}, ${formatPercent(worst.error_rate)} of ${formatCount(worst.calls)} calls.`,
  }
}
