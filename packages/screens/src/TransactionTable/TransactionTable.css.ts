import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

export const tableHeader = style({
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
    },
  },
})

export const detailTerm = style({
  color: vars.color.textMuted,
  fontWeight: vars.typography.fontWeight.medium,
})

export const detailValue = style({
  margin: 0,
  overflowWrap: 'anywhere',
  fontFamily: vars.typography.fontFamily.mono,
})

// Wrapped rather than scrolled, so the block needs no keyboard focus of its own to be read in full.
export const detailsJson = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  border: `thin solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.typography.fontFamily.mono,
  fontSize: vars.typography.fontSize.xsmall,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
})

export const methodCell = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  whiteSpace: 'nowrap',
})

export const nowrap = style({ whiteSpace: 'nowrap' })
