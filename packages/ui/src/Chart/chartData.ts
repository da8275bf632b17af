// What the chart's parts share: a series of values, the props of a plot and the value axis' domain.

/** One named row of values, one value per category. */
export interface ChartSeries {
  id: string
  name: string
  values: readonly number[]
}

export interface PlotProps {
  width: number
  categories: readonly string[]
  series: readonly ChartSeries[]
  formatValue: (value: number) => string
  active: number | null
}

/** The value axis' domain: from zero (or the lowest value below it) to the highest value. */
export function valueDomain(series: readonly ChartSeries[]): [number, number] {
  const values = series.flatMap((one) => one.values)
  const low = Math.min(0, ...values)
  const high = Math.max(0, ...values)
  return [low, high === low ? low + 1 : high]
}
