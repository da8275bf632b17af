import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

export const methodGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 10em), 1fr))',
  gap: vars.space.small,
})

// Each method is a radio drawn as a card: logo, name, code and network.
export const methodCard = style({
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  border: `thin solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  selectors: {
    '&[data-selected]': { borderColor: vars.color.accent },
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
  },
})

export const methodText = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
})

export const methodName = style({
  overflowWrap: 'anywhere',
})

export const methodCode = style({
  color: vars.color.textMuted,
  fontSize: vars.typography.fontSize.xsmall,
})

export const methodLabel = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
})

globalStyle(`${methodGrid} > *`, { minWidth: 0 })

export const notes = style({
  margin: 0,
  paddingLeft: vars.space.large,
  color: vars.color.textMuted,
  fontSize: vars.typography.fontSize.small,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
})

export const amountRow = style({
  maxWidth: '100%',
  '@media': {
    [`screen and (min-width: ${String(breakpoints.tablet)}px)`]: { maxWidth: '20em' },
  },
})
