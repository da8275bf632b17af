import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

export const walletGrid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.large,
  alignItems: 'start',
  '@media': {
    [`screen and (min-width: ${String(breakpoints.wide)}px)`]: {
      gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr)',
    },
  },
})

export const balanceValue = style({
  fontVariantNumeric: 'tabular-nums',
})
