import { style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

export const menuSeparator = style({
  height: '1px',
  margin: `${vars.space.xsmall} 0`,
  border: 'none',
  backgroundColor: vars.color.border,
})
