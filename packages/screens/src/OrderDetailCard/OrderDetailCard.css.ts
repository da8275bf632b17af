import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const detailList = style({
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.small,
})

export const detailTerm = style({
  fontSize: vars.typography.fontSize.xsmall,
  color: vars.color.textMuted,
})

// Links and reasons are long and unbroken; they wrap inside the card.
export const detailValue = style({
  margin: 0,
  color: vars.color.text,
  overflowWrap: 'anywhere',
})
