import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../tokens/vars.css'

export const card = recipe({
  base: {
    backgroundColor: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.large,
  },
  variants: {
    elevation: {
      flat: {},
      raised: { boxShadow: vars.shadow.medium },
    },
  },
})
