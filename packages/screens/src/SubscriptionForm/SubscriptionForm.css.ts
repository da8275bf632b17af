import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

// The two pickers sit side by side when there is room, one under the other on a phone.
export const dateFields = style({
  display: 'grid',
  gap: vars.space.large,
  '@media': {
    [`screen and (min-width: ${breakpoints.tablet}px)`]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
})
