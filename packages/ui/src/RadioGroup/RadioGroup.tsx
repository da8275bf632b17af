import type { ReactNode } from 'react'
import {
  Radio as AriaRadio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  type RadioProps as AriaRadioProps,
} from 'react-aria-components'
import { FieldDescription, FieldErrorMessage, FieldLabel, type FieldTextProps } from '../Field'
import { field } from '../Field/Field.css'
import { radio, radioCircle, radioList } from './RadioGroup.css'

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children' | 'className'>, FieldTextProps {
  /** The Radio options. */
  children: ReactNode
  className?: string
}

/** A labelled group of radio buttons; arrow keys move the choice. */
export function RadioGroup({
  label,
  description,
  errorMessage,
  children,
  className,
  ...props
}: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props} className={[field, className].filter(Boolean).join(' ')}>
      <FieldLabel>{label}</FieldLabel>
      <div className={radioList}>{children}</div>
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorMessage>{errorMessage}</FieldErrorMessage>
    </AriaRadioGroup>
  )
}

export interface RadioProps extends Omit<AriaRadioProps, 'children' | 'className'> {
  /** The visible label. */
  children: ReactNode
  className?: string
}

/** One option of a RadioGroup. */
export function Radio({ children, className, ...props }: RadioProps) {
  return (
    <AriaRadio {...props} className={[radio, className].filter(Boolean).join(' ')}>
      <span className={radioCircle} aria-hidden="true" />
      {children}
    </AriaRadio>
  )
}
