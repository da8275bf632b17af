import { style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

export const dateInput = style({
  display: 'flex',
  flex: 1,
  alignItems: 'center',
  padding: `${vars.space.small} ${vars.space.medium}`,
  fontVariantNumeric: 'tabular-nums',
  // On a narrow screen the time goes under the date rather than into a scrolling strip, which a disabled field
  // (no focusable segment) would leave out of the keyboard's reach.
  flexWrap: 'wrap',
  whiteSpace: 'nowrap',
})

export const dateSegment = style({
  padding: `0 1px`,
  borderRadius: vars.radius.small,
  color: vars.color.text,
  outline: 'none',
  selectors: {
    '&[data-placeholder]': { color: vars.color.textMuted },
    '&[data-type=literal]': { color: vars.color.textMuted },
    '&[data-focused]': { backgroundColor: vars.color.accent, color: vars.color.onAccent },
  },
})

export const calendar = style({ padding: vars.space.medium, outline: 'none' })

export const calendarHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  marginBottom: vars.space.small,
})

export const calendarHeading = style({
  margin: 0,
  fontSize: vars.typography.fontSize.medium,
  fontWeight: vars.typography.fontWeight.bold,
})

export const calendarNavigation = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  border: 'none',
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` },
    '&[data-disabled]': { opacity: 0.4, cursor: 'not-allowed' },
  },
})

export const calendarGrid = style({
  borderCollapse: 'collapse',
  fontSize: vars.typography.fontSize.small,
  color: vars.color.textMuted,
})

export const calendarCell = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.full,
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-outside-month]': { visibility: 'hidden' },
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
    '&[data-selected]': { backgroundColor: vars.color.accent, color: vars.color.onAccent },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
    '&[data-disabled], &[data-unavailable]': {
      color: vars.color.textMuted,
      textDecoration: 'line-through',
      cursor: 'not-allowed',
    },
  },
})
