import { Text as AriaText, type TextProps as AriaTextProps } from 'react-aria-components'
import { text } from './Text.css'

export const textSizes = ['xsmall', 'small', 'medium', 'large'] as const
export const textTones = ['default', 'muted', 'critical'] as const
export const textWeights = ['regular', 'medium', 'bold'] as const

export interface TextProps extends Omit<AriaTextProps, 'className'> {
  /** Font size. @default 'medium' */
  size?: (typeof textSizes)[number]
  /** Colour role. @default 'default' */
  tone?: (typeof textTones)[number]
  /** Font weight. @default 'regular' */
  weight?: (typeof textWeights)[number]
  className?: string
}

/** Body text; `elementType` picks the element (`p`, `span`…). Renders a `span` by default. */
export function Text({
  size = 'medium',
  tone = 'default',
  weight = 'regular',
  className,
  ...props
}: TextProps) {
  return (
    <AriaText {...props} className={[text({ size, tone, weight }), className].filter(Boolean).join(' ')} />
  )
}
