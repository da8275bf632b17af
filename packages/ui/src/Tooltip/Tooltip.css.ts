import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

export const tooltip = style({
  maxWidth: '240px',
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  borderRadius: vars.radius.small,
  backgroundColor: vars.color.text,
  color: vars.color.background,
  fontSize: vars.typography.fontSize.small,
  zIndex: vars.zIndex.tooltip,
  boxShadow: vars.shadow.medium,
  transitionProperty: 'opacity',
  transitionDuration: vars.motion.duration.fast,
  selectors: {
    '&[data-entering]': { opacity: 0 },
    '&[data-exiting]': { opacity: 0 },
  },
})

export const tooltipArrow = style({})

globalStyle(`${tooltipArrow} svg`, { display: 'block', fill: vars.color.text })
globalStyle(`${tooltip}[data-placement=bottom] ${tooltipArrow} svg`, { transform: 'rotate(180deg)' })
globalStyle(`${tooltip}[data-placement=left] ${tooltipArrow} svg`, { transform: 'rotate(-90deg)' })
globalStyle(`${tooltip}[data-placement=right] ${tooltipArrow} svg`, { transform: 'rotate(90deg)' })
