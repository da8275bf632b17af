import type { ReactNode } from 'react'
import { FieldError, Label, Text } from 'react-aria-components'
import {
  description as descriptionStyle,
  errorMessage as errorMessageStyle,
  label as labelStyle,
} from './Field.css'

/** The props every form field adds to its react-aria-components props. */
export interface FieldTextProps {
  /** Visible label, linked to the control. */
  label?: ReactNode
  /** Help text under the control, linked with aria-describedby. */
  description?: ReactNode
  /** Shown (and announced) when the field is invalid. */
  errorMessage?: ReactNode
}

/** Label, description and error message of a field, wired to the surrounding RAC field by context. */
export function FieldLabel({ children }: { children?: ReactNode }) {
  return children == null ? null : <Label className={labelStyle}>{children}</Label>
}

export function FieldDescription({ children }: { children?: ReactNode }) {
  return children == null ? null : (
    <Text slot="description" className={descriptionStyle}>
      {children}
    </Text>
  )
}

export function FieldErrorMessage({ children }: { children?: ReactNode }) {
  return <FieldError className={errorMessageStyle}>{children}</FieldError>
}
