import { style } from '@vanilla-extract/css'

export const stepper = style({ display: 'flex', alignSelf: 'stretch' })
