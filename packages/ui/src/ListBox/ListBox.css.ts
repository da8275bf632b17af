import { style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

export const listBox = style({
  padding: vars.space.xsmall,
  outline: 'none',
  maxHeight: 'inherit',
  overflow: 'auto',
  minWidth: 'var(--trigger-width)',
})

/** An option of a ListBox or an item of a Menu. */
export const listItem = style({
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
    '&[data-selected]': { fontWeight: vars.typography.fontWeight.bold },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
  },
})

export const checkmark = style({ marginLeft: 'auto', color: vars.color.link })
