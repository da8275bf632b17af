import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const entryList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.large,
})

export const entry = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  overflowWrap: 'anywhere',
})

export const entryTitle = style({ display: 'block' })
