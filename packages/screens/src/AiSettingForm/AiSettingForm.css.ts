import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '@engage/ui'

export const fieldGrid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.medium,
  '@media': {
    [`screen and (min-width: ${String(breakpoints.tablet)}px)`]: {
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    },
  },
})

export const modelRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.small,
})

export const modelField = style({
  flex: '1 1 12em',
  minWidth: 0,
})

export const previewPanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `thin solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
})

export const previewHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
})

export const previewText = style({
  display: 'block',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  color: vars.color.text,
  fontStyle: 'italic',
  lineHeight: vars.typography.lineHeight.normal,
})

export const formActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.small,
})
