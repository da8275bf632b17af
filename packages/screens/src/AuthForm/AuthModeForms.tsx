import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  SigninRequest,
  SignupRequest,
} from '@engage/contract'
import { AuthFormFields, type AuthFieldDefinition } from './AuthFormFields'

// One form per auth mode: its contract schema, its fields.

interface ModeFormProps<Values> {
  formId: string
  onValid: (values: Values) => Promise<void>
}

const emailField = { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' } as const

export function LoginForm({ formId, onValid }: ModeFormProps<SigninRequest>) {
  const form = useForm({ resolver: zodResolver(SigninRequest), defaultValues: { email: '', password: '' } })
  const fields: readonly AuthFieldDefinition<SigninRequest>[] = [
    emailField,
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
  ]
  return <AuthFormFields form={form} fields={fields} onValid={onValid} formId={formId} />
}

export function SignupForm({ formId, onValid }: ModeFormProps<SignupRequest>) {
  const form = useForm({ resolver: zodResolver(SignupRequest), defaultValues: { email: '', password: '' } })
  const fields: readonly AuthFieldDefinition<SignupRequest>[] = [
    emailField,
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  ]
  return <AuthFormFields form={form} fields={fields} onValid={onValid} formId={formId} />
}

export function ForgotForm({ formId, onValid }: ModeFormProps<ForgotPasswordRequest>) {
  const form = useForm({ resolver: zodResolver(ForgotPasswordRequest), defaultValues: { email: '' } })
  return <AuthFormFields form={form} fields={[emailField]} onValid={onValid} formId={formId} />
}

export function ResetForm({
  token,
  formId,
  onValid,
}: ModeFormProps<ResetPasswordRequest> & { token: string }) {
  // The token travels with the form values (the schema checks it) but has no input of its own.
  const form = useForm({
    resolver: zodResolver(ResetPasswordRequest),
    defaultValues: { token, password: '', confirmPassword: '' },
  })
  const fields: readonly AuthFieldDefinition<ResetPasswordRequest>[] = [
    { name: 'password', label: 'New Password', type: 'password', autoComplete: 'new-password' },
    { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
  ]
  return <AuthFormFields form={form} fields={fields} onValid={onValid} formId={formId} />
}

export function ChangeForm({ formId, onValid }: ModeFormProps<ChangePasswordRequest>) {
  const form = useForm({
    resolver: zodResolver(ChangePasswordRequest),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })
  const fields: readonly AuthFieldDefinition<ChangePasswordRequest>[] = [
    {
      name: 'currentPassword',
      label: 'Current Password',
      type: 'password',
      autoComplete: 'current-password',
    },
    { name: 'newPassword', label: 'New Password', type: 'password', autoComplete: 'new-password' },
    { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
  ]
  return <AuthFormFields form={form} fields={fields} onValid={onValid} formId={formId} />
}
