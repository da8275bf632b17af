import { useState } from 'react'
import { analyticsDefaultRange, type AnalyticsGranularity } from '@engage/contract'
import { isApiError } from '@engage/client'
import { Chart, Spinner, StatCard, type ChartProps } from '@engage/ui'
import { AnalyticsRange, chartGrid, periodLabel, totals, type AnalyticsRangeValue } from '../AnalyticsRange'

// What the customer's Analytics and the console's Reports share: the range picked (the last 30 days by day
// until one is), the summary cards over the charts, and the grid of charts that all read one query.

/** The props of a screen of figures over a date range. */
export interface RangeScreenProps {
  /** The moment the default range (the last 30 days) ends on; stories fix it. @default now */
  now?: Date
  /** The range shown first, instead of the last 30 days by day. */
  initialRange?: AnalyticsRangeValue
}

/**
 * The range a screen shows and its fields: the one picked, or until then the last 30 days by day on
 * `timezone`'s clock (the fields start again when that clock changes).
 */
export function useChosenRange({ now, initialRange, timezone }: RangeScreenProps & { timezone: string }) {
  const [chosen, setChosen] = useState<AnalyticsRangeValue | null>(initialRange ?? null)
  const range = chosen ?? { ...analyticsDefaultRange(timezone, now), granularity: 'day' as const }
  const fields = (
    // New fields when the clock changes (the default range moves with it); a choice keeps them, so the focus
    // and a range still being typed stay where they are.
    <AnalyticsRange key={timezone} value={range} onChange={setChosen} timezone={timezone} />
  )
  return { range, fields }
}

/** What the cards and charts read of a query of figures. */
export interface FiguresQuery<Data> {
  data?: Data
  isPending: boolean
  isError: boolean
  error: unknown
  refetch: () => unknown
}

/** A chart's loading and error state from its query: the server's detail, or `failed` when it gave none. */
export function chartState(query: FiguresQuery<unknown>, failed: string) {
  return {
    isLoading: query.isPending,
    errorMessage: query.isError ? (isApiError(query.error) ? query.error.detail : failed) : undefined,
    onRetry: () => void query.refetch(),
  }
}

export interface SummaryCard<Data> {
  label: string
  /** The card's figure, read from the answer. */
  value: (data: Data) => string
}

/** The figures over the charts: a card each, with a spinner while they load and '—' when they failed. */
export function SummaryCards<Data>({
  query,
  cards,
}: {
  query: Pick<FiguresQuery<Data>, 'data' | 'isPending'>
  cards: readonly SummaryCard<Data>[]
}) {
  const { data, isPending } = query
  const figure = (read: (data: Data) => string) =>
    data ? read(data) : isPending ? <Spinner size="small" label="Loading" /> : '—'
  return (
    <div className={totals}>
      {cards.map(({ label, value }) => (
        <StatCard key={label} label={label} value={figure(value)} />
      ))}
    </div>
  )
}

/** What a chart shows: its points or bars and its summary. */
export type ChartData = Pick<ChartProps, 'categories' | 'series' | 'summary'>

/** A chart with nothing in it: its empty message shows. */
export const noChartData: ChartData = { categories: [], series: [] }

/** A chart of the grid; its state is the grid's unless it reads a query of its own. */
export interface GridChart extends Omit<
  ChartProps,
  keyof ChartData | 'headingLevel' | keyof ReturnType<typeof chartState>
> {
  /** Tells the charts apart (their titles follow the granularity). */
  id: string
  data: ChartData
  state?: ReturnType<typeof chartState>
}

/** The charts of a screen, one or two columns, each loading and failing with the query they read. */
export function ChartGrid({
  charts,
  state,
  headingLevel,
}: {
  charts: readonly GridChart[]
  state: ReturnType<typeof chartState>
  headingLevel?: ChartProps['headingLevel']
}) {
  return (
    <div className={chartGrid}>
      {charts.map(({ id, data, state: own, ...chart }) => (
        <Chart key={id} headingLevel={headingLevel} {...(own ?? state)} {...data} {...chart} />
      ))}
    </div>
  )
}

/** How each period of an answer reads on an axis and in a table. */
export function periodLabels(data: {
  periods: readonly { start: string }[]
  granularity: AnalyticsGranularity
}) {
  return data.periods.map((period) => periodLabel(period.start, data.granularity))
}
