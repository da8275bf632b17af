import { useId, useState } from 'react'
import type { Ticket, TicketThread } from '@engage/contract'
import { isApiError, useCloseTicket, useReplyTicket, useTicket, useTickets } from '@engage/client'
import {
  Banner,
  Button,
  Card,
  Heading,
  Icon,
  Link,
  Spinner,
  Stack,
  Table,
  Text,
  type TableColumn,
} from '@engage/ui'
import { useCustomerDates } from '../CustomerDates'
import { TicketMessages, TicketReplyForm, TicketStatusBadge } from '../SupportTicket'
import { NEW_TICKET_TITLE, NewTicketForm } from './NewTicketForm'

export const SUPPORT_TITLE = 'Support'
export const YOUR_TICKETS = 'Your tickets'
export const NO_TICKETS = 'No tickets yet. Open one and support answers here and by e-mail.'
export const FAILED_TO_LOAD_TICKETS = 'Failed to load your tickets'
export const FAILED_TO_LOAD_TICKET = 'Failed to load the ticket'
export const FAILED_TO_SEND_REPLY = 'Failed to send your reply'
export const FAILED_TO_CLOSE_TICKET = 'Failed to close the ticket'
export const CLOSE_TICKET = 'Close ticket'
export const BACK_TO_TICKETS = 'Back to your tickets'
export const CLOSED_TICKET_NOTE = 'This ticket is closed. Write a reply to open it again.'

/** The path of a ticket's thread: '/support/31'. */
export function supportTicketHref(ticketId: string): string {
  return `/support/${ticketId}`
}

export interface SupportProps {
  /** The ticket whose thread is shown; the list when absent. */
  ticketId?: string | null
  /** Opens the new-ticket form with this order chosen ("Get help with this order"). */
  newTicketOrderId?: string | null
  /** Called with a ticket just opened (the app shows its thread). */
  onTicketOpened?: (ticketId: string) => void
  /** Where a ticket's link goes. @default supportTicketHref */
  ticketHref?: (ticketId: string) => string
  /** The list's path. @default '/support' */
  listHref?: string
}

/**
 * /support: the customer's tickets and a form to open one (subject, message, optionally one of their orders);
 * /support/{id}: a ticket's thread with its status, a reply box and Close. Support answers here and by e-mail.
 */
export function Support({
  ticketId = null,
  newTicketOrderId = null,
  onTicketOpened,
  ticketHref = supportTicketHref,
  listHref = '/support',
}: SupportProps) {
  return (
    <Stack gap="large">
      <Heading level={1}>{SUPPORT_TITLE}</Heading>
      {ticketId === null ? (
        <TicketList
          newTicketOrderId={newTicketOrderId}
          onTicketOpened={onTicketOpened}
          ticketHref={ticketHref}
        />
      ) : (
        <Stack gap="medium">
          <Link href={listHref} variant="standalone">
            {BACK_TO_TICKETS}
          </Link>
          <TicketThreadView ticketId={ticketId} />
        </Stack>
      )}
    </Stack>
  )
}

function TicketList({
  newTicketOrderId,
  onTicketOpened,
  ticketHref,
}: {
  newTicketOrderId: string | null
  onTicketOpened?: (ticketId: string) => void
  ticketHref: (ticketId: string) => string
}) {
  const tickets = useTickets()
  const dates = useCustomerDates()
  const [isFormOpen, setFormOpen] = useState(newTicketOrderId !== null)
  const headingId = useId()
  const formHeadingId = useId()

  const columns: readonly TableColumn<Ticket>[] = [
    {
      id: 'subject',
      name: 'Subject',
      isRowHeader: true,
      render: (ticket) => <Link href={ticketHref(ticket.id)}>{ticket.subject}</Link>,
    },
    {
      id: 'order',
      name: 'Order',
      render: (ticket) => (ticket.order_id === null ? '—' : `#${ticket.order_id}`),
    },
    { id: 'status', name: 'Status', render: (ticket) => <TicketStatusBadge status={ticket.status} /> },
    { id: 'updated', name: 'Last activity', render: (ticket) => dates.dateTime(ticket.updated_at) },
  ]

  return (
    <Stack gap="large">
      {isFormOpen ? (
        <Card>
          <Stack gap="medium" as="section" aria-labelledby={formHeadingId}>
            <Heading level={2} size="medium" id={formHeadingId}>
              {NEW_TICKET_TITLE}
            </Heading>
            <NewTicketForm
              orderId={newTicketOrderId}
              onCancel={() => setFormOpen(false)}
              onOpened={(ticket) => {
                setFormOpen(false)
                onTicketOpened?.(ticket.id)
              }}
            />
          </Stack>
        </Card>
      ) : null}
      <Stack gap="medium" as="section" aria-labelledby={headingId}>
        <Stack direction="row" gap="medium" justifyContent="space-between" alignItems="center" wrap>
          <Heading level={2} size="medium" id={headingId}>
            {YOUR_TICKETS}
          </Heading>
          {isFormOpen ? null : (
            <Button onPress={() => setFormOpen(true)}>
              <Icon name="plus" size="small" />
              {NEW_TICKET_TITLE}
            </Button>
          )}
        </Stack>
        {tickets.isPending ? (
          <Spinner label="Loading your tickets" />
        ) : tickets.isError ? (
          <Banner tone="error" title={FAILED_TO_LOAD_TICKETS}>
            <Stack gap="small" alignItems="flex-start">
              <span>{isApiError(tickets.error) ? tickets.error.detail : String(tickets.error)}</span>
              <Button tone="secondary" size="small" onPress={() => void tickets.refetch()}>
                Try again
              </Button>
            </Stack>
          </Banner>
        ) : tickets.data.length === 0 ? (
          <Text tone="muted" elementType="p">
            {NO_TICKETS}
          </Text>
        ) : (
          <Stack gap="small" alignItems="flex-start">
            <Table aria-labelledby={headingId} columns={columns} rows={tickets.data} />
            {tickets.hasNextPage ? (
              <Button
                tone="secondary"
                size="small"
                isDisabled={tickets.isFetchingNextPage}
                onPress={() => void tickets.fetchNextPage()}
              >
                Show older tickets
              </Button>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Stack>
  )
}

function TicketThreadView({ ticketId }: { ticketId: string }) {
  const ticket = useTicket(ticketId)
  const reply = useReplyTicket()
  const close = useCloseTicket()
  const dates = useCustomerDates()

  if (ticket.isPending) return <Spinner label="Loading the ticket" />
  if (ticket.isError) {
    return (
      <Banner tone="error" title={FAILED_TO_LOAD_TICKET}>
        <Stack gap="small" alignItems="flex-start">
          <span>{isApiError(ticket.error) ? ticket.error.detail : String(ticket.error)}</span>
          {isApiError(ticket.error) && ticket.error.status === 404 ? null : (
            <Button tone="secondary" size="small" onPress={() => void ticket.refetch()}>
              Try again
            </Button>
          )}
        </Stack>
      </Banner>
    )
  }
  const thread: TicketThread = ticket.data
  const isClosed = thread.status === 'closed'
  return (
    <Card>
      <Stack gap="large" as="article" aria-labelledby={`ticket-${thread.id}`}>
        <Stack gap="xsmall">
          <Stack direction="row" gap="small" alignItems="center" wrap>
            <Heading level={2} size="medium" id={`ticket-${thread.id}`}>
              {thread.subject}
            </Heading>
            <TicketStatusBadge status={thread.status} />
          </Stack>
          <Text size="small" tone="muted">
            {`Ticket #${thread.id}`}
            {thread.order_id === null ? '' : ` · about order #${thread.order_id}`}
            {` · opened ${dates.dateTime(thread.created_at)}`}
          </Text>
        </Stack>
        <TicketMessages
          messages={thread.messages}
          authorName={(message) => (message.author === 'customer' ? 'You' : 'Support')}
          formatDateTime={dates.dateTime}
        />
        {isClosed ? <Banner tone="info">{CLOSED_TICKET_NOTE}</Banner> : null}
        {close.isError ? (
          <Banner tone="error" title={FAILED_TO_CLOSE_TICKET} onDismiss={() => close.reset()}>
            {isApiError(close.error) ? close.error.detail : String(close.error)}
          </Banner>
        ) : null}
        <TicketReplyForm
          onSend={(message) => reply.mutateAsync({ id: thread.id, message })}
          isPending={reply.isPending}
          failureTitle={FAILED_TO_SEND_REPLY}
          actions={
            isClosed ? null : (
              <Button tone="secondary" isDisabled={close.isPending} onPress={() => close.mutate(thread.id)}>
                {CLOSE_TICKET}
              </Button>
            )
          }
        />
      </Stack>
    </Card>
  )
}
