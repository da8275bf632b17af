import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

/** Holds the select and its chevron (a native select's own arrow is hidden). */
export const selectBox = style({ position: 'relative', display: 'flex', alignItems: 'center' })

export const select = style({
  appearance: 'none',
  width: '100%',
  minHeight: '40px',
  padding: `${vars.space.small} calc(${vars.space.medium} + 20px) ${vars.space.small} ${vars.space.medium}`,
  fontFamily: 'inherit',
  fontSize: vars.typography.fontSize.medium,
  lineHeight: 'inherit',
  textOverflow: 'ellipsis',
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.medium,
  cursor: 'pointer',
  outline: 'none',
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: vars.motion.duration.fast,
  selectors: {
    '&:hover:not(:disabled)': { borderColor: vars.color.text },
    '&:focus-visible': { borderColor: vars.color.focusRing, boxShadow: `0 0 0 1px ${vars.color.focusRing}` },
    '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
    '&[aria-invalid="true"]': { borderColor: vars.color.critical },
    // Nothing chosen yet: the placeholder option shows in the muted colour.
    '&:has(option[value=""]:checked)': { color: vars.color.textMuted },
  },
})

export const selectChevron = style({
  position: 'absolute',
  insetInlineEnd: vars.space.medium,
  pointerEvents: 'none',
  color: vars.color.text,
})

// The options keep the text colour while the closed select shows its placeholder muted.
globalStyle(`${select} option`, { color: vars.color.text, backgroundColor: vars.color.surface })
