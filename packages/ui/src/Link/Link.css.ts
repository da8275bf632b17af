import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../tokens/vars.css'

export const link = recipe({
  base: {
    color: vars.color.link,
    cursor: 'pointer',
    borderRadius: vars.radius.small,
    outline: 'none',
    textUnderlineOffset: '3px',
    selectors: {
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
      '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 },
    },
  },
  variants: {
    variant: {
      inline: {
        textDecoration: 'underline',
        selectors: { '&[data-hovered]': { textDecorationThickness: '2px' } },
      },
      standalone: {
        textDecoration: 'none',
        fontWeight: vars.typography.fontWeight.medium,
        selectors: { '&[data-hovered]': { textDecoration: 'underline' } },
      },
    },
  },
  defaultVariants: { variant: 'inline' },
})
