import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form'
import { Box, TextField } from '@engage/ui'

/** One input of an auth mode's form. */
export interface AuthFieldDefinition<Values extends FieldValues> {
  name: Path<Values>
  label: string
  type: 'email' | 'password'
  autoComplete: 'email' | 'current-password' | 'new-password'
}

export interface AuthFormFieldsProps<Values extends FieldValues, Output> {
  form: UseFormReturn<Values, unknown, Output>
  fields: readonly AuthFieldDefinition<Values>[]
  /** Called with the parsed values once the contract schema accepts them. */
  onValid: (values: Output) => void
  /** The form's id: the submit button sits outside the form (it outlives mode changes) and points here. */
  formId: string
}

/** The inputs of one auth mode, validated by its contract schema, each with its message beside it. */
export function AuthFormFields<Values extends FieldValues, Output>({
  form,
  fields,
  onValid,
  formId,
}: AuthFormFieldsProps<Values, Output>) {
  return (
    // noValidate: the contract schema's messages are shown by each field instead of the browser's bubbles.
    <form id={formId} noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <Box display="flex" flexDirection="column" gap="large">
        {fields.map((definition) => (
          <Controller
            key={definition.name}
            control={form.control}
            name={definition.name}
            render={({ field, fieldState }) => (
              <TextField
                label={definition.label}
                type={definition.type}
                autoComplete={definition.autoComplete}
                name={field.name}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                isRequired
                isInvalid={fieldState.invalid}
                errorMessage={fieldState.error?.message}
                validationBehavior="aria"
              />
            )}
          />
        ))}
      </Box>
    </form>
  )
}
