import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const stepActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.small,
})
