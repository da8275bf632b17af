import type { Sprinkles } from '../sprinkles.css'
import { Box, type BoxProps } from '../Box'

export const stackDirections = ['column', 'row'] as const
export const stackAlignments = ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'] as const
export const stackJustifications = [
  'stretch',
  'flex-start',
  'center',
  'flex-end',
  'space-between',
  'space-around',
] as const

export interface StackProps extends Omit<BoxProps, 'display' | 'flexDirection' | 'flexWrap'> {
  /** Main axis; responsive (`{ mobile: 'column', tablet: 'row' }`). @default 'column' */
  direction?: Sprinkles['flexDirection']
  /** Space between children. @default 'medium' */
  gap?: Sprinkles['gap']
  /** Whether children wrap onto new lines. @default false */
  wrap?: boolean
}

/** Lays children out in a row or column with token spacing. */
export function Stack({ direction = 'column', gap = 'medium', wrap = false, ...props }: StackProps) {
  return (
    <Box display="flex" flexDirection={direction} gap={gap} flexWrap={wrap ? 'wrap' : 'nowrap'} {...props} />
  )
}
