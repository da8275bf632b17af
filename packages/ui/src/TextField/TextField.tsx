import type { Ref } from 'react'
import {
  Input,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components'
import { FieldDescription, FieldErrorMessage, FieldLabel, type FieldTextProps } from '../Field'
import { field, input } from '../Field/Field.css'
import { textArea } from './TextField.css'

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children' | 'className'>, FieldTextProps {
  /** Hint inside the empty input. */
  placeholder?: string
  /** Render a multi-line text area instead of a single-line input. @default false */
  isMultiline?: boolean
  /** Visible lines of a multi-line field. @default 4 */
  rows?: number
  /** Ref to the input or text area (react-hook-form focuses it). */
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>
  className?: string
}

/** A labelled text input (or text area) with description and error message. */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  isMultiline = false,
  rows = 4,
  inputRef,
  className,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField {...props} className={[field, className].filter(Boolean).join(' ')}>
      <FieldLabel>{label}</FieldLabel>
      {isMultiline ? (
        <TextArea ref={inputRef} className={`${input} ${textArea}`} placeholder={placeholder} rows={rows} />
      ) : (
        <Input ref={inputRef} className={input} placeholder={placeholder} />
      )}
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorMessage>{errorMessage}</FieldErrorMessage>
    </AriaTextField>
  )
}
