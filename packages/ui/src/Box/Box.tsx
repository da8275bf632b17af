import { createElement, type HTMLAttributes, type Ref } from 'react'
import { sprinkles, type Sprinkles } from '../sprinkles.css'

export const boxElements = [
  'div',
  'span',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'ul',
  'ol',
  'li',
  'form',
] as const
export type BoxElement = (typeof boxElements)[number]

export interface BoxProps extends Sprinkles, Omit<HTMLAttributes<HTMLElement>, keyof Sprinkles> {
  /** The element to render. @default 'div' */
  as?: BoxElement
  ref?: Ref<HTMLElement>
}

/** Splits sprinkles props (token-backed styles) from the DOM props a Box passes through. */
export function splitSprinkleProps<Props extends object>(props: Props) {
  const sprinkleProps: Record<string, unknown> = {}
  const otherProps: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(props)) {
    if (sprinkles.properties.has(key as keyof Sprinkles)) sprinkleProps[key] = value
    else otherProps[key] = value
  }
  return { sprinkleProps: sprinkleProps as Sprinkles, otherProps: otherProps as Omit<Props, keyof Sprinkles> }
}

/** A layout element styled with sprinkles: `<Box padding="large" display={{ mobile: 'none', tablet: 'block' }}>`. */
export function Box({ as = 'div', className, ...props }: BoxProps) {
  const { sprinkleProps, otherProps } = splitSprinkleProps(props)
  const classNames = [sprinkles(sprinkleProps), className].filter(Boolean).join(' ')
  return createElement(as, { ...otherProps, className: classNames })
}
