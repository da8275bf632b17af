import type { ReactNode } from 'react'
import { Button, Form, Stack } from '@engage/ui'

export interface AdminFilterFormProps {
  /** The form's accessible name ('Filter payments'). */
  label: string
  /** @default 'Apply filters' */
  submitLabel?: string
  /** Called on submit (the button or Enter in a field), without a page load. */
  onApply: () => void
  /** The filter fields, laid out in a row from tablet width up. */
  children: ReactNode
}

/** The filter line above a console list: its fields in a row, then the button that applies them. */
export function AdminFilterForm({
  label,
  submitLabel = 'Apply filters',
  onApply,
  children,
}: AdminFilterFormProps) {
  return (
    <Form
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault()
        onApply()
      }}
    >
      <Stack
        direction={{ mobile: 'column', tablet: 'row' }}
        gap="medium"
        alignItems={{ tablet: 'flex-end' }}
        wrap
      >
        {children}
        <Button type="submit">{submitLabel}</Button>
      </Stack>
    </Form>
  )
}
