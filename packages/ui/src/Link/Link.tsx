import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components'
import type { buttonSizes } from '../Button'
import { button } from '../Button/Button.css'
import { link } from './Link.css'

export const linkVariants = ['inline', 'standalone', 'button'] as const

export interface LinkProps extends Omit<AriaLinkProps, 'className'> {
  /** `inline` sits in running text (underlined), `standalone` stands alone, `button` looks like a primary Button. @default 'inline' */
  variant?: (typeof linkVariants)[number]
  /** Size of a `button` link. @default 'medium' */
  size?: (typeof buttonSizes)[number]
  className?: string
}

/**
 * A link. Router-agnostic: with `href` it navigates through the nearest RAC `RouterProvider` (the panel wires
 * react-router there) or the browser; with only `onPress` it acts as a link-styled action.
 */
export function Link({ variant = 'inline', size = 'medium', className, ...props }: LinkProps) {
  const style = variant === 'button' ? button({ tone: 'primary', size }) : link({ variant })
  return <AriaLink {...props} className={[style, className].filter(Boolean).join(' ')} />
}
