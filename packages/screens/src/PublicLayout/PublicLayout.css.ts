import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
  backgroundColor: vars.color.background,
  color: vars.color.text,
})

export const main = style({
  flexGrow: 1,
  outline: 'none',
})

// The skip link stays out of sight until a keyboard user tabs onto it.
export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.medium,
  top: vars.space.medium,
  zIndex: vars.zIndex.tooltip,
  padding: `${vars.space.small} ${vars.space.large}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.accent,
  color: vars.color.onAccent,
  transform: 'translateY(-200%)',
  selectors: {
    '&:focus, &[data-focus-visible]': { transform: 'none' },
  },
})

/** Long-form text of the content pages: readable measure and paragraph rhythm. */
export const prose = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  lineHeight: vars.typography.lineHeight.normal,
})

globalStyle(`${prose} ul, ${prose} ol`, {
  margin: 0,
  paddingInlineStart: vars.space.xlarge,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
})

globalStyle(`${prose} p`, { margin: 0 })
