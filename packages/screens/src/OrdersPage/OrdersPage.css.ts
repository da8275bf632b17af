import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

// The order tabs take two thirds beside Updates / Contact Us on wide screens; one column below.
export const ordersPageColumns = style({
  display: 'grid',
  // One column no wider than the screen: an implicit column would grow to the widest content (the tab list,
  // a table), and the page would scroll sideways on a phone.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xlarge,
  alignItems: 'start',
  '@media': {
    [`screen and (min-width: ${breakpoints.wide}px)`]: {
      gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
    },
  },
})
