import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

// The order tabs take two thirds beside Contact Us / Updates on wide screens; one column below.
export const dashboardColumns = style({
  display: 'grid',
  gap: vars.space.xlarge,
  alignItems: 'start',
  '@media': {
    [`screen and (min-width: ${breakpoints.wide}px)`]: {
      gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
    },
  },
})

// The order tabs stay mounted while another is shown (React Aria then only marks them inert): hide them.
export const orderTabPanel = style({
  selectors: { '&[data-inert]': { display: 'none' } },
})
