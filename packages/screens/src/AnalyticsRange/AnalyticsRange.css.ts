import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

/** The range's fields: stacked on a phone, side by side from the tablet width. */
export const rangeFields = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.medium,
  alignItems: 'start',
  '@media': {
    [`screen and (min-width: ${String(breakpoints.tablet)}px)`]: {
      gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    },
  },
})

/** Cards of figures and charts: one column on a phone, two on a wide screen. */
export const chartGrid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.large,
  alignItems: 'start',
  '@media': {
    [`screen and (min-width: ${String(breakpoints.wide)}px)`]: {
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    },
  },
})

export const totals = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  gap: vars.space.medium,
})
