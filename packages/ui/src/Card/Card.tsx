import { Box, type BoxProps } from '../Box'
import { card } from './Card.css'

export const cardElevations = ['flat', 'raised'] as const

export interface CardProps extends BoxProps {
  /** Flat cards sit on the page; raised cards cast a shadow. @default 'flat' */
  elevation?: (typeof cardElevations)[number]
}

/** A surface that groups related content (padding 'large' unless given). */
export function Card({ elevation = 'flat', padding = 'large', className, ...props }: CardProps) {
  return (
    <Box
      padding={padding}
      {...props}
      className={[card({ elevation }), className].filter(Boolean).join(' ')}
    />
  )
}
