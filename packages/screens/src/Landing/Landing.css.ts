import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

export const hero = style({
  backgroundColor: vars.color.surface,
  borderBottom: `thin solid ${vars.color.border}`,
})

// The hero title grows past the largest heading size on wide screens; on a phone the words must still fit.
export const heroTitle = style({
  maxWidth: '20ch',
  overflowWrap: 'break-word',
  '@media': {
    [`screen and (min-width: ${breakpoints.tablet}px)`]: {
      fontSize: `calc(${vars.typography.fontSize.xxxlarge} * 1.5)`,
    },
  },
})

export const lead = style({
  maxWidth: '60ch',
})

// Sections are focused by the header's scroll links; the focus itself needs no ring, the scroll shows it.
export const section = style({
  outline: 'none',
})

export const featureGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xlarge,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
})

export const quote = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  height: '100%',
})

export const quoteText = style({
  margin: 0,
  flexGrow: 1,
  fontStyle: 'italic',
})

export const volumeNote = style({
  borderInlineStart: `${vars.space.xsmall} solid ${vars.color.accent}`,
})

export const closing = style({
  backgroundColor: vars.color.surface,
  borderTop: `thin solid ${vars.color.border}`,
})
