import { style } from '@vanilla-extract/css'

export const textArea = style({ resize: 'vertical', minHeight: '96px' })
