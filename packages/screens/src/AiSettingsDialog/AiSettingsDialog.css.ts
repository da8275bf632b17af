import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const settingList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const settingEntry = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `thin solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
})

export const settingSummary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
})

export const settingDetails = style({
  display: 'block',
  color: vars.color.textMuted,
  fontSize: vars.typography.fontSize.small,
  overflowWrap: 'anywhere',
})

export const settingCannotRun = style({
  display: 'block',
  color: vars.color.critical,
  fontSize: vars.typography.fontSize.small,
})

export const dialogFooter = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  paddingTop: vars.space.medium,
  borderTop: `thin solid ${vars.color.border}`,
})

export const footerActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
})
