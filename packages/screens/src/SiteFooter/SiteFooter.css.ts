import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const footer = style({
  borderTop: `thin solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
})

export const linkList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
})
