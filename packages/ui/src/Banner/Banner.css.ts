import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../tokens/vars.css'

function toneStyle(tone: 'success' | 'critical' | 'info') {
  return {
    backgroundColor: vars.color.tone[tone].background,
    color: vars.color.tone[tone].text,
    borderColor: vars.color.tone[tone].border,
  }
}

export const banner = recipe({
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.space.medium,
    padding: `${vars.space.medium} ${vars.space.large}`,
    border: '1px solid',
    borderLeftWidth: '4px',
    borderRadius: vars.radius.medium,
    fontSize: vars.typography.fontSize.medium,
  },
  variants: {
    tone: {
      success: toneStyle('success'),
      error: toneStyle('critical'),
      info: toneStyle('info'),
    },
  },
})

export const bannerContent = style({ flex: 1, minWidth: 0, paddingTop: '1px' })

export const bannerTitle = style({ fontWeight: vars.typography.fontWeight.bold })
