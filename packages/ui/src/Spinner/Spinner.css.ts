import { keyframes, style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'

const rotate = keyframes({ to: { transform: 'rotate(360deg)' } })

export const spinner = recipe({
  base: {
    display: 'inline-flex',
    color: 'currentColor',
    flexShrink: 0,
    // The spin is feedback, not decoration, so it keeps turning under reduced motion, only slower.
    animation: `${rotate} 0.8s linear infinite`,
    '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2.4s' } },
  },
  variants: {
    size: {
      small: { width: '16px', height: '16px' },
      medium: { width: '24px', height: '24px' },
      large: { width: '40px', height: '40px' },
    },
  },
  defaultVariants: { size: 'medium' },
})

export const spinnerCircle = style({
  stroke: 'currentColor',
  strokeLinecap: 'round',
  strokeDasharray: '42 100',
})
