import { style } from '@vanilla-extract/css'
import { vars } from '../tokens/vars.css'

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.large })
