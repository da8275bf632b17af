import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../tokens/vars.css'

export const heading = recipe({
  base: {
    margin: 0,
    color: vars.color.text,
    fontWeight: vars.typography.fontWeight.bold,
    lineHeight: vars.typography.lineHeight.tight,
  },
  variants: {
    size: {
      small: { fontSize: vars.typography.fontSize.medium },
      medium: { fontSize: vars.typography.fontSize.large },
      large: { fontSize: vars.typography.fontSize.xxlarge },
      xlarge: { fontSize: vars.typography.fontSize.xxxlarge },
    },
  },
})
