import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const page = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '100vh',
  padding: `${vars.space.xxxlarge} ${vars.space.large}`,
  backgroundColor: vars.color.background,
  color: vars.color.text,
})

export const themeToggle = style({
  position: 'absolute',
  top: vars.space.large,
  insetInlineEnd: vars.space.large,
})

export const brand = style({
  fontSize: vars.typography.fontSize.xlarge,
  fontWeight: vars.typography.fontWeight.bold,
  color: vars.color.text,
  textDecoration: 'none',
})

export const panel = style({
  width: '100%',
  maxWidth: '28rem',
})

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.medium,
  color: vars.color.textMuted,
  fontSize: vars.typography.fontSize.small,
  selectors: {
    '&::before, &::after': {
      content: '""',
      flexGrow: 1,
      borderTop: `thin solid ${vars.color.border}`,
    },
  },
})
