import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as z from 'zod'
import {
  ADMIN_AMOUNT_NOT_ZERO,
  AdminReason,
  AdminUsdAmount,
  formatUsd,
  Role,
  ROLES,
  type AdminAdjustBalanceResponse,
  type AdminUser,
} from '@engage/contract'
import {
  isApiError,
  newAdminIdempotencyKey,
  useAdminAdjustBalance,
  useAdminDisableUser,
  useAdminSetUserRole,
} from '@engage/client'
import { Dialog, Form, FormNumberField, FormSelect, FormTextField, Stack, Text } from '@engage/ui'
import { AdminFormFooter, humanise } from '../AdminShared'

export const ADJUST_BALANCE = 'Adjust balance'
export const CHANGE_ROLE = 'Change role'

/** 'Balance of ada@example.com adjusted by +$5.00. New balance: $55.00' */
export function balanceAdjustedMessage(answer: AdminAdjustBalanceResponse): string {
  const amount = answer.entry.amount
  return `Balance of ${answer.user.email} adjusted by ${amount > 0 ? '+' : ''}${formatUsd(amount)}. New balance: ${formatUsd(answer.user.balance)}`
}

function fieldMessage(error: unknown, field: string): string | undefined {
  return isApiError(error) && error.field === field ? (error.fieldMessage ?? error.detail) : undefined
}

// ---- Adjust balance ---------------------------------------------------------------------------------------

const AdjustForm = z.object({
  amount: AdminUsdAmount.refine((value) => value !== 0, { message: ADMIN_AMOUNT_NOT_ZERO }),
  reason: AdminReason,
})
type AdjustInput = z.input<typeof AdjustForm>
type AdjustValues = z.output<typeof AdjustForm>

export interface AdjustBalanceDialogProps {
  /** The account; null closes the dialog. */
  user: AdminUser | null
  onClose: () => void
  onAdjusted: (answer: AdminAdjustBalanceResponse) => void
}

/** A ledger entry with a reason (a credit or, negative, a debit): the balance is never edited. */
export function AdjustBalanceDialog({ user, onClose, onAdjusted }: AdjustBalanceDialogProps) {
  return (
    <Dialog
      title={ADJUST_BALANCE}
      isOpen={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      {user === null ? null : (
        <AdjustBalanceForm
          user={user}
          onCancel={onClose}
          onAdjusted={(answer) => {
            onClose()
            onAdjusted(answer)
          }}
        />
      )}
    </Dialog>
  )
}

function AdjustBalanceForm({
  user,
  onCancel,
  onAdjusted,
}: {
  user: AdminUser
  onCancel: () => void
  onAdjusted: (answer: AdminAdjustBalanceResponse) => void
}) {
  const adjust = useAdminAdjustBalance()
  // One key for this dialog's adjustment: pressing again after a lost answer cannot credit twice.
  const [idempotencyKey] = useState(newAdminIdempotencyKey)
  const form = useForm<AdjustInput, unknown, AdjustValues>({
    resolver: zodResolver(AdjustForm),
    defaultValues: { amount: undefined as unknown as number, reason: '' },
  })
  const submit = async (values: AdjustValues) => {
    try {
      onAdjusted(
        await adjust.mutateAsync({ id: user.id, body: { ...values, idempotency_key: idempotencyKey } }),
      )
    } catch (error) {
      for (const field of ['amount', 'reason'] as const) {
        const message = fieldMessage(error, field)
        if (message !== undefined) form.setError(field, { message })
      }
    }
  }
  const isFieldError = fieldMessage(adjust.error, 'amount') ?? fieldMessage(adjust.error, 'reason')
  return (
    <Form aria-label={ADJUST_BALANCE} onSubmit={form.handleSubmit(submit)}>
      <Stack gap="medium">
        <Text elementType="p">
          {user.email}: balance {formatUsd(user.balance)}
        </Text>
        <FormNumberField
          control={form.control}
          name="amount"
          label="Amount (USD)"
          description="Positive credits the account, negative debits it"
          step={0.01}
          formatOptions={{ style: 'currency', currency: 'USD' }}
          isRequired
        />
        <FormTextField
          control={form.control}
          name="reason"
          label="Reason"
          description="Shown to the customer in their transaction history, and kept in the audit log"
          isRequired
        />
        <AdminFormFooter
          failure={adjust.isError && isFieldError === undefined ? adjust.error : null}
          failureTitle="Failed to adjust the balance"
          isPending={adjust.isPending}
          pendingLabel="Adjusting the balance"
          submitLabel="Adjust balance"
          onCancel={onCancel}
        />
      </Stack>
    </Form>
  )
}

// ---- Change role ------------------------------------------------------------------------------------------

const RoleForm = z.object({ role: Role, reason: z.string().trim().max(1000) })
type RoleInput = z.input<typeof RoleForm>
type RoleValues = z.output<typeof RoleForm>

export interface ChangeRoleDialogProps {
  user: AdminUser | null
  onClose: () => void
  onChanged: (user: AdminUser) => void
}

/** Makes an account a customer, support or admin. */
export function ChangeRoleDialog({ user, onClose, onChanged }: ChangeRoleDialogProps) {
  return (
    <Dialog
      title={CHANGE_ROLE}
      size="small"
      isOpen={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      {user === null ? null : (
        <ChangeRoleForm
          user={user}
          onCancel={onClose}
          onChanged={(changed) => {
            onClose()
            onChanged(changed)
          }}
        />
      )}
    </Dialog>
  )
}

function ChangeRoleForm({
  user,
  onCancel,
  onChanged,
}: {
  user: AdminUser
  onCancel: () => void
  onChanged: (user: AdminUser) => void
}) {
  const setRole = useAdminSetUserRole()
  const form = useForm<RoleInput, unknown, RoleValues>({
    resolver: zodResolver(RoleForm),
    defaultValues: { role: user.role, reason: '' },
  })
  const submit = async (values: RoleValues) => {
    try {
      onChanged((await setRole.mutateAsync({ id: user.id, body: values })).user)
    } catch {
      // Shown from the mutation's state.
    }
  }
  return (
    <Form aria-label={CHANGE_ROLE} onSubmit={form.handleSubmit(submit)}>
      <Stack gap="medium">
        <Text elementType="p">{user.email}</Text>
        <FormSelect
          control={form.control}
          name="role"
          label="Role"
          description="Support reads everything and handles orders; admin also changes prices, providers and roles"
          items={ROLES.map((role) => ({ id: role, label: humanise(role) }))}
          isRequired
        />
        <FormTextField control={form.control} name="reason" label="Reason (optional)" />
        <AdminFormFooter
          failure={setRole.error}
          failureTitle="Failed to change the role"
          isPending={setRole.isPending}
          pendingLabel="Changing the role"
          submitLabel="Change role"
          onCancel={onCancel}
        />
      </Stack>
    </Form>
  )
}

// ---- Disable ----------------------------------------------------------------------------------------------

const DisableForm = z.object({ reason: AdminReason })
type DisableInput = z.input<typeof DisableForm>
type DisableValues = z.output<typeof DisableForm>

/** 'Disable ada@example.com?' */
export function disableUserTitle(email: string): string {
  return `Disable ${email}?`
}

export interface DisableUserDialogProps {
  user: AdminUser | null
  onClose: () => void
  onDisabled: (user: AdminUser) => void
}

/** Asks for a reason, then disables the account: its sessions end and it can no longer sign in. */
export function DisableUserDialog({ user, onClose, onDisabled }: DisableUserDialogProps) {
  return (
    <Dialog
      title={disableUserTitle(user?.email ?? '')}
      size="small"
      role="alertdialog"
      isOpen={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      {user === null ? null : (
        <DisableUserForm
          user={user}
          onCancel={onClose}
          onDisabled={(disabled) => {
            onClose()
            onDisabled(disabled)
          }}
        />
      )}
    </Dialog>
  )
}

function DisableUserForm({
  user,
  onCancel,
  onDisabled,
}: {
  user: AdminUser
  onCancel: () => void
  onDisabled: (user: AdminUser) => void
}) {
  const disable = useAdminDisableUser()
  const form = useForm<DisableInput, unknown, DisableValues>({
    resolver: zodResolver(DisableForm),
    defaultValues: { reason: '' },
  })
  const submit = async (values: DisableValues) => {
    try {
      onDisabled((await disable.mutateAsync({ id: user.id, body: values })).user)
    } catch (error) {
      const message = fieldMessage(error, 'reason')
      if (message !== undefined) form.setError('reason', { message })
    }
  }
  return (
    <Form aria-label="Disable account" onSubmit={form.handleSubmit(submit)}>
      <Stack gap="medium">
        <Text elementType="p">
          Every session of this account ends at once; it can no longer sign in or use its API keys until it is
          enabled again. Its balance and orders stay.
        </Text>
        <FormTextField control={form.control} name="reason" label="Reason" isRequired />
        <AdminFormFooter
          failure={
            disable.isError && fieldMessage(disable.error, 'reason') === undefined ? disable.error : null
          }
          failureTitle="Failed to disable the account"
          isPending={disable.isPending}
          pendingLabel="Disabling the account"
          submitLabel="Disable account"
          submitTone="critical"
          onCancel={onCancel}
        />
      </Stack>
    </Form>
  )
}
