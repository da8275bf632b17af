import { ProgressBar, type ProgressBarProps } from 'react-aria-components'
import { spinner, spinnerCircle } from './Spinner.css'

export const spinnerSizes = ['small', 'medium', 'large'] as const

export interface SpinnerProps extends Omit<ProgressBarProps, 'isIndeterminate' | 'children' | 'className'> {
  /** Accessible name of the progress indicator. @default 'Loading' */
  label?: string
  /** Rendered size. @default 'medium' */
  size?: (typeof spinnerSizes)[number]
  className?: string
}

/** An indeterminate progress indicator (role progressbar) with an accessible name. */
export function Spinner({ label = 'Loading', size = 'medium', className, ...props }: SpinnerProps) {
  return (
    <ProgressBar
      aria-label={label}
      isIndeterminate
      {...props}
      className={[spinner({ size }), className].filter(Boolean).join(' ')}
    >
      <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
        <circle className={spinnerCircle} cx="12" cy="12" r="9" strokeWidth="3" />
      </svg>
    </ProgressBar>
  )
}
