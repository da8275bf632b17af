import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const controls = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))',
  alignItems: 'end',
  gap: vars.space.small,
})

export const serviceName = style({ fontWeight: vars.typography.fontWeight.bold })

export const serviceDescription = style({
  color: vars.color.textMuted,
  fontSize: vars.typography.fontSize.small,
  maxWidth: '28rem',
})

export const nowrap = style({ whiteSpace: 'nowrap' })
