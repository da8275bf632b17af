import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

// The order tabs take two thirds beside Contact Us / Updates on wide screens; one column below.
export const dashboardColumns = style({
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

// The order tabs stay mounted while another is shown (React Aria then only marks them inert): hide them.
export const orderTabPanel = style({
  selectors: { '&[data-inert]': { display: 'none' } },
})

// Where a tab's form appears once its code has arrived.
export const tabLoading = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  minHeight: '12rem',
})

// Room for the first rows while the orders table's code arrives, so the page does not jump when it shows.
export const recentOrdersLoading = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  minHeight: '10rem',
  border: `thin solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
})

// Over the page where the AI settings picker opens, while its code arrives.
export const pickerLoading = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
})
