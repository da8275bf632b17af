import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

export const radioList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  selectors: { '[data-orientation=horizontal] > &': { flexDirection: 'row', flexWrap: 'wrap' } },
})

export const radio = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.small,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 } },
})

export const radioCircle = style({
  flexShrink: 0,
  width: '20px',
  height: '20px',
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  transitionProperty: 'border-width, border-color',
  transitionDuration: vars.motion.duration.fast,
})

globalStyle(`${radio}[data-selected] ${radioCircle}`, {
  borderColor: vars.color.accent,
  borderWidth: '6px',
})
globalStyle(`${radio}[data-hovered] ${radioCircle}`, { borderColor: vars.color.text })
globalStyle(`${radio}[data-selected][data-hovered] ${radioCircle}`, { borderColor: vars.color.accentHover })
globalStyle(`${radio}[data-focus-visible] ${radioCircle}`, {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
})
globalStyle(`${radio}[data-invalid] ${radioCircle}`, { borderColor: vars.color.critical })
