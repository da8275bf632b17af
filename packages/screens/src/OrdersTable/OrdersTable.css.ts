import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const tableHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
})

export const actionsCell = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xsmall,
})
