import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const filterBar = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
  alignItems: 'end',
  gap: vars.space.small,
})

export const searchForm = style({
  display: 'flex',
  alignItems: 'end',
  gap: vars.space.xsmall,
  gridColumn: '1 / -1',
})

export const searchField = style({ flex: 1, minWidth: 0 })

export const filterActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xsmall,
  gridColumn: '1 / -1',
})
