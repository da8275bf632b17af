export { Text, textSizes, textTones, textWeights, type TextProps } from './Text'
