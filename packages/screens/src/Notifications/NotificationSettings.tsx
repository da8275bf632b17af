import { useId, useState, type FormEvent } from 'react'
import { NOTIFICATION_KINDS, NotificationPreferences, type NotificationKind } from '@engage/contract'
import { isApiError, useNotificationPreferences, useUpdateNotificationPreferences } from '@engage/client'
import { Banner, Button, Heading, Spinner, Stack, Switch, Text, TextField } from '@engage/ui'

export const FAILED_TO_LOAD_NOTIFICATION_SETTINGS = 'Failed to load your notification settings'
export const LOW_BALANCE_SAVED = 'Low balance alert saved'
export const LOW_BALANCE_OFF = 'Low balance alert turned off'

/** The label of each kind's e-mail switch. */
export const notificationKindLabels: Readonly<Record<NotificationKind, string>> = {
  order_completed: 'An order is completed',
  order_partial: 'An order is partly delivered and refunded',
  order_cancelled: 'An order is cancelled and refunded',
  deposit_credited: 'A deposit is credited',
  low_balance: 'My balance falls below my alert',
  ticket_reply: 'Support replies to my ticket',
}

/** The field's message for `text` ('' turns the alert off), or null when it can be saved. */
function thresholdError(text: string): string | null {
  if (text.trim() === '') return null
  const parsed = NotificationPreferences.shape.lowBalanceThreshold.safeParse(Number(text))
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null)
}

function ThresholdForm({ saved }: { saved: number | null }) {
  const update = useUpdateNotificationPreferences()
  const [text, setText] = useState(saved === null ? '' : String(saved))
  const [touched, setTouched] = useState(false)
  const serverError =
    update.isError && isApiError(update.error) && update.error.field === 'lowBalanceThreshold'
      ? update.error.detail.replace(/^lowBalanceThreshold: /, '')
      : null
  const error = (touched ? thresholdError(text) : null) ?? serverError
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setTouched(true)
    if (thresholdError(text) !== null) return
    update.mutate({ lowBalanceThreshold: text.trim() === '' ? null : Number(text) })
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="small" alignItems="flex-start">
        <TextField
          label="Alert me when my balance falls below (USD)"
          description="Told once each time an order or charge takes the balance below it. Leave empty for no alert."
          inputMode="decimal"
          value={text}
          onChange={(value) => {
            setText(value)
            update.reset()
          }}
          isInvalid={error !== null}
          errorMessage={error}
        />
        <Button type="submit" tone="secondary" isPending={update.isPending}>
          Save alert
        </Button>
        {update.isSuccess ? (
          <Text role="status">
            {update.data.lowBalanceThreshold === null ? LOW_BALANCE_OFF : LOW_BALANCE_SAVED}
          </Text>
        ) : null}
        {update.isError && serverError === null ? (
          <Banner tone="error">{isApiError(update.error) ? update.error.detail : 'Failed to save'}</Banner>
        ) : null}
      </Stack>
    </form>
  )
}

/**
 * Settings' Notifications tab: which notifications are also e-mailed (every one shows under the bell), and the
 * low balance alert. A switch saves at once.
 */
export function NotificationSettings() {
  const preferences = useNotificationPreferences()
  const update = useUpdateNotificationPreferences()
  const emailHeadingId = useId()
  const alertHeadingId = useId()
  if (preferences.isPending) return <Spinner label="Loading notification settings" />
  if (preferences.isError) return <Banner tone="error">{FAILED_TO_LOAD_NOTIFICATION_SETTINGS}</Banner>
  const email = preferences.data.email
  return (
    <Stack gap="xlarge">
      <Stack as="section" gap="medium" aria-labelledby={emailHeadingId}>
        <Stack gap="xxsmall">
          <Heading level={2} size="small" id={emailHeadingId}>
            E-mail me when
          </Heading>
          <Text tone="muted">Every notification shows under the bell; these also come by e-mail.</Text>
        </Stack>
        <Stack gap="small">
          {NOTIFICATION_KINDS.map((kind) => (
            <Switch
              key={kind}
              isSelected={email[kind]}
              isDisabled={update.isPending}
              onChange={(on) => update.mutate({ email: { [kind]: on } })}
            >
              {notificationKindLabels[kind]}
            </Switch>
          ))}
        </Stack>
        {update.isError ? (
          <Banner tone="error">{isApiError(update.error) ? update.error.detail : 'Failed to save'}</Banner>
        ) : null}
      </Stack>
      <Stack as="section" gap="medium" aria-labelledby={alertHeadingId}>
        <Heading level={2} size="small" id={alertHeadingId}>
          Low balance alert
        </Heading>
        <ThresholdForm saved={preferences.data.lowBalanceThreshold} />
      </Stack>
    </Stack>
  )
}
