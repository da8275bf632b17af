import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

export const switchRoot = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.small,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 } },
})

export const switchTrack = style({
  position: 'relative',
  flexShrink: 0,
  width: '40px',
  height: '22px',
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  transitionProperty: 'background-color, border-color',
  transitionDuration: vars.motion.duration.fast,
})

export const switchThumb = style({
  position: 'absolute',
  top: '2px',
  left: '2px',
  width: '16px',
  height: '16px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.borderStrong,
  transitionProperty: 'transform, background-color',
  transitionDuration: vars.motion.duration.fast,
  transitionTimingFunction: vars.motion.easing.standard,
})

globalStyle(`${switchRoot}[data-selected] ${switchTrack}`, {
  backgroundColor: vars.color.accent,
  borderColor: vars.color.accent,
})
globalStyle(`${switchRoot}[data-selected] ${switchThumb}`, {
  transform: 'translateX(18px)',
  backgroundColor: vars.color.onAccent,
})
globalStyle(`${switchRoot}[data-focus-visible] ${switchTrack}`, {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
})
