import type { ReactNode } from 'react'
import { Button, Spinner, Stack, type ButtonProps } from '@engage/ui'
import { AdminErrorBanner } from './AdminErrorBanner'

/** The buttons at the foot of a console dialog: Cancel first, the action last, at the end of the line. */
export function AdminDialogActions({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" gap="small" justifyContent="flex-end" alignItems="center" wrap>
      {children}
    </Stack>
  )
}

export interface AdminFormFooterProps {
  /** The failure to show above the buttons (one not tied to a field); null or undefined shows none. */
  failure?: unknown
  /** The failure banner's title ('Failed to save the service'). */
  failureTitle: string
  /** While the mutation runs: the spinner shows and the submit button is disabled. */
  isPending: boolean
  /** The spinner's name ('Saving the service'). */
  pendingLabel: string
  /** The submit button's text ('Save service'). */
  submitLabel: ReactNode
  submitTone?: ButtonProps['tone']
  /** @default 'Cancel' */
  cancelLabel?: string
  onCancel: () => void
}

/** The foot of a console form dialog: its failure, Cancel, the spinner while it saves, and its submit button. */
export function AdminFormFooter({
  failure,
  failureTitle,
  isPending,
  pendingLabel,
  submitLabel,
  submitTone,
  cancelLabel = 'Cancel',
  onCancel,
}: AdminFormFooterProps) {
  return (
    <>
      {failure == null ? null : <AdminErrorBanner title={failureTitle} error={failure} />}
      <AdminDialogActions>
        <Button tone="secondary" onPress={onCancel}>
          {cancelLabel}
        </Button>
        {isPending ? <Spinner size="small" label={pendingLabel} /> : null}
        <Button type="submit" tone={submitTone} isDisabled={isPending}>
          {submitLabel}
        </Button>
      </AdminDialogActions>
    </>
  )
}
