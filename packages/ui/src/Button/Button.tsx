import {
  Button as AriaButton,
  composeRenderProps,
  type ButtonProps as AriaButtonProps,
} from 'react-aria-components'
import { Spinner } from '../Spinner'
import { button } from './Button.css'

export const buttonTones = ['primary', 'secondary', 'ghost', 'critical'] as const
export const buttonSizes = ['small', 'medium', 'large'] as const

export interface ButtonProps extends Omit<AriaButtonProps, 'className'> {
  /** Visual weight and meaning. @default 'primary' */
  tone?: (typeof buttonTones)[number]
  /** Height and padding. @default 'medium' */
  size?: (typeof buttonSizes)[number]
  /** Square padding for a button whose only child is an Icon (give it an `aria-label`). @default false */
  isIconOnly?: boolean
  /** Stretch to the width of the container. @default false */
  isFullWidth?: boolean
  /** Label the spinner announces while `isPending`. @default 'Pending' */
  pendingLabel?: string
  className?: string
}

/**
 * A button. While `isPending` it shows a spinner, ignores presses and keeps its label (and focus), so screen
 * readers still announce what it is.
 */
export function Button({
  tone = 'primary',
  size = 'medium',
  isIconOnly = false,
  isFullWidth = false,
  pendingLabel = 'Pending',
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={[button({ tone, size, isIconOnly, isFullWidth }), className].filter(Boolean).join(' ')}
    >
      {composeRenderProps(children, (content, { isPending }) => (
        <>
          {isPending ? <Spinner size="small" label={pendingLabel} /> : null}
          {content}
        </>
      ))}
    </AriaButton>
  )
}
