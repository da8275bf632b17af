import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../tokens/vars.css'

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.small,
    borderRadius: vars.radius.medium,
    border: '1px solid transparent',
    fontFamily: vars.typography.fontFamily.body,
    fontWeight: vars.typography.fontWeight.medium,
    lineHeight: vars.typography.lineHeight.tight,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    transitionProperty: 'background-color, border-color, color, box-shadow',
    transitionDuration: vars.motion.duration.fast,
    transitionTimingFunction: vars.motion.easing.standard,
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
      '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 },
      '&[data-pending]': { cursor: 'progress' },
    },
  },
  variants: {
    tone: {
      primary: {
        backgroundColor: vars.color.accent,
        color: vars.color.onAccent,
        selectors: {
          '&[data-hovered]': { backgroundColor: vars.color.accentHover },
          '&[data-pressed]': { backgroundColor: vars.color.accentPressed },
        },
      },
      secondary: {
        backgroundColor: vars.color.surfaceRaised,
        color: vars.color.text,
        borderColor: vars.color.borderStrong,
        selectors: {
          '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
          '&[data-pressed]': { borderColor: vars.color.accent },
        },
      },
      ghost: {
        backgroundColor: 'transparent',
        color: vars.color.text,
        selectors: {
          '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
          '&[data-pressed]': { backgroundColor: vars.color.surfaceRaised },
        },
      },
      critical: {
        backgroundColor: vars.color.critical,
        color: vars.color.onCritical,
        selectors: {
          '&[data-hovered]': { backgroundColor: vars.color.criticalHover },
          '&[data-pressed]': { backgroundColor: vars.color.criticalPressed },
        },
      },
    },
    size: {
      small: {
        fontSize: vars.typography.fontSize.small,
        padding: `${vars.space.xsmall} ${vars.space.small}`,
        minHeight: '32px',
      },
      medium: {
        fontSize: vars.typography.fontSize.medium,
        padding: `${vars.space.small} ${vars.space.large}`,
        minHeight: '40px',
      },
      large: {
        fontSize: vars.typography.fontSize.large,
        padding: `${vars.space.medium} ${vars.space.xlarge}`,
        minHeight: '48px',
      },
    },
    isIconOnly: {
      true: { paddingLeft: vars.space.small, paddingRight: vars.space.small, aspectRatio: '1' },
      false: {},
    },
    isFullWidth: { true: { width: '100%' }, false: {} },
  },
  defaultVariants: { tone: 'primary', size: 'medium', isIconOnly: false, isFullWidth: false },
})
