import { useState } from 'react'
import { BACK_TO_LOGIN, GENERIC_ERROR, TWO_FACTOR_CODE_REQUIRED } from '@engage/contract'
import { isApiError, useSigninTwoFactor } from '@engage/client'
import { Banner, Button, Heading, Link, Stack, Text, TextField } from '@engage/ui'

export const TWO_FACTOR_STEP_TITLE = 'Two-factor sign-in'
export const TWO_FACTOR_STEP_TEXT =
  'Enter the 6-digit code from your authenticator app, or one of your recovery codes.'
export const VERIFY_CODE = 'Verify'

/** A password or Google step that asked for the second factor. */
export interface PendingTwoFactor {
  challenge: string
  newUser: boolean
  via: 'password' | 'google'
}

export interface TwoFactorStepProps {
  pending: PendingTwoFactor
  onAuthenticated: (session: { token: string; sessionId: string }) => void
  /** Back to the login form (a new password step starts a new challenge). */
  onCancel: () => void
}

/** The sign-in's code step: an authenticator code or a recovery code for the challenge of the first step. */
export function TwoFactorStep({ pending, onAuthenticated, onCancel }: TwoFactorStepProps) {
  const signin = useSigninTwoFactor()
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <Stack gap="large">
      <Heading level={1} size="large">
        {TWO_FACTOR_STEP_TITLE}
      </Heading>
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      <Text tone="muted">{TWO_FACTOR_STEP_TEXT}</Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (code.trim() === '') {
            setProblem(TWO_FACTOR_CODE_REQUIRED)
            return
          }
          setProblem(null)
          signin.mutate(
            { challenge: pending.challenge, code },
            {
              onSuccess: onAuthenticated,
              onError: (error) => setProblem(isApiError(error) ? error.detail : GENERIC_ERROR),
            },
          )
        }}
      >
        <Stack gap="large">
          <TextField
            label="Authentication code"
            name="code"
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
            isRequired
            isInvalid={problem !== null}
            validationBehavior="aria"
          />
          <Button type="submit" isFullWidth size="large" isPending={signin.isPending}>
            {VERIFY_CODE}
          </Button>
        </Stack>
      </form>
      <Stack alignItems="center">
        <Link onPress={onCancel}>{BACK_TO_LOGIN}</Link>
      </Stack>
    </Stack>
  )
}
