import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xlarge,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
})

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
})

export const popularCard = style({
  borderColor: vars.color.accent,
})

export const badge = style({
  alignSelf: 'flex-start',
})

export const price = style({
  fontSize: vars.typography.fontSize.xxxlarge,
  fontWeight: vars.typography.fontWeight.bold,
  lineHeight: vars.typography.lineHeight.tight,
})

export const featureList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  flexGrow: 1,
})

export const feature = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
})

export const featureIcon = style({
  color: vars.color.accent,
  flexShrink: 0,
})
