import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const tableHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
})

export const actionsCell = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xsmall,
})

/** The shortened link: a text button that opens the whole link. */
export const linkTrigger = style({
  maxWidth: '16rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  textAlign: 'start',
})

export const fullLink = style({
  color: vars.color.link,
  overflowWrap: 'anywhere',
})
