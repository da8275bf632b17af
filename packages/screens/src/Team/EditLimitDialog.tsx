import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { formatUsd, SPEND_LIMIT_INVALID, type WorkspaceMember } from '@engage/contract'
import { isApiError, useUpdateMember } from '@engage/client'
import { Banner, Button, Dialog, Form, FormCheckbox, FormNumberField, Spinner, Stack, Text } from '@engage/ui'
import { dialogActions } from './Team.css'

export const NO_LIMIT = 'No limit'
export const EDIT_LIMIT = 'Edit limit'
export const LIMIT_AMOUNT_LABEL = 'Monthly spend limit (USD)'
export const LIMIT_REQUIRED = 'Enter an amount in USD, or choose No limit'
export const SAVE_LIMIT = 'Save limit'
export const FAILED_TO_SAVE_LIMIT = 'The limit was not saved'

/** 'Monthly limit of ria@example.com' */
export function editLimitTitle(email: string): string {
  return `Monthly limit of ${email}`
}

/** 'Monthly limit of ria@example.com: $75.00' (or 'No limit'). */
export function limitSavedMessage(member: Pick<WorkspaceMember, 'email' | 'monthly_limit'>): string {
  const limit = member.monthly_limit === null ? NO_LIMIT : formatUsd(member.monthly_limit)
  return `${editLimitTitle(member.email)}: ${limit}`
}

interface LimitInput {
  no_limit: boolean
  amount?: number
}

export interface EditLimitDialogProps {
  /** The member whose limit is edited; null closes the dialog. */
  member: WorkspaceMember | null
  onClose: () => void
  /** Called with the member as the server saved them. */
  onSaved: (member: WorkspaceMember) => void
}

/**
 * Changes a member's monthly spend limit: an amount in USD, or no limit. What the member already spent this
 * month stays counted; a limit below it stops their next order, not the ones placed.
 */
export function EditLimitDialog({ member, onClose, onSaved }: EditLimitDialogProps) {
  return (
    <Dialog
      title={member === null ? EDIT_LIMIT : editLimitTitle(member.email)}
      size="small"
      isOpen={member !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      {(close) =>
        // The form lives in the dialog's content, so it starts from the member's limit at each opening.
        member === null ? null : (
          <EditLimitForm
            member={member}
            onCancel={close}
            onSaved={(saved) => {
              close()
              onSaved(saved)
            }}
          />
        )
      }
    </Dialog>
  )
}

function EditLimitForm({
  member,
  onCancel,
  onSaved,
}: {
  member: WorkspaceMember
  onCancel: () => void
  onSaved: (member: WorkspaceMember) => void
}) {
  const update = useUpdateMember()
  const form = useForm<LimitInput>({
    defaultValues:
      member.monthly_limit === null ? { no_limit: true } : { no_limit: false, amount: member.monthly_limit },
  })
  const noLimit = form.watch('no_limit')
  const { clearErrors } = form
  // No limit asks for no amount: a message about the amount no longer applies.
  useEffect(() => {
    if (noLimit) clearErrors('amount')
  }, [noLimit, clearErrors])

  const submit = async (values: LimitInput) => {
    try {
      const monthlyLimit = values.no_limit ? null : (values.amount ?? null)
      onSaved(await update.mutateAsync({ id: member.id, body: { monthly_limit: monthlyLimit } }))
    } catch (error) {
      if (isApiError(error) && error.field === 'monthly_limit' && error.fieldMessage) {
        form.setError('amount', { message: error.fieldMessage })
      }
    }
  }

  const failure = update.isError && !(isApiError(update.error) && update.error.field === 'monthly_limit')
  return (
    <Form aria-label={editLimitTitle(member.email)} onSubmit={form.handleSubmit(submit)}>
      <Stack gap="medium">
        <Text tone="muted">
          {`Spent this month: ${formatUsd(member.spent_this_month)}. A limit below it stops their next order, not those already placed.`}
        </Text>
        <FormCheckbox control={form.control} name="no_limit">
          {NO_LIMIT}
        </FormCheckbox>
        <FormNumberField
          control={form.control}
          name="amount"
          label={LIMIT_AMOUNT_LABEL}
          minValue={0}
          formatOptions={{ style: 'currency', currency: 'USD' }}
          isDisabled={noLimit}
          rules={{
            validate: (amount, values) => {
              if (values.no_limit) return true
              if (amount === undefined) return LIMIT_REQUIRED
              return amount >= 0 || SPEND_LIMIT_INVALID
            },
          }}
        />
        {failure ? (
          <Banner tone="error" title={FAILED_TO_SAVE_LIMIT}>
            {isApiError(update.error) ? update.error.detail : String(update.error)}
          </Banner>
        ) : null}
        <div className={dialogActions}>
          <Button tone="secondary" onPress={onCancel}>
            Cancel
          </Button>
          {/* Not isPending: its announcement would name this button after the dialog closed and removed it. */}
          {update.isPending ? <Spinner size="small" label="Saving the limit" /> : null}
          <Button type="submit" isDisabled={update.isPending}>
            {SAVE_LIMIT}
          </Button>
        </div>
      </Stack>
    </Form>
  )
}
