import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

/** The QR code keeps its white quiet zone in both themes, so phones read it. */
export const qrImage = style({
  width: '192px',
  height: '192px',
  backgroundColor: '#ffffff',
  borderRadius: vars.radius.small,
  border: `thin solid ${vars.color.border}`,
})

export const secretText = style({
  fontFamily: vars.typography.fontFamily.mono,
  fontSize: vars.typography.fontSize.small,
  overflowWrap: 'anywhere',
  color: vars.color.text,
})

export const codeList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
  gap: vars.space.small,
  margin: 0,
  paddingInlineStart: vars.space.large,
  fontFamily: vars.typography.fontFamily.mono,
  color: vars.color.text,
})

export const sessionList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
})

export const sessionItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.small,
  padding: vars.space.medium,
  borderRadius: vars.radius.small,
  border: `thin solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
})
