import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

// The bell: an icon-sized link with the count on its corner.
export const bell = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: vars.radius.full,
  color: vars.color.text,
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
    '&[aria-current="page"]': { color: vars.color.link },
  },
})

export const bellCount = style({
  position: 'absolute',
  top: 0,
  insetInlineEnd: 0,
  minWidth: '1.25rem',
  padding: `0 ${vars.space.xxsmall}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.critical,
  color: vars.color.onCritical,
  fontSize: vars.typography.fontSize.xsmall,
  fontWeight: vars.typography.fontWeight.bold,
  lineHeight: '1.25rem',
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
})

export const notificationList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
})

export const notificationItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.small,
  padding: vars.space.medium,
  borderRadius: vars.radius.small,
  border: `thin solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  selectors: {
    // An unread one stands out by a bar on its leading edge, besides its 'New' badge.
    '&[data-unread]': { borderInlineStartWidth: '4px', borderInlineStartColor: vars.color.accent },
  },
})

export const notificationText = style({ flex: '1 1 16rem', minWidth: 0 })
