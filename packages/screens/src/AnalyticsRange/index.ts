export { AnalyticsRange, type AnalyticsRangeValue } from './AnalyticsRange'
export { chartGrid, totals } from './AnalyticsRange.css'
export {
  countOf,
  formatCount,
  formatPercent,
  highest,
  periodHeader,
  periodLabel,
  rangeText,
} from './rangeLabels'
