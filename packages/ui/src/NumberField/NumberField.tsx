import type { Ref } from 'react'
import {
  Button,
  Group,
  Input,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components'
import { FieldDescription, FieldErrorMessage, FieldLabel, type FieldTextProps } from '../Field'
import { field, groupButton, groupedInput, inputGroup } from '../Field/Field.css'
import { Icon } from '../Icon'
import { stepper } from './NumberField.css'

export interface NumberFieldProps
  extends Omit<AriaNumberFieldProps, 'children' | 'className'>, FieldTextProps {
  /** Hint inside the empty input. */
  placeholder?: string
  /** Show increment and decrement buttons. @default true */
  hasStepper?: boolean
  /** Ref to the input (react-hook-form focuses it). */
  inputRef?: Ref<HTMLInputElement>
  className?: string
}

/** A labelled number input with locale formatting, min/max/step, and optional stepper buttons. */
export function NumberField({
  label,
  description,
  errorMessage,
  placeholder,
  hasStepper = true,
  inputRef,
  className,
  ...props
}: NumberFieldProps) {
  return (
    <AriaNumberField {...props} className={[field, className].filter(Boolean).join(' ')}>
      <FieldLabel>{label}</FieldLabel>
      <Group className={inputGroup}>
        <Input ref={inputRef} className={groupedInput} placeholder={placeholder} />
        {hasStepper ? (
          <div className={stepper}>
            <Button slot="decrement" className={groupButton}>
              <Icon name="chevronDown" size="small" />
            </Button>
            <Button slot="increment" className={groupButton}>
              <Icon name="chevronUp" size="small" />
            </Button>
          </div>
        ) : null}
      </Group>
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorMessage>{errorMessage}</FieldErrorMessage>
    </AriaNumberField>
  )
}
