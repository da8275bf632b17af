import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.small,
})

export const keyName = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
})

export const keyPrefix = style({
  fontFamily: vars.typography.fontFamily.mono,
  fontSize: vars.typography.fontSize.xsmall,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
})

export const nowrap = style({ whiteSpace: 'nowrap' })

// Code wraps rather than scrolls, so a block needs no keyboard focus of its own to be read in full, and a key
// is seen whole on a narrow screen.
export const codeBlock = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  border: `thin solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.typography.fontFamily.mono,
  fontSize: vars.typography.fontSize.small,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
})

export const revealedKey = style([
  codeBlock,
  {
    display: 'block',
    fontSize: vars.typography.fontSize.medium,
    borderColor: vars.color.borderStrong,
    userSelect: 'all',
  },
])

export const inlineCode = style({
  fontFamily: vars.typography.fontFamily.mono,
  fontSize: '0.95em',
  overflowWrap: 'anywhere',
})

export const actionList = style({
  margin: 0,
  paddingInlineStart: vars.space.large,
  display: 'grid',
  gap: vars.space.xsmall,
  color: vars.color.text,
})

export const dialogActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.small,
})

export const copyRow = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
})
