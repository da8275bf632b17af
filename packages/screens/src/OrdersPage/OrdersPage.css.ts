import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

// The order tabs take two thirds beside Updates / Contact Us on wide screens; one column below.
export const ordersPageColumns = style({
  display: 'grid',
  gap: vars.space.xlarge,
  alignItems: 'start',
  '@media': {
    [`screen and (min-width: ${breakpoints.wide}px)`]: {
      gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
    },
  },
})
