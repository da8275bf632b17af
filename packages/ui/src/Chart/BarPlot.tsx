// The bar chart's plot: a group of bars per category, one bar per series, each followed by its value.

import { scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'
import { axisText, categoryText, plot } from './Chart.css'
import { type PlotProps, valueDomain } from './chartData'
import { seriesStyle } from './chartSeries'

const BAR_HEIGHT = 12
const BAR_GAP = 4
const LABEL_HEIGHT = 20
const GROUP_GAP = 12
/** Room kept after the longest bar for its value. */
const VALUE_ROOM = 88

export function BarPlot({ width, categories, series, formatValue, active }: PlotProps) {
  const groupHeight = LABEL_HEIGHT + series.length * (BAR_HEIGHT + BAR_GAP) + GROUP_GAP
  const height = categories.length * groupHeight
  const x = scaleLinear<number>({ domain: valueDomain(series), range: [0, Math.max(1, width - VALUE_ROOM)] })
  const zero = x(0)
  return (
    <svg className={plot} width={width} height={height} aria-hidden="true">
      {categories.map((category, index) => {
        const top = index * groupHeight
        return (
          <g
            key={`${index}-${category}`}
            transform={`translate(0,${top})`}
            opacity={active === null || active === index ? 1 : 0.55}
          >
            <text className={categoryText} x={0} y={LABEL_HEIGHT - 6}>
              {category}
            </text>
            {series.map((one, seriesIndex) => {
              const value = one.values[index] ?? 0
              const end = x(value)
              const barTop = LABEL_HEIGHT + seriesIndex * (BAR_HEIGHT + BAR_GAP)
              return (
                <g key={one.id}>
                  <Bar
                    x={Math.min(zero, end)}
                    y={barTop}
                    width={Math.max(1, Math.abs(end - zero))}
                    height={BAR_HEIGHT}
                    fill={seriesStyle(seriesIndex).color}
                  />
                  <text
                    className={axisText}
                    x={Math.max(zero, end) + 6}
                    y={barTop + BAR_HEIGHT / 2}
                    dominantBaseline="middle"
                  >
                    {formatValue(value)}
                  </text>
                </g>
              )
            })}
          </g>
        )
      })}
    </svg>
  )
}
