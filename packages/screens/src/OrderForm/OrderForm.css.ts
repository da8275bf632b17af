import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const orderTotalRow = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.medium,
  paddingTop: vars.space.medium,
  borderTop: `thin solid ${vars.color.border}`,
})

export const orderTotal = style({
  fontSize: vars.typography.fontSize.xlarge,
  fontWeight: vars.typography.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
})
