import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const summaryList = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  gap: vars.space.medium,
})

export const summaryTerm = style({
  fontSize: vars.typography.fontSize.small,
  color: vars.color.textMuted,
})

export const summaryValue = style({
  margin: 0,
  fontSize: vars.typography.fontSize.large,
  fontWeight: vars.typography.fontWeight.medium,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
})
