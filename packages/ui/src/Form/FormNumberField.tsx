import { useController, type FieldPath, type FieldValues } from 'react-hook-form'
import { NumberField, type NumberFieldProps } from '../NumberField'
import type { FormFieldProps } from './Form'

// A module apart from Form.tsx: a page whose forms have no such field (the dashboard's order form) does not
// load its widget.

/** A NumberField bound to react-hook-form; an empty input gives `undefined`. */
export function FormNumberField<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  rules,
  ...props
}: FormFieldProps<Values, Name> & Omit<NumberFieldProps, 'name' | 'value' | 'defaultValue' | 'isInvalid'>) {
  const { field, fieldState } = useController({ control, name, ...(rules ? { rules } : {}) })
  return (
    <NumberField
      {...props}
      name={field.name}
      value={typeof field.value === 'number' ? field.value : Number.NaN}
      onChange={(value) => field.onChange(Number.isNaN(value) ? undefined : value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      isDisabled={props.isDisabled ?? field.disabled}
      isInvalid={fieldState.invalid}
      errorMessage={fieldState.error?.message}
    />
  )
}
