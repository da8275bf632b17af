// The chart's legend: each series' name beside a sample of its colour and dash pattern.

import { legend, legendItem } from './Chart.css'
import type { ChartSeries } from './chartData'
import { seriesStyle } from './chartSeries'

export function Legend({ series }: { series: readonly ChartSeries[] }) {
  return (
    <ul className={legend} aria-label="Legend">
      {series.map((one, index) => {
        const style = seriesStyle(index)
        return (
          <li key={one.id} className={legendItem}>
            <svg width="24" height="10" aria-hidden="true">
              <line
                x1="0"
                x2="24"
                y1="5"
                y2="5"
                stroke={style.color}
                strokeWidth="3"
                strokeDasharray={style.dash}
              />
            </svg>
            {one.name}
          </li>
        )
      })}
    </ul>
  )
}
