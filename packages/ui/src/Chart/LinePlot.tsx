// The line chart's plot: a line per series over the categories in order, with the value axis and grid.

import type { PointerEvent } from 'react'
import { scaleLinear, scalePoint } from '@visx/scale'
import { LinePath } from '@visx/shape'
import { activeLine, axisText, gridLine, plot } from './Chart.css'
import { type PlotProps, valueDomain } from './chartData'
import { seriesStyle } from './chartSeries'

const PLOT_HEIGHT = 220
const MARGIN = { top: 8, right: 12, bottom: 28, left: 72 }

/** At most `room` evenly spread indexes of `count`, always with the first and the last. */
function spreadIndexes(count: number, room: number): number[] {
  if (count <= room) return Array.from({ length: count }, (_, index) => index)
  const step = (count - 1) / Math.max(1, room - 1)
  return [...new Set(Array.from({ length: room }, (_, index) => Math.round(index * step)))]
}

export function LinePlot({
  width,
  categories,
  series,
  formatValue,
  active,
  onActive,
}: PlotProps & { onActive: (index: number | null) => void }) {
  const innerWidth = Math.max(1, width - MARGIN.left - MARGIN.right)
  const innerHeight = PLOT_HEIGHT - MARGIN.top - MARGIN.bottom
  const indexes = categories.map((_, index) => index)
  const x = scalePoint<number>({
    domain: indexes,
    range: [0, innerWidth],
    padding: categories.length > 1 ? 0 : 0.5,
  })
  const y = scaleLinear<number>({ domain: valueDomain(series), range: [innerHeight, 0], nice: true })
  const xOf = (index: number) => x(index) ?? 0
  const labelIndexes = spreadIndexes(categories.length, Math.max(2, Math.floor(innerWidth / 96)))

  const follow = (event: PointerEvent<SVGRectElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    const ratio = categories.length > 1 ? (event.clientX - box.left) / box.width : 0
    onActive(Math.min(categories.length - 1, Math.max(0, Math.round(ratio * (categories.length - 1)))))
  }

  return (
    <svg className={plot} width={width} height={PLOT_HEIGHT} aria-hidden="true">
      <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
        {y.ticks(4).map((tick) => (
          <g key={tick}>
            <line className={gridLine} x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} />
            <text className={axisText} x={-8} y={y(tick)} textAnchor="end" dominantBaseline="middle">
              {formatValue(tick)}
            </text>
          </g>
        ))}
        {labelIndexes.map((index) => (
          <text
            key={index}
            className={axisText}
            x={xOf(index)}
            y={innerHeight + 18}
            textAnchor={
              categories.length === 1
                ? 'middle'
                : index === 0
                  ? 'start'
                  : index === categories.length - 1
                    ? 'end'
                    : 'middle'
            }
          >
            {categories[index]}
          </text>
        ))}
        {active === null ? null : (
          <line className={activeLine} x1={xOf(active)} x2={xOf(active)} y1={0} y2={innerHeight} />
        )}
        {series.map((one, seriesIndex) => {
          const style = seriesStyle(seriesIndex)
          return (
            <g key={one.id}>
              <LinePath<number>
                data={indexes}
                x={xOf}
                y={(index) => y(one.values[index] ?? 0)}
                stroke={style.color}
                strokeWidth={2}
                strokeDasharray={style.dash}
                fill="none"
              />
              {(categories.length === 1 ? [0] : active === null ? [] : [active]).map((index) => (
                <circle key={index} cx={xOf(index)} cy={y(one.values[index] ?? 0)} r={4} fill={style.color} />
              ))}
            </g>
          )
        })}
        <rect
          width={innerWidth}
          height={innerHeight}
          fill="transparent"
          onPointerMove={follow}
          onPointerLeave={() => onActive(null)}
        />
      </g>
    </svg>
  )
}
