// The chart card: its heading, loading, error and empty states, and the focusable figure with its readout.

import { useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Banner } from '../Banner'
import { Button } from '../Button'
import { Card } from '../Card'
import { Heading } from '../Heading'
import { Spinner } from '../Spinner'
import { Stack } from '../Stack'
import { Text } from '../Text'
import { BarPlot } from './BarPlot'
import { figure, readout, summaryText } from './Chart.css'
import type { ChartSeries } from './chartData'
import { DataTable } from './DataTable'
import { Legend } from './Legend'
import { LinePlot } from './LinePlot'
import { useWidth } from './useWidth'

export const chartKinds = ['line', 'bar'] as const

export interface ChartProps {
  /** 'line' for values over time (the categories are its points, in order); 'bar' for values per category. */
  kind: (typeof chartKinds)[number]
  /** The chart's heading and accessible name. */
  title: string
  /** The level of the heading. @default 3 */
  headingLevel?: 2 | 3 | 4
  /** What the chart shows in a sentence or two, read with the chart and shown under it. */
  summary?: ReactNode
  /** The points of a line or the bars' labels, as they should read ('11/20/2026', 'Likes'). */
  categories: readonly string[]
  /** What the categories are, the data table's first column ('Day', 'Service'). */
  categoryLabel: string
  /** One or more series; each has a value for every category. */
  series: readonly ChartSeries[]
  /** How a value reads (axis, readout and table): '$12.50', '3 orders'. */
  formatValue: (value: number) => string
  /** Shows a spinner instead of the chart. @default false */
  isLoading?: boolean
  /** When set, shows this error instead of the chart (with a retry button when onRetry is given). */
  errorMessage?: ReactNode
  onRetry?: () => void
  /** Shown when there are no categories. @default 'Nothing to show for this period.' */
  emptyMessage?: ReactNode
  /** Buttons or links beside the heading (an export). */
  actions?: ReactNode
}

/**
 * A chart card: a heading, the chart, a text summary and a "Data table" toggle that shows the same figures as a
 * table. The chart itself takes the focus (Tab), is named by the heading and described by the summary, and the
 * arrow keys (or the pointer) move through its points, each read out below it; Home and End jump to the ends.
 * Loading, error and empty states take the chart's place. Series differ by colour and dash pattern.
 */
export function Chart({
  kind,
  title,
  headingLevel = 3,
  summary,
  categories,
  categoryLabel,
  series,
  formatValue,
  isLoading = false,
  errorMessage,
  onRetry,
  emptyMessage = 'Nothing to show for this period.',
  actions,
}: ChartProps) {
  const titleId = useId()
  return (
    <Card aria-labelledby={titleId} as="section">
      <Stack gap="medium">
        <Stack direction="row" gap="small" justifyContent="space-between" alignItems="center" wrap>
          <Heading level={headingLevel} size="small" id={titleId}>
            {title}
          </Heading>
          {actions}
        </Stack>
        {isLoading ? (
          <Spinner label={`Loading ${title.toLowerCase()}`} />
        ) : errorMessage != null ? (
          <Banner tone="error">
            <Stack gap="small" alignItems="flex-start">
              <span>{errorMessage}</span>
              {onRetry ? (
                <Button tone="secondary" size="small" onPress={onRetry}>
                  Try again
                </Button>
              ) : null}
            </Stack>
          </Banner>
        ) : categories.length === 0 ? (
          <Text tone="muted">{emptyMessage}</Text>
        ) : (
          <ChartBody
            kind={kind}
            title={title}
            titleId={titleId}
            summary={summary}
            categories={categories}
            categoryLabel={categoryLabel}
            series={series}
            formatValue={formatValue}
          />
        )}
      </Stack>
    </Card>
  )
}

type ChartBodyProps = Required<
  Pick<ChartProps, 'kind' | 'title' | 'categories' | 'categoryLabel' | 'series' | 'formatValue'>
> &
  Pick<ChartProps, 'summary'> & { titleId: string }

function ChartBody({
  kind,
  title,
  titleId,
  summary,
  categories,
  categoryLabel,
  series,
  formatValue,
}: ChartBodyProps) {
  const summaryId = useId()
  const readoutId = useId()
  const [active, setActive] = useState<number | null>(null)
  const { ref, width } = useWidth<HTMLElement>(600)
  const last = categories.length - 1

  const move = (event: KeyboardEvent) => {
    const from = active ?? -1
    const next: Record<string, number> = {
      ArrowRight: Math.min(last, from + 1),
      ArrowDown: Math.min(last, from + 1),
      ArrowLeft: Math.max(0, from - 1),
      ArrowUp: Math.max(0, from - 1),
      Home: 0,
      End: last,
    }
    const index = next[event.key]
    if (index === undefined) return
    event.preventDefault()
    setActive(index)
  }

  const activeText =
    active === null
      ? ''
      : `${categories[active]}: ${series
          .map((one) => `${series.length > 1 ? `${one.name} ` : ''}${formatValue(one.values[active] ?? 0)}`)
          .join(', ')}`

  return (
    <Stack gap="small">
      {series.length > 1 ? <Legend series={series} /> : null}
      {/* The chart is a figure that takes the focus so that a keyboard reaches it and its arrow keys read the
          points out (below, in a live region); the figures themselves are in the data table too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above */}
      <figure
        ref={ref}
        className={figure}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
        tabIndex={0}
        aria-labelledby={titleId}
        aria-describedby={[summary == null ? '' : summaryId, readoutId].join(' ').trim()}
        aria-roledescription={kind === 'line' ? 'line chart' : 'bar chart'}
        onKeyDown={move}
        onBlur={() => setActive(null)}
      >
        {kind === 'line' ? (
          <LinePlot
            width={width}
            categories={categories}
            series={series}
            formatValue={formatValue}
            active={active}
            onActive={setActive}
          />
        ) : (
          <BarPlot
            width={width}
            categories={categories}
            series={series}
            formatValue={formatValue}
            active={active}
          />
        )}
      </figure>
      <p id={readoutId} className={readout} aria-live="polite">
        {activeText}
      </p>
      {summary == null ? null : (
        <p id={summaryId} className={summaryText}>
          {summary}
        </p>
      )}
      <DataTable
        title={title}
        categories={categories}
        categoryLabel={categoryLabel}
        series={series}
        formatValue={formatValue}
      />
    </Stack>
  )
}
