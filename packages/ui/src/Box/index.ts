export { Box, boxElements, splitSprinkleProps, type BoxElement, type BoxProps } from './Box'
