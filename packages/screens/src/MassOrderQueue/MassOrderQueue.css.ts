import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const itemList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.medium,
})

export const itemCard = style({
  selectors: {
    '&[aria-current="true"]': { borderColor: vars.color.accent },
  },
})

// Links are long and unbroken; they wrap anywhere rather than widen the card past a phone screen.
export const itemUrl = style({ overflowWrap: 'anywhere' })

// Each line's error on a line of its own, wrapping anywhere (a pasted link is long).
export const pasteError = style({ display: 'block', overflowWrap: 'anywhere' })
