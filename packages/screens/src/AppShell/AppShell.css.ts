import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

const wide = `screen and (min-width: ${breakpoints.tablet}px)`

export const shell = style({
  minHeight: '100dvh',
  backgroundColor: vars.color.background,
  color: vars.color.text,
  '@media': { [wide]: { display: 'grid', gridTemplateColumns: '15rem minmax(0, 1fr)' } },
})

// From 768 px the sidebar is a column of the page, its background the page's full height however long the page;
// below it is a panel over the page while open.
export const sidebar = style({
  backgroundColor: vars.color.surface,
  borderRight: `thin solid ${vars.color.border}`,
  selectors: {
    '&[hidden]': { display: 'none' },
    '&[data-overlay]': {
      position: 'fixed',
      inset: 0,
      zIndex: vars.zIndex.overlay,
      overflowY: 'auto',
      boxShadow: vars.shadow.large,
    },
  },
})

// The sidebar's content: from 768 px it stays in view while a long page scrolls.
export const sidebarContent = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
  padding: vars.space.large,
  '@media': { [wide]: { position: 'sticky', top: 0, maxHeight: '100dvh', overflowY: 'auto' } },
})

export const sidebarHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
})

export const brand = style({
  fontSize: vars.typography.fontSize.xlarge,
  fontWeight: vars.typography.fontWeight.bold,
  color: vars.color.text,
  textDecoration: 'none',
})

export const navList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
})

export const navLink = style({
  display: 'block',
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.medium,
  color: vars.color.text,
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover, textDecoration: 'none' },
    '&[aria-current="page"]': { backgroundColor: vars.color.surfaceHover, color: vars.color.link },
  },
})

export const content = style({ minWidth: 0, display: 'flex', flexDirection: 'column' })

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.raised,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  padding: `${vars.space.small} ${vars.space.large}`,
  backgroundColor: vars.color.surface,
  borderBottom: `thin solid ${vars.color.border}`,
})

export const headerActions = style({
  marginLeft: 'auto',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
})

export const balanceChip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  padding: `${vars.space.xsmall} ${vars.space.small} ${vars.space.xsmall} ${vars.space.medium}`,
  border: `thin solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.full,
  fontWeight: vars.typography.fontWeight.medium,
  fontVariantNumeric: 'tabular-nums',
})

// On a phone the menu button shows the icon only; the name stays for screen readers.
export const userName = style({
  '@media': {
    [`screen and (max-width: ${breakpoints.tablet - 1}px)`]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
})

export const main = style({
  flexGrow: 1,
  padding: vars.space.large,
  outline: 'none',
  '@media': { [wide]: { padding: vars.space.xlarge } },
})

// Off screen until focused: the first Tab on a page offers a jump past the sidebar and the top bar.
export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.medium,
  top: vars.space.medium,
  zIndex: vars.zIndex.tooltip,
  padding: `${vars.space.small} ${vars.space.large}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.accent,
  color: vars.color.onAccent,
  transform: 'translateY(-200%)',
  selectors: {
    '&:focus': { transform: 'none' },
  },
})
