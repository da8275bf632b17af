import { style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

/** The floating surface of menus, date pickers and detail cards. */
export const popover = style({
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.large,
  zIndex: vars.zIndex.dropdown,
  outline: 'none',
  overflow: 'auto',
  transitionProperty: 'opacity, transform',
  transitionDuration: vars.motion.duration.fast,
  transitionTimingFunction: vars.motion.easing.standard,
  selectors: {
    '&[data-entering]': { opacity: 0, transform: 'translateY(-4px)' },
    '&[data-exiting]': { opacity: 0 },
  },
})

export const detailCard = style({
  padding: vars.space.large,
  maxWidth: '320px',
  fontSize: vars.typography.fontSize.small,
  outline: 'none',
})

export const popoverTrigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  padding: 0,
  border: 'none',
  background: 'none',
  color: vars.color.link,
  font: 'inherit',
  textDecoration: 'underline',
  textDecorationStyle: 'dotted',
  textUnderlineOffset: '3px',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
})
