import { style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

export const statLabel = style({
  fontSize: vars.typography.fontSize.small,
  color: vars.color.textMuted,
})

export const statValue = style({
  margin: `${vars.space.xsmall} 0 0`,
  fontSize: vars.typography.fontSize.xxlarge,
  fontWeight: vars.typography.fontWeight.bold,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
})

export const statDescription = style({
  margin: `${vars.space.xsmall} 0 0`,
  fontSize: vars.typography.fontSize.small,
  color: vars.color.textMuted,
})

export const statList = style({ margin: 0 })
