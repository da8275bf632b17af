import { recipe } from '@vanilla-extract/recipes'
import type { StatusTone } from '../tokens/tones'
import { vars } from '../tokens/vars.css'

function toneStyle(tone: StatusTone) {
  return {
    backgroundColor: vars.color.tone[tone].background,
    color: vars.color.tone[tone].text,
    borderColor: vars.color.tone[tone].border,
  }
}

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xsmall,
    padding: `${vars.space.xxsmall} ${vars.space.small}`,
    border: '1px solid',
    borderRadius: vars.radius.full,
    fontSize: vars.typography.fontSize.xsmall,
    fontWeight: vars.typography.fontWeight.medium,
    lineHeight: vars.typography.lineHeight.normal,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      success: toneStyle('success'),
      warning: toneStyle('warning'),
      info: toneStyle('info'),
      critical: toneStyle('critical'),
      neutral: toneStyle('neutral'),
    },
  },
  defaultVariants: { tone: 'neutral' },
})
