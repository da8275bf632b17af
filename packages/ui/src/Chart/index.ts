export { Chart, chartKinds, type ChartProps } from './Chart'
export type { ChartSeries } from './chartData'
