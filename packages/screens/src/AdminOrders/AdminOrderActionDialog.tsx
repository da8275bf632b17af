import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import * as z from 'zod'
import {
  ADMIN_AMOUNT_NOT_ZERO,
  ADMIN_REFUND_TOO_LARGE,
  AdminReason,
  AdminUsdAmount,
  formatUsd,
  ORDER_STATUSES,
  statusLabel,
  type AdminOrder,
  type AdminOrderActionResponse,
} from '@engage/contract'
import { isApiError, newAdminIdempotencyKey, useAdminOrderAction } from '@engage/client'
import {
  Dialog,
  Form,
  FormNumberField,
  FormSelect,
  FormTextField,
  Radio,
  RadioGroup,
  Stack,
  Text,
} from '@engage/ui'
import { AdminFormFooter } from '../AdminShared'

export const orderActionKinds = ['retry', 'pause', 'cancel', 'refund', 'status'] as const
export type OrderActionKind = (typeof orderActionKinds)[number]

/** The dialog title and confirming button of each action. */
export const orderActionLabels: Record<OrderActionKind, { title: string; confirm: string; pending: string }> =
  {
    retry: { title: 'Retry order', confirm: 'Retry order', pending: 'Retrying the order' },
    pause: { title: 'Pause order', confirm: 'Pause order', pending: 'Pausing the order' },
    cancel: { title: 'Cancel order', confirm: 'Cancel order', pending: 'Cancelling the order' },
    refund: { title: 'Refund order', confirm: 'Refund', pending: 'Refunding the order' },
    status: { title: 'Set status', confirm: 'Set status', pending: 'Setting the status' },
  }

const explanations: Record<OrderActionKind, string> = {
  retry: 'The paused order goes back to pending and its next step is tried again.',
  pause: 'The order is held before it is sent to the provider; the customer sees it paused with your reason.',
  cancel:
    'As the customer’s cancel: an order not yet sent upstream is cancelled and refunded at once; otherwise the provider is asked and what it did not deliver is refunded.',
  refund:
    'A refund ledger entry credits the customer. The order’s status does not change; set it by hand if needed.',
  status: 'Sets the status by hand; no money moves (refund separately).',
}

/** What is left to refund on an order, in USD. */
export function refundableOf(order: AdminOrder): number {
  return Math.max(0, Math.round((order.charge - order.refunded) * 1_000_000) / 1_000_000)
}

function schemaFor(kind: OrderActionKind, refundable: number) {
  const reason = kind === 'retry' || kind === 'cancel' ? z.string().trim().max(1000) : AdminReason
  return z
    .object({
      reason,
      refundMode: z.enum(['full', 'partial']),
      amount: z.number().optional(),
      status: z.enum(ORDER_STATUSES),
      remains: z.number().int().min(0).max(10_000_000).optional(),
    })
    .superRefine((form, context) => {
      if (kind !== 'refund' || form.refundMode !== 'partial') return
      const amount = AdminUsdAmount.refine((value) => value > 0, {
        message: ADMIN_AMOUNT_NOT_ZERO,
      }).safeParse(form.amount)
      if (!amount.success) {
        context.addIssue({ code: 'custom', path: ['amount'], message: amount.error.issues[0]?.message ?? '' })
      } else if (amount.data > refundable) {
        context.addIssue({ code: 'custom', path: ['amount'], message: ADMIN_REFUND_TOO_LARGE })
      }
    })
}
type ActionForm = z.output<ReturnType<typeof schemaFor>>

export interface AdminOrderActionDialogProps {
  /** The order and the action; null closes the dialog. */
  target: { order: AdminOrder; kind: OrderActionKind } | null
  onClose: () => void
  /** Called with the server's answer (the order as it is now and its confirmation message). */
  onDone: (answer: AdminOrderActionResponse) => void
}

/** Confirms an order action, with the reason the audit log keeps (required where money or status change). */
export function AdminOrderActionDialog({ target, onClose, onDone }: AdminOrderActionDialogProps) {
  // The title outlives the target while the dialog animates out, so it is never empty (its accessible name).
  const [shown, setShown] = useState(target)
  if (target !== null && target !== shown) setShown(target)
  return (
    <Dialog
      title={
        shown === null
          ? orderActionLabels.status.title
          : `${orderActionLabels[shown.kind].title} #${shown.order.id}`
      }
      role="alertdialog"
      isOpen={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      {target === null ? null : (
        <ActionFormBody
          order={target.order}
          kind={target.kind}
          onCancel={onClose}
          onDone={(answer) => {
            onClose()
            onDone(answer)
          }}
        />
      )}
    </Dialog>
  )
}

function ActionFormBody({
  order,
  kind,
  onCancel,
  onDone,
}: {
  order: AdminOrder
  kind: OrderActionKind
  onCancel: () => void
  onDone: (answer: AdminOrderActionResponse) => void
}) {
  const action = useAdminOrderAction()
  const refundable = refundableOf(order)
  // One key for this refund: pressing again after a lost answer cannot refund twice.
  const [idempotencyKey] = useState(newAdminIdempotencyKey)
  const form = useForm<ActionForm>({
    resolver: zodResolver(schemaFor(kind, refundable)),
    defaultValues: {
      reason: '',
      refundMode: 'full',
      amount: undefined,
      status: order.status,
      remains: order.remains ?? undefined,
    },
  })
  const refundMode = useWatch({ control: form.control, name: 'refundMode' })
  const labels = orderActionLabels[kind]

  const submit = async (values: ActionForm) => {
    const id = order.id
    try {
      const answer = await (() => {
        switch (kind) {
          case 'retry':
            return action.mutateAsync({ action: 'retry', id, body: { reason: values.reason } })
          case 'pause':
            return action.mutateAsync({ action: 'pause', id, body: { reason: values.reason } })
          case 'cancel':
            return action.mutateAsync({ action: 'cancel', id, body: { reason: values.reason } })
          case 'refund':
            return action.mutateAsync({
              action: 'refund',
              id,
              body: {
                reason: values.reason,
                idempotency_key: idempotencyKey,
                ...(values.refundMode === 'partial' ? { amount: values.amount } : {}),
              },
            })
          case 'status':
            return action.mutateAsync({
              action: 'status',
              id,
              body: { status: values.status, reason: values.reason, remains: values.remains ?? null },
            })
        }
      })()
      onDone(answer)
    } catch (error) {
      if (isApiError(error) && (error.field === 'amount' || error.field === 'reason')) {
        form.setError(error.field, { message: error.fieldMessage ?? error.detail })
      }
    }
  }

  const fieldError =
    isApiError(action.error) && (action.error.field === 'amount' || action.error.field === 'reason')
  return (
    <Form aria-label={labels.title} onSubmit={form.handleSubmit(submit)}>
      <Stack gap="medium">
        <Text elementType="p">{explanations[kind]}</Text>
        <Text elementType="p" size="small" tone="muted">
          {order.service_type} × {order.quantity.toLocaleString('en-US')} for {order.user_email}: charged{' '}
          {formatUsd(order.charge)}, refunded {formatUsd(order.refunded)}
        </Text>
        {kind === 'refund' ? (
          <>
            <Controller
              control={form.control}
              name="refundMode"
              render={({ field }) => (
                <RadioGroup label="Refund" value={field.value} onChange={field.onChange} isRequired>
                  <Radio value="full">Full: what is left, {formatUsd(refundable)}</Radio>
                  <Radio value="partial">Partial amount</Radio>
                </RadioGroup>
              )}
            />
            {refundMode === 'partial' ? (
              <FormNumberField
                control={form.control}
                name="amount"
                label="Amount (USD)"
                description={`At most ${formatUsd(refundable)}`}
                minValue={0.01}
                step={0.01}
                formatOptions={{ style: 'currency', currency: 'USD' }}
                isRequired
              />
            ) : null}
          </>
        ) : null}
        {kind === 'status' ? (
          <>
            <FormSelect
              control={form.control}
              name="status"
              label="New status"
              items={ORDER_STATUSES.map((status) => ({ id: status, label: statusLabel(status) }))}
              isRequired
            />
            <FormNumberField
              control={form.control}
              name="remains"
              label="Remains (optional)"
              description="Units not delivered, if the provider's count was wrong"
              minValue={0}
            />
          </>
        ) : null}
        <FormTextField
          control={form.control}
          name="reason"
          label={kind === 'retry' || kind === 'cancel' ? 'Reason (optional)' : 'Reason'}
          description="Kept in the audit log"
          isRequired={!(kind === 'retry' || kind === 'cancel')}
        />
        <AdminFormFooter
          failure={action.isError && !fieldError ? action.error : null}
          failureTitle={`Failed: ${labels.title.toLowerCase()}`}
          isPending={action.isPending}
          pendingLabel={labels.pending}
          submitLabel={labels.confirm}
          submitTone={kind === 'cancel' || kind === 'refund' ? 'critical' : 'primary'}
          cancelLabel="Back"
          onCancel={onCancel}
        />
      </Stack>
    </Form>
  )
}
