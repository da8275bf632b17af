import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../tokens/vars.css'

export const text = recipe({
  base: { margin: 0, lineHeight: vars.typography.lineHeight.normal },
  variants: {
    size: {
      xsmall: { fontSize: vars.typography.fontSize.xsmall },
      small: { fontSize: vars.typography.fontSize.small },
      medium: { fontSize: vars.typography.fontSize.medium },
      large: { fontSize: vars.typography.fontSize.large },
    },
    tone: {
      default: { color: vars.color.text },
      muted: { color: vars.color.textMuted },
      critical: { color: vars.color.critical },
    },
    weight: {
      regular: { fontWeight: vars.typography.fontWeight.regular },
      medium: { fontWeight: vars.typography.fontWeight.medium },
      bold: { fontWeight: vars.typography.fontWeight.bold },
    },
  },
})
