import { Heading as AriaHeading, type HeadingProps as AriaHeadingProps } from 'react-aria-components'
import { heading } from './Heading.css'

export const headingLevels = [1, 2, 3, 4, 5, 6] as const
export const headingSizes = ['small', 'medium', 'large', 'xlarge'] as const

export interface HeadingProps extends Omit<AriaHeadingProps, 'className' | 'level'> {
  /** Document outline level (h1…h6). @default 2 */
  level?: (typeof headingLevels)[number]
  /** Visual size, independent of level. @default 'xlarge' for h1, 'large' for h2, 'medium' below */
  size?: (typeof headingSizes)[number]
  className?: string
}

/** A heading; inside a Dialog it becomes the dialog's title. */
export function Heading({ level = 2, size, className, ...props }: HeadingProps) {
  const visualSize = size ?? (level === 1 ? 'xlarge' : level === 2 ? 'large' : 'medium')
  return (
    <AriaHeading
      level={level}
      {...props}
      className={[heading({ size: visualSize }), className].filter(Boolean).join(' ')}
    />
  )
}
