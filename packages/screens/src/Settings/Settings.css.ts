import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

export const panelHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
})

export const detailList = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xsmall,
  margin: 0,
  '@media': {
    [`screen and (min-width: ${String(breakpoints.tablet)}px)`]: {
      gridTemplateColumns: 'max-content minmax(0, 1fr)',
      columnGap: vars.space.large,
      rowGap: vars.space.small,
    },
  },
})

export const detailTerm = style({
  color: vars.color.textMuted,
  fontWeight: vars.typography.fontWeight.medium,
})

export const detailValue = style({
  margin: 0,
  color: vars.color.text,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
})

export const dialogActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.small,
})
