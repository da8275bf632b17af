import { VisuallyHidden as AriaVisuallyHidden, type VisuallyHiddenProps } from 'react-aria-components'

export type { VisuallyHiddenProps }

/** Content for assistive technology only (hidden visually, still read and focusable with `isFocusable`). */
export function VisuallyHidden(props: VisuallyHiddenProps) {
  return <AriaVisuallyHidden {...props} />
}
