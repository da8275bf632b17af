import { useController, type FieldPath, type FieldValues } from 'react-hook-form'
import { DatePicker, type DatePickerProps } from '../DatePicker'
import type { FormFieldProps } from './Form'

// A module apart from Form.tsx: a page whose forms have no such field (the dashboard's order form) does not
// load its widget.

/** A DatePicker bound to react-hook-form; the value is a CalendarDateTime / ZonedDateTime (or null). */
export function FormDatePicker<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  rules,
  ...props
}: FormFieldProps<Values, Name> & Omit<DatePickerProps, 'name' | 'value' | 'defaultValue' | 'isInvalid'>) {
  const { field, fieldState } = useController({ control, name, ...(rules ? { rules } : {}) })
  return (
    <DatePicker
      {...props}
      name={field.name}
      value={field.value ?? null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      isDisabled={props.isDisabled ?? field.disabled}
      isInvalid={fieldState.invalid}
      errorMessage={fieldState.error?.message}
    />
  )
}
