import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

export const statCards = style({
  display: 'grid',
  gap: vars.space.medium,
  // An email can be long; it wraps inside its card instead of widening the row.
  overflowWrap: 'anywhere',
  '@media': {
    [`screen and (min-width: ${breakpoints.tablet}px)`]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
})
