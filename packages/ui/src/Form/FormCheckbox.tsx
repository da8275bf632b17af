import { useController, type FieldPath, type FieldValues } from 'react-hook-form'
import { Checkbox, type CheckboxProps } from '../Checkbox'
import type { FormFieldProps } from './Form'

// A module apart from Form.tsx: a page whose forms have no such field (the dashboard's order form) does not
// load its widget.

/** A Checkbox bound to a boolean react-hook-form field. */
export function FormCheckbox<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  rules,
  ...props
}: FormFieldProps<Values, Name> &
  Omit<CheckboxProps, 'name' | 'isSelected' | 'defaultSelected' | 'isInvalid'>) {
  const { field, fieldState } = useController({ control, name, ...(rules ? { rules } : {}) })
  return (
    <Checkbox
      {...props}
      name={field.name}
      isSelected={Boolean(field.value)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      isDisabled={props.isDisabled ?? field.disabled}
      isInvalid={fieldState.invalid}
    />
  )
}
