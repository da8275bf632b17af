import { style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  minWidth: 0,
})

export const label = style({
  fontSize: vars.typography.fontSize.small,
  fontWeight: vars.typography.fontWeight.medium,
  color: vars.color.text,
})

export const description = style({
  fontSize: vars.typography.fontSize.small,
  color: vars.color.textMuted,
})

export const errorMessage = style({
  fontSize: vars.typography.fontSize.small,
  color: vars.color.critical,
})

const controlBase = {
  fontSize: vars.typography.fontSize.medium,
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.medium,
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: vars.motion.duration.fast,
} as const

/** A text input or text area. */
export const input = style({
  ...controlBase,
  width: '100%',
  minHeight: '40px',
  padding: `${vars.space.small} ${vars.space.medium}`,
  outline: 'none',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&[data-hovered]': { borderColor: vars.color.text },
    '&[data-focused]': { borderColor: vars.color.focusRing, boxShadow: `0 0 0 1px ${vars.color.focusRing}` },
    '&[data-invalid]': { borderColor: vars.color.critical },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
  },
})

/** A box holding an input and its buttons (NumberField, DatePicker), styled as one control. */
export const inputGroup = style({
  ...controlBase,
  display: 'flex',
  alignItems: 'center',
  minHeight: '40px',
  overflow: 'hidden',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.text },
    '&[data-focus-within]': {
      borderColor: vars.color.focusRing,
      boxShadow: `0 0 0 1px ${vars.color.focusRing}`,
    },
    '&[data-invalid]': { borderColor: vars.color.critical },
    '&[data-disabled]': { opacity: 0.55 },
  },
})

/** An input inside an inputGroup: the group draws the border. */
export const groupedInput = style({
  flex: 1,
  minWidth: 0,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  padding: `${vars.space.small} ${vars.space.medium}`,
  fontSize: vars.typography.fontSize.medium,
  outline: 'none',
  selectors: { '&::placeholder': { color: vars.color.textMuted, opacity: 1 } },
})

export const groupButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  alignSelf: 'stretch',
  minWidth: '36px',
  border: 'none',
  borderLeft: `1px solid ${vars.color.border}`,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
    '&[data-pressed]': { backgroundColor: vars.color.surfaceRaised },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 },
  },
})
