import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

export const header = style({
  borderBottom: `thin solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
})

export const headerInner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.medium,
})

export const brand = style({
  fontSize: vars.typography.fontSize.large,
  '@media': {
    [`screen and (min-width: ${breakpoints.tablet}px)`]: { fontSize: vars.typography.fontSize.xlarge },
  },
  fontWeight: vars.typography.fontWeight.bold,
  color: vars.color.text,
  textDecoration: 'none',
})

// Below the layout breakpoint the section links take their own row under the brand and the account actions.
export const sectionNav = style({
  order: 3,
  width: '100%',
  '@media': {
    [`screen and (min-width: ${breakpoints.tablet}px)`]: { order: 0, width: 'auto' },
  },
})

export const sectionList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  gap: vars.space.large,
})

export const menuPopover = style({
  minWidth: '10rem',
  padding: vars.space.xsmall,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `thin solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.large,
  outline: 'none',
})

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.small,
  color: vars.color.text,
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { backgroundColor: vars.color.surfaceHover },
    '&[data-focus-visible]': { outline: `thin solid ${vars.color.focusRing}` },
  },
})
