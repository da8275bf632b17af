import { style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

export const selectTrigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  width: '100%',
  minHeight: '40px',
  padding: `${vars.space.small} ${vars.space.medium}`,
  fontSize: vars.typography.fontSize.medium,
  textAlign: 'start',
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.medium,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.text },
    '&[data-focus-visible]': {
      borderColor: vars.color.focusRing,
      boxShadow: `0 0 0 1px ${vars.color.focusRing}`,
    },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    '[data-invalid] > &': { borderColor: vars.color.critical },
  },
})

export const selectValue = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '&[data-placeholder]': { color: vars.color.textMuted } },
})
