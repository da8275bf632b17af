import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { TicketReplyRequest } from '@engage/contract'
import { isApiError } from '@engage/client'
import { Banner, Button, Form, FormTextField, Spinner, Stack } from '@engage/ui'
import { formActions } from './SupportTicket.css'

export const REPLY_LABEL = 'Your reply'
export const SEND_REPLY = 'Send reply'

export interface TicketReplyFormProps {
  /** Sends the message; rejects with the API's error, shown by the field or above the button. */
  onSend: (message: string) => Promise<unknown>
  isPending: boolean
  /** What failing to send is called ('Failed to send your reply'). */
  failureTitle: string
  /** A note under the field (a closed ticket opens again). */
  description?: string
  /** More buttons beside Send (close, reopen). */
  actions?: React.ReactNode
}

/** A reply box: the contract's limits and messages by the field, cleared once the reply is sent. */
export function TicketReplyForm({
  onSend,
  isPending,
  failureTitle,
  description,
  actions,
}: TicketReplyFormProps) {
  const form = useForm<{ message: string }>({
    resolver: zodResolver(TicketReplyRequest),
    defaultValues: { message: '' },
  })
  const failure = form.formState.errors.root?.message

  const submit = async ({ message }: { message: string }) => {
    try {
      await onSend(message)
      form.reset({ message: '' })
    } catch (error) {
      if (isApiError(error) && error.field === 'message' && error.fieldMessage) {
        form.setError('message', { message: error.fieldMessage })
      } else {
        form.setError('root', { message: isApiError(error) ? error.detail : String(error) })
      }
    }
  }

  return (
    <Form aria-label={REPLY_LABEL} onSubmit={form.handleSubmit(submit)}>
      <Stack gap="small">
        <FormTextField
          control={form.control}
          name="message"
          label={REPLY_LABEL}
          description={description}
          isMultiline
          rows={4}
          isRequired
        />
        {failure ? (
          <Banner tone="error" title={failureTitle}>
            {failure}
          </Banner>
        ) : null}
        <div className={formActions}>
          {actions}
          {isPending ? <Spinner size="small" label="Sending" /> : null}
          <Button type="submit" isDisabled={isPending}>
            {SEND_REPLY}
          </Button>
        </div>
      </Stack>
    </Form>
  )
}
