import { style, styleVariants } from '@vanilla-extract/css'
import { statusTones, vars, type StatusTone } from '@engage/ui'

export const logo = style({
  flexShrink: 0,
  borderRadius: vars.radius.full,
  border: 'thin solid',
})

export const logoSizes = styleVariants({
  small: { width: vars.space.xlarge, height: vars.space.xlarge },
  medium: { width: vars.space.xxlarge, height: vars.space.xxlarge },
})

export const logoTones = styleVariants(
  Object.fromEntries(
    statusTones.map((tone) => [
      tone,
      {
        backgroundColor: vars.color.tone[tone].background,
        borderColor: vars.color.tone[tone].border,
        color: vars.color.tone[tone].text,
      },
    ]),
  ) as Record<StatusTone, { backgroundColor: string; borderColor: string; color: string }>,
)

export const glyph = style({
  fill: 'currentColor',
  fontFamily: vars.typography.fontFamily.body,
  fontWeight: vars.typography.fontWeight.bold,
})
