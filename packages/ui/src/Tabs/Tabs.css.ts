import { style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

export const tabs = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
  selectors: { '&[data-orientation=vertical]': { flexDirection: 'row' } },
})

export const tabList = style({
  display: 'flex',
  gap: vars.space.xsmall,
  borderBottom: `1px solid ${vars.color.border}`,
  // Tabs that do not fit a phone's width scroll inside the list (the last one shows cut at the edge), never
  // the page.
  overflowX: 'auto',
  maxWidth: '100%',
  selectors: {
    '&[data-orientation=vertical]': {
      flexDirection: 'column',
      borderBottom: 'none',
      borderRight: `1px solid ${vars.color.border}`,
    },
  },
})

export const tab = style({
  padding: `${vars.space.small} ${vars.space.large}`,
  color: vars.color.textMuted,
  fontWeight: vars.typography.fontWeight.medium,
  borderBottom: '2px solid transparent',
  marginBottom: '-1px',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  outline: 'none',
  transitionProperty: 'color, border-color',
  transitionDuration: vars.motion.duration.fast,
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-selected]': { color: vars.color.text, borderBottomColor: vars.color.accent },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
  },
})

export const tabPanel = style({
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
})
