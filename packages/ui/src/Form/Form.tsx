import { useRef, type FormEvent } from 'react'
import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components'
import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form'
import { Select, type SelectProps } from '../Select'
import { TextField, type TextFieldProps } from '../TextField'
import { form } from './Form.css'

export interface FormProps extends Omit<AriaFormProps, 'className' | 'onSubmit'> {
  /** Usually react-hook-form's `handleSubmit(onValid)`; awaited before focus moves to the first invalid field. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => unknown
  className?: string
}

/**
 * A form whose fields report errors through ARIA (no native browser bubbles). After each submit, focus moves to
 * the first invalid field in reading order, so keyboard and screen-reader users land on the message.
 */
export function Form({ onSubmit, className, ...props }: FormProps) {
  const formRef = useRef<HTMLFormElement>(null)
  return (
    <AriaForm
      validationBehavior="aria"
      {...props}
      ref={formRef}
      className={[form, className].filter(Boolean).join(' ')}
      onSubmit={async (event) => {
        if (!onSubmit) event.preventDefault()
        await onSubmit?.(event)
        // Errors render after react-hook-form's state update; React commits it in a task queued before this one.
        setTimeout(() => focusFirstInvalidField(formRef.current), 0)
      }}
    />
  )
}

/** Focuses the first focusable control inside the first field marked invalid, unless focus is already in one. */
export function focusFirstInvalidField(container: HTMLElement | null): void {
  if (!container) return
  const invalidFields = [...container.querySelectorAll<HTMLElement>('[data-invalid]')]
  const active = container.ownerDocument.activeElement
  if (invalidFields.some((invalidField) => invalidField.contains(active))) return
  for (const invalidField of invalidFields) {
    const control = [
      ...invalidField.querySelectorAll<HTMLElement>(
        'input, select, textarea, button, [role="spinbutton"], [tabindex]',
      ),
    ].find(
      (element) =>
        element.tabIndex >= 0 &&
        !element.hasAttribute('disabled') &&
        !element.closest('[aria-hidden="true"]'),
    )
    if (control) {
      control.focus()
      return
    }
  }
}

/** The props every react-hook-form field adds: the form's `control`, the field `name` and optional `rules`. */
export interface FormFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> {
  control: Control<Values>
  name: Name
  rules?: UseControllerProps<Values, Name>['rules']
}

/** A TextField bound to react-hook-form: value, blur, ref and the field's error message. */
export function FormTextField<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  rules,
  ...props
}: FormFieldProps<Values, Name> & Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'isInvalid'>) {
  const { field, fieldState } = useController({ control, name, ...(rules ? { rules } : {}) })
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      isDisabled={props.isDisabled ?? field.disabled}
      isInvalid={fieldState.invalid}
      errorMessage={fieldState.error?.message}
    />
  )
}

/** A Select bound to react-hook-form; the value is the chosen option's id (or null). */
export function FormSelect<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  rules,
  ...props
}: FormFieldProps<Values, Name> & Omit<SelectProps, 'name' | 'value' | 'defaultValue' | 'isInvalid'>) {
  const { field, fieldState } = useController({ control, name, ...(rules ? { rules } : {}) })
  return (
    <Select
      {...props}
      name={field.name}
      value={field.value ?? null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      triggerRef={field.ref}
      isDisabled={props.isDisabled ?? field.disabled}
      isInvalid={fieldState.invalid}
      errorMessage={fieldState.error?.message}
    />
  )
}
