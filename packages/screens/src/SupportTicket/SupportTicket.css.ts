import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const messageList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
})

const messageBase = {
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `thin solid ${vars.color.border}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
} as const

export const customerMessage = style({ ...messageBase, backgroundColor: vars.color.surface })

// Support's answers stand out by their edge, not only by colour.
export const operatorMessage = style({
  ...messageBase,
  backgroundColor: vars.color.surfaceRaised,
  borderInlineStart: `4px solid ${vars.color.accent}`,
})

export const messageHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.xsmall,
  fontSize: vars.typography.fontSize.small,
  color: vars.color.textMuted,
})

export const messageAuthor = style({
  fontWeight: vars.typography.fontWeight.bold,
  color: vars.color.text,
})

// Plain text as typed: line breaks kept, long words wrapped.
export const messageBody = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  color: vars.color.text,
})

export const formActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.small,
})
