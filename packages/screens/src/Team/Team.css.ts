import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

const tablet = `screen and (min-width: ${breakpoints.tablet}px)`

export const inviteFields = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: '1fr',
  '@media': { [tablet]: { gridTemplateColumns: '2fr 1fr 1fr', alignItems: 'start' } },
})

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.medium,
})

export const nowrap = style({ whiteSpace: 'nowrap' })

export const rowActions = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.small,
})

export const dialogActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.small,
})
