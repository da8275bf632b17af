import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

export const statGrid = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': {
    [`screen and (min-width: ${String(breakpoints.wide)}px)`]: {
      gridTemplateColumns: 'repeat(5, minmax(0, 1fr))',
    },
  },
})

export const linkRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.small,
})

export const linkField = style({
  flex: '1 1 18rem',
  minWidth: 0,
})

export const figure = style({ fontVariantNumeric: 'tabular-nums' })

export const nowrap = style({ whiteSpace: 'nowrap' })
