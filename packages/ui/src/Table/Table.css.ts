import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { scrollCueBackground } from '../tokens/scrollCue.css'
import { vars } from '../tokens/vars.css'

// A table wider than the screen scrolls inside its own frame, never the page, and shades the edge that has
// more columns beyond it.
export const tableContainer = style({
  position: 'relative',
  overflowX: 'auto',
  maxWidth: '100%',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  ...scrollCueBackground,
})

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.typography.fontSize.small,
  color: vars.color.text,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
})

const alignVariants = {
  align: {
    start: { textAlign: 'start' },
    end: { textAlign: 'end' },
  },
} as const

export const column = recipe({
  base: {
    padding: `${vars.space.small} ${vars.space.medium}`,
    borderBottom: `1px solid ${vars.color.border}`,
    color: vars.color.textMuted,
    fontWeight: vars.typography.fontWeight.medium,
    whiteSpace: 'nowrap',
    outline: 'none',
    selectors: {
      '&[data-allows-sorting]': { cursor: 'pointer' },
      '&[data-hovered]': { color: vars.color.text },
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    },
  },
  variants: alignVariants,
})

export const columnLabel = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xsmall })

export const sortIcon = style({
  display: 'inline-flex',
  opacity: 0,
  selectors: { '&[data-active]': { opacity: 1 } },
})

export const row = style({
  outline: 'none',
  selectors: {
    '&:not(:last-child)': { borderBottom: `1px solid ${vars.color.border}` },
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    '&[data-href], &[data-action]': { cursor: 'pointer' },
  },
})

export const cell = recipe({
  base: {
    padding: `${vars.space.small} ${vars.space.medium}`,
    verticalAlign: 'middle',
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    },
  },
  variants: alignVariants,
})

export const detailsCell = style({
  padding: `${vars.space.medium} ${vars.space.large}`,
  backgroundColor: vars.color.surfaceRaised,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
})

export const expandButton = style({ color: vars.color.text })

export const emptyState = style({
  padding: `${vars.space.xlarge} ${vars.space.large}`,
  textAlign: 'center',
  color: vars.color.textMuted,
})

export const loadingOverlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '96px',
  backgroundColor: vars.color.backdrop,
  color: vars.color.text,
  zIndex: vars.zIndex.raised,
})
