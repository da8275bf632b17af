import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const rowActions = style({
  display: 'flex',
  flexWrap: 'nowrap',
  justifyContent: 'flex-end',
  gap: vars.space.xsmall,
})

export const nowrap = style({ whiteSpace: 'nowrap' })

export const modelText = style({
  fontFamily: vars.typography.fontFamily.mono,
  fontSize: vars.typography.fontSize.xsmall,
  overflowWrap: 'anywhere',
})
