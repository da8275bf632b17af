import { useId, useState } from 'react'
import { TWO_FACTOR_CODE_REQUIRED, type TwoFactorSetupResponse } from '@engage/contract'
import {
  isApiError,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '@engage/client'
import { Banner, Button, Heading, Spinner, Stack, Text, TextField } from '@engage/ui'
import { RecoveryCodesList } from './RecoveryCodesList'
import { qrImage, secretText } from './SecuritySettings.css'

export const TWO_FACTOR_TITLE = 'Two-factor sign-in'
export const TWO_FACTOR_INTRO =
  'Sign in with a code from an authenticator app (such as Google Authenticator, 1Password or Aegis) as well as your password.'
export const TURN_ON_TWO_FACTOR = 'Turn on two-factor sign-in'
export const TURN_OFF_TWO_FACTOR = 'Turn off two-factor sign-in'
export const CONFIRM_TWO_FACTOR = 'Confirm and turn on'
export const TWO_FACTOR_REQUIRED_NOTICE =
  'Operators must use two-factor sign-in: set it up to open the console.'
export const FAILED_TO_LOAD_TWO_FACTOR = 'Failed to load your two-factor sign-in settings'
export const SCAN_INSTRUCTIONS =
  'Scan the QR code with your authenticator app, or enter the secret by hand. Then type the 6-digit code it shows.'

function errorText(error: unknown): string {
  return isApiError(error) ? error.detail : 'Something went wrong. Please try again.'
}

function recoveryCodesLeftText(count: number): string {
  return count === 1 ? '1 recovery code left.' : `${count} recovery codes left.`
}

/** The enrolment's second step: the QR code, the secret as text, and the field for the first code. */
function ConfirmStep({
  setup,
  onCancel,
  onDone,
}: {
  setup: TwoFactorSetupResponse
  onCancel: () => void
  onDone: () => void
}) {
  const confirm = useConfirmTwoFactor()
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const secretId = useId()
  if (confirm.data) return <RecoveryCodesList codes={confirm.data.recoveryCodes} onDone={onDone} />
  const submit = () => {
    if (code.trim() === '') {
      setProblem(TWO_FACTOR_CODE_REQUIRED)
      return
    }
    setProblem(null)
    confirm.mutate({ code }, { onError: (error) => setProblem(errorText(error)) })
  }
  return (
    <Stack gap="medium">
      <Text>{SCAN_INSTRUCTIONS}</Text>
      <img
        className={qrImage}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code for your authenticator app"
        width={192}
        height={192}
      />
      <Stack gap="xsmall">
        <Text id={secretId} size="small" tone="muted">
          Secret
        </Text>
        <code className={secretText} aria-labelledby={secretId}>
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
        <Text size="small" tone="muted">
          Address: <code className={secretText}>{setup.uri}</code>
        </Text>
      </Stack>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <Stack gap="medium">
          <TextField
            label="Code from your app"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={setCode}
            isRequired
            isInvalid={problem !== null}
            errorMessage={problem ?? undefined}
            validationBehavior="aria"
          />
          <Stack direction="row" gap="small" wrap>
            <Button type="submit" isPending={confirm.isPending}>
              {CONFIRM_TWO_FACTOR}
            </Button>
            <Button tone="secondary" onPress={onCancel}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      </form>
    </Stack>
  )
}

/** Turning it off: the password (when the account has one) and a code. */
function DisableForm() {
  const disable = useDisableTwoFactor()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setProblem(null)
        disable.mutate(
          { password: password === '' ? undefined : password, code },
          { onError: (error) => setProblem(errorText(error)) },
        )
      }}
    >
      <Stack gap="medium">
        <Text tone="muted">To turn it off, confirm with your password and a code.</Text>
        {problem ? <Banner tone="error">{problem}</Banner> : null}
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <TextField
          label="Code from your app or a recovery code"
          name="code"
          autoComplete="one-time-code"
          value={code}
          onChange={setCode}
          isRequired
        />
        <Button type="submit" tone="critical" isPending={disable.isPending}>
          {TURN_OFF_TWO_FACTOR}
        </Button>
      </Stack>
    </form>
  )
}

/** Settings' two-factor section: off (turn on), the set-up (QR code, secret, first code, recovery codes), on (turn off). */
export interface TwoFactorSettingsProps {
  /** Called once the new recovery codes were put away (the console opens then). */
  onEnabled?: () => void
}

export function TwoFactorSettings({ onEnabled }: TwoFactorSettingsProps = {}) {
  const status = useTwoFactorStatus()
  const start = useStartTwoFactor()
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null)
  const headingId = useId()

  let body
  if (status.isPending) body = <Spinner label="Loading two-factor sign-in" />
  else if (status.isError) body = <Banner tone="error">{FAILED_TO_LOAD_TWO_FACTOR}</Banner>
  else if (setup !== null)
    body = (
      <ConfirmStep
        setup={setup}
        onCancel={() => setSetup(null)}
        onDone={() => {
          setSetup(null)
          onEnabled?.()
        }}
      />
    )
  else if (status.data.enabled) {
    body = (
      <Stack gap="medium">
        <Banner tone="success">
          Two-factor sign-in is on. {recoveryCodesLeftText(status.data.recoveryCodesLeft)}
        </Banner>
        <DisableForm />
      </Stack>
    )
  } else {
    body = (
      <Stack gap="medium">
        {status.data.required ? <Banner tone="info">{TWO_FACTOR_REQUIRED_NOTICE}</Banner> : null}
        <Text tone="muted">Two-factor sign-in is off.</Text>
        {start.isError ? <Banner tone="error">{errorText(start.error)}</Banner> : null}
        <div>
          <Button
            isPending={start.isPending}
            onPress={() => start.mutate(undefined, { onSuccess: setSetup })}
          >
            {TURN_ON_TWO_FACTOR}
          </Button>
        </div>
      </Stack>
    )
  }

  return (
    <Stack as="section" gap="medium" aria-labelledby={headingId}>
      <Heading level={2} size="small" id={headingId}>
        {TWO_FACTOR_TITLE}
      </Heading>
      <Text tone="muted">{TWO_FACTOR_INTRO}</Text>
      {body}
    </Stack>
  )
}
