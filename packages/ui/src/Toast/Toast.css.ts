import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../tokens/vars.css'

export const toastRegion = style({
  position: 'fixed',
  right: vars.space.large,
  bottom: vars.space.large,
  zIndex: vars.zIndex.toast,
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.small,
  maxWidth: `calc(100vw - 2 * ${vars.space.large})`,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
})

function toneStyle(tone: 'success' | 'critical') {
  return {
    backgroundColor: vars.color.tone[tone].background,
    color: vars.color.tone[tone].text,
    borderColor: vars.color.tone[tone].border,
  }
}

export const toast = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.medium,
    width: '360px',
    maxWidth: '100%',
    padding: `${vars.space.medium} ${vars.space.large}`,
    border: '1px solid',
    borderLeftWidth: '4px',
    borderRadius: vars.radius.medium,
    boxShadow: vars.shadow.large,
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    },
  },
  variants: {
    tone: {
      success: toneStyle('success'),
      error: toneStyle('critical'),
    },
  },
})

export const toastContent = style({ flex: 1, minWidth: 0 })

export const toastClose = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '28px',
  height: '28px',
  border: 'none',
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
})
