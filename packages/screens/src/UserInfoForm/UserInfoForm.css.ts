import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

export const infoList = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xsmall,
  margin: 0,
  '@media': {
    [`screen and (min-width: ${String(breakpoints.tablet)}px)`]: {
      gridTemplateColumns: 'max-content minmax(0, 1fr)',
      columnGap: vars.space.xlarge,
      rowGap: vars.space.small,
    },
  },
})

export const infoTerm = style({
  color: vars.color.textMuted,
  fontWeight: vars.typography.fontWeight.medium,
})

export const infoValue = style({
  margin: 0,
  color: vars.color.text,
  overflowWrap: 'anywhere',
})

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.small,
})
