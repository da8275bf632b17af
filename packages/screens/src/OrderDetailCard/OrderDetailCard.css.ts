import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const detailList = style({
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.small,
})

export const detailTerm = style({
  fontSize: vars.typography.fontSize.xsmall,
  color: vars.color.textMuted,
})

// Links and reasons are long and unbroken; they wrap inside the card.
export const detailValue = style({
  margin: 0,
  color: vars.color.text,
  overflowWrap: 'anywhere',
})

// Long lists of AI texts scroll inside the card rather than stretching it past the viewport.
export const aiTextsScroll = style({
  maxHeight: '12rem',
  overflowY: 'auto',
  marginTop: vars.space.xxsmall,
  padding: vars.space.small,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  backgroundColor: vars.color.surface,
  outline: 'none',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
})

export const aiTextsList = style({
  margin: 0,
  paddingLeft: vars.space.large,
  display: 'grid',
  gap: vars.space.xsmall,
})
