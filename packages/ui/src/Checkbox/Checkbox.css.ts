import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 } },
})

export const checkboxBox = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '20px',
  height: '20px',
  marginTop: '2px',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.small,
  backgroundColor: vars.color.surface,
  color: vars.color.onAccent,
  transitionProperty: 'background-color, border-color',
  transitionDuration: vars.motion.duration.fast,
})

globalStyle(`${checkbox}[data-selected] ${checkboxBox}, ${checkbox}[data-indeterminate] ${checkboxBox}`, {
  backgroundColor: vars.color.accent,
  borderColor: vars.color.accent,
})
globalStyle(`${checkbox}[data-hovered] ${checkboxBox}`, { borderColor: vars.color.text })
globalStyle(`${checkbox}[data-focus-visible] ${checkboxBox}`, {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
})
globalStyle(`${checkbox}[data-invalid] ${checkboxBox}`, { borderColor: vars.color.critical })

export const checkboxDescription = style({
  display: 'block',
  fontSize: vars.typography.fontSize.small,
  color: vars.color.textMuted,
})
