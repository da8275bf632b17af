import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const providerOption = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
})

export const providerDescription = style({
  color: vars.color.textMuted,
  fontSize: vars.typography.fontSize.small,
})
