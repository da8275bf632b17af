import { style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

export const figure = style({
  margin: 0,
  borderRadius: vars.radius.medium,
  outlineOffset: '2px',
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}` },
})

export const plot = style({ display: 'block', width: '100%', overflow: 'visible' })

export const axisText = style({
  fill: vars.color.textMuted,
  fontSize: vars.typography.fontSize.xsmall,
  fontFamily: vars.typography.fontFamily.body,
  fontVariantNumeric: 'tabular-nums',
})

export const categoryText = style({
  fill: vars.color.text,
  fontSize: vars.typography.fontSize.small,
  fontFamily: vars.typography.fontFamily.body,
})

export const gridLine = style({ stroke: vars.color.border, strokeWidth: 1 })

export const activeLine = style({ stroke: vars.color.borderStrong, strokeWidth: 1 })

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.medium,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  fontSize: vars.typography.fontSize.small,
  color: vars.color.text,
})

export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xsmall })

export const readout = style({
  minHeight: '1.5em',
  margin: 0,
  fontSize: vars.typography.fontSize.small,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
})

export const summaryText = style({
  margin: 0,
  fontSize: vars.typography.fontSize.small,
  color: vars.color.textMuted,
})

export const tableToggle = style({
  fontSize: vars.typography.fontSize.small,
  color: vars.color.text,
})

export const tableToggleLabel = style({
  cursor: 'pointer',
  color: vars.color.link,
  borderRadius: vars.radius.small,
  width: 'fit-content',
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
})

export const dataTable = style({ marginTop: vars.space.small })
