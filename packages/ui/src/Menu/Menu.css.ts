import { style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

export const menuSeparator = style({
  height: '1px',
  margin: `${vars.space.xsmall} 0`,
  border: 'none',
  backgroundColor: vars.color.border,
})

/** The menu's list: scrolls when taller than the room its popover has, at least its trigger's width. */
export const menu = style({
  padding: vars.space.xsmall,
  outline: 'none',
  maxHeight: 'inherit',
  overflow: 'auto',
  minWidth: 'var(--trigger-width)',
})

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.small,
  color: vars.color.text,
  fontSize: vars.typography.fontSize.medium,
  cursor: 'pointer',
  outline: 'none',
  textDecoration: 'none',
  selectors: {
    '&[data-focused]': { backgroundColor: vars.color.surfaceHover },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
  },
})
