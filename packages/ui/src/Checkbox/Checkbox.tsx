import type { ReactNode } from 'react'
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components'
import { Icon } from '../Icon'
import { checkbox, checkboxBox, checkboxDescription } from './Checkbox.css'

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children' | 'className'> {
  /** The visible label. */
  children: ReactNode
  /** Help text under the label. */
  description?: ReactNode
  className?: string
}

/** A checkbox with its label; Space toggles it. */
export function Checkbox({ children, description, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={[checkbox, className].filter(Boolean).join(' ')}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className={checkboxBox} aria-hidden="true">
            {isIndeterminate ? (
              <Icon name="minus" size="small" />
            ) : isSelected ? (
              <Icon name="check" size="small" />
            ) : null}
          </span>
          <span>
            {children}
            {description == null ? null : <span className={checkboxDescription}>{description}</span>}
          </span>
        </>
      )}
    </AriaCheckbox>
  )
}
