import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import * as z from 'zod'
import { serviceDisplayName, TicketMessageText, TicketSubject, type TicketThread } from '@engage/contract'
import { isApiError, useCreateTicket, useOrders } from '@engage/client'
import { Banner, Button, Form, FormSelect, FormTextField, Spinner, Stack } from '@engage/ui'
import { formActions } from '../SupportTicket/SupportTicket.css'

export const NEW_TICKET_TITLE = 'New ticket'
export const SUBJECT_LABEL = 'Subject'
export const MESSAGE_LABEL = 'Message'
export const ORDER_LABEL = 'Order (optional)'
export const NO_ORDER_LABEL = 'Not about an order'
export const OPEN_TICKET = 'Open ticket'
export const FAILED_TO_OPEN_TICKET = 'Failed to open the ticket'

/** The picker's value for "no order": the API takes null. */
const NO_ORDER = 'none'
/** The newest orders the picker offers. */
const ORDERS_OFFERED = 50

/** The request's own field rules; the picker always holds an order id or NO_ORDER. */
const NewTicketFields = z.object({ subject: TicketSubject, message: TicketMessageText, order_id: z.string() })
type NewTicketValues = z.infer<typeof NewTicketFields>

export interface NewTicketFormProps {
  /** The order chosen at first ("Get help with this order"). */
  orderId?: string | null
  onOpened: (ticket: TicketThread) => void
  onCancel: () => void
}

/** Subject, message and, optionally, one of the customer's own orders; the contract's limits by each field. */
export function NewTicketForm({ orderId, onOpened, onCancel }: NewTicketFormProps) {
  const create = useCreateTicket()
  const orders = useOrders({ limit: ORDERS_OFFERED })
  const form = useForm<NewTicketValues>({
    resolver: zodResolver(NewTicketFields),
    defaultValues: { subject: '', message: '', order_id: orderId ?? NO_ORDER },
  })
  const failure = form.formState.errors.root?.message

  const orderOptions = (orders.data ?? []).map((order) => ({
    id: order.id,
    label: `#${order.id} · ${serviceDisplayName(order.serviceType)} · ${order.url}`,
  }))
  // An order chosen from elsewhere may be older than the newest few: it is offered all the same.
  if (orderId && !orderOptions.some((option) => option.id === orderId)) {
    orderOptions.unshift({ id: orderId, label: `#${orderId}` })
  }

  const submit = async (values: NewTicketValues) => {
    try {
      onOpened(
        await create.mutateAsync({
          subject: values.subject,
          message: values.message,
          order_id: values.order_id === NO_ORDER ? null : values.order_id,
        }),
      )
    } catch (error) {
      const field = isApiError(error) ? error.field : null
      if (
        isApiError(error) &&
        error.fieldMessage &&
        (field === 'subject' || field === 'message' || field === 'order_id')
      ) {
        form.setError(field, { message: error.fieldMessage })
      } else {
        form.setError('root', { message: isApiError(error) ? error.detail : String(error) })
      }
    }
  }

  return (
    <Form aria-label={NEW_TICKET_TITLE} onSubmit={form.handleSubmit(submit)}>
      <Stack gap="medium">
        <FormTextField control={form.control} name="subject" label={SUBJECT_LABEL} isRequired />
        <FormTextField
          control={form.control}
          name="message"
          label={MESSAGE_LABEL}
          description="Plain text; line breaks are kept."
          isMultiline
          rows={6}
          isRequired
        />
        <FormSelect
          control={form.control}
          name="order_id"
          label={ORDER_LABEL}
          description={
            orders.isError ? 'Your orders could not be loaded; you can still open the ticket.' : undefined
          }
          items={[{ id: NO_ORDER, label: NO_ORDER_LABEL }, ...orderOptions]}
        />
        {failure ? (
          <Banner tone="error" title={FAILED_TO_OPEN_TICKET}>
            {failure}
          </Banner>
        ) : null}
        <div className={formActions}>
          <Button tone="secondary" onPress={onCancel}>
            Cancel
          </Button>
          {create.isPending ? <Spinner size="small" label="Opening the ticket" /> : null}
          <Button type="submit" isDisabled={create.isPending}>
            {OPEN_TICKET}
          </Button>
        </div>
      </Stack>
    </Form>
  )
}
