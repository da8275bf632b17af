import { useId } from 'react'
import { TICKET_STATUSES, type AdminTicket, type AdminTicketThread } from '@engage/contract'
import {
  useAdminMe,
  useAdminTicket,
  useAdminTicketAction,
  useAdminTickets,
  useAdminUsers,
  type AdminTicketFilters,
} from '@engage/client'
import { Button, Card, Heading, Link, Select, Spinner, Stack, Text, type TableColumn } from '@engage/ui'
import {
  ANY_FILTER,
  AdminDetails,
  AdminErrorBanner,
  AdminFilterForm,
  AdminPagedTable,
  AdminSectionHeader,
  AdminStatusFilter,
  chosenFilter,
  formatDateTime,
  useFilteredPages,
} from '../AdminShared'
import { TicketMessages, TicketReplyForm, TicketStatusBadge } from '../SupportTicket'

export const TICKETS_TITLE = 'Support tickets'
export const NO_TICKETS_MATCH = 'No tickets match.'
export const BACK_TO_QUEUE = 'Back to the queue'
export const ASSIGN_TO_ME = 'Assign to me'
const NOBODY = 'none'

/** The console's path of a ticket: '/admin/tickets/31'. */
export function adminTicketHref(ticketId: string): string {
  return `/admin/tickets/${ticketId}`
}

export interface AdminTicketsProps {
  /** The ticket whose thread is shown; the queue when absent. */
  ticketId?: string | null
  /** Where a ticket's link goes. @default adminTicketHref */
  ticketHref?: (ticketId: string) => string
  /** The queue's path. @default '/admin/tickets' */
  queueHref?: string
}

/**
 * Customers' support tickets: the queue (newest first, by status and by who has it), and a ticket's thread
 * where an operator answers (the customer is mailed), assigns it (to themselves or another operator), closes
 * or reopens it. Every action is audited.
 */
export function AdminTickets({
  ticketId = null,
  ticketHref = adminTicketHref,
  queueHref = '/admin/tickets',
}: AdminTicketsProps) {
  const headingId = useId()
  return (
    <Stack as="section" gap="medium" aria-labelledby={headingId}>
      <AdminSectionHeader
        headingId={headingId}
        title={TICKETS_TITLE}
        description="Questions customers asked from their Support page. They are mailed when you answer or close."
      />
      {ticketId === null ? (
        <TicketQueue ticketHref={ticketHref} />
      ) : (
        <Stack gap="medium">
          <Link href={queueHref} variant="standalone">
            {BACK_TO_QUEUE}
          </Link>
          <AdminTicketView ticketId={ticketId} />
        </Stack>
      )}
    </Stack>
  )
}

function TicketQueue({ ticketHref }: { ticketHref: (ticketId: string) => string }) {
  const list = useFilteredPages({ status: 'open', assignee: ANY_FILTER }, (draft): AdminTicketFilters => ({
    status: chosenFilter(draft.status),
    assignee: chosenFilter(draft.assignee),
  }))
  const tickets = useAdminTickets(list.filters, list.pages.cursor)

  const columns: TableColumn<AdminTicket>[] = [
    {
      id: 'subject',
      name: 'Ticket',
      isRowHeader: true,
      render: (ticket) => (
        <Stack gap="xxsmall">
          <Link href={ticketHref(ticket.id)}>{`#${ticket.id} ${ticket.subject}`}</Link>
          <Text size="small" tone="muted">
            {ticket.order_id === null ? 'No order' : `Order #${ticket.order_id}`}
          </Text>
        </Stack>
      ),
    },
    { id: 'customer', name: 'Customer', render: (ticket) => ticket.user_email },
    { id: 'status', name: 'Status', render: (ticket) => <TicketStatusBadge status={ticket.status} /> },
    { id: 'assignee', name: 'Assignee', render: (ticket) => ticket.assignee_email ?? 'Nobody' },
    { id: 'updated', name: 'Last activity', render: (ticket) => formatDateTime(ticket.updated_at) },
  ]

  return (
    <>
      <AdminFilterForm label="Filter tickets" onApply={list.apply}>
        <AdminStatusFilter statuses={TICKET_STATUSES} {...list.field('status')} />
        <Select
          label="Assignee"
          {...list.field('assignee')}
          items={[
            { id: ANY_FILTER, label: 'Anyone' },
            { id: 'me', label: 'Me' },
            { id: NOBODY, label: 'Nobody' },
          ]}
        />
      </AdminFilterForm>
      <AdminPagedTable
        errorTitle="Failed to load the tickets"
        query={tickets}
        pages={list.pages}
        pagesLabel="Ticket pages"
        aria-label={TICKETS_TITLE}
        columns={columns}
        rows={tickets.data?.tickets ?? []}
        loadingLabel="Loading tickets"
        emptyState={NO_TICKETS_MATCH}
      />
    </>
  )
}

/** Support and admin accounts, for the assignee picker. */
function useOperators() {
  const support = useAdminUsers({ role: 'support' }, undefined, 100)
  const admins = useAdminUsers({ role: 'admin' }, undefined, 100)
  return [...(admins.data?.users ?? []), ...(support.data?.users ?? [])].filter((user) => !user.disabled)
}

function AdminTicketView({ ticketId }: { ticketId: string }) {
  const ticket = useAdminTicket(ticketId)
  const action = useAdminTicketAction()
  const me = useAdminMe()
  const operators = useOperators()

  if (ticket.isPending) return <Spinner label="Loading the ticket" />
  if (ticket.isError) {
    return (
      <AdminErrorBanner
        title="Failed to load the ticket"
        error={ticket.error}
        onRetry={() => void ticket.refetch()}
      />
    )
  }
  const thread: AdminTicketThread = ticket.data
  const isClosed = thread.status === 'closed'
  const assign = (assigneeId: string | null) =>
    action.mutate({ action: 'assign', id: thread.id, body: { assignee_id: assigneeId } })
  const assigneeOptions = operators.map((user) => ({ id: user.id, label: user.email }))
  if (thread.assignee_id !== null && !assigneeOptions.some((option) => option.id === thread.assignee_id)) {
    assigneeOptions.push({ id: thread.assignee_id, label: thread.assignee_email ?? thread.assignee_id })
  }

  return (
    <Card>
      <Stack gap="large" as="article" aria-labelledby={`admin-ticket-${thread.id}`}>
        <Stack direction="row" gap="small" alignItems="center" wrap>
          <Heading level={3} size="medium" id={`admin-ticket-${thread.id}`}>
            {`#${thread.id} ${thread.subject}`}
          </Heading>
          <TicketStatusBadge status={thread.status} />
        </Stack>
        <AdminDetails
          items={[
            { term: 'Customer', value: thread.user_email },
            { term: 'Order', value: thread.order_id === null ? 'None' : `#${thread.order_id}` },
            { term: 'Opened', value: formatDateTime(thread.created_at) },
            { term: 'Last activity', value: formatDateTime(thread.updated_at) },
          ]}
        />
        <Stack
          direction={{ mobile: 'column', tablet: 'row' }}
          gap="small"
          alignItems={{ mobile: 'stretch', tablet: 'flex-end' }}
        >
          <Select
            label="Assignee"
            value={thread.assignee_id ?? NOBODY}
            isDisabled={action.isPending}
            onChange={(key) => assign(key === NOBODY ? null : String(key))}
            items={[{ id: NOBODY, label: 'Nobody' }, ...assigneeOptions]}
          />
          {me.data && thread.assignee_id !== me.data.id ? (
            <Button tone="secondary" isDisabled={action.isPending} onPress={() => assign(me.data.id)}>
              {ASSIGN_TO_ME}
            </Button>
          ) : null}
        </Stack>
        {action.isError ? (
          <AdminErrorBanner title="The action failed" error={action.error} onDismiss={() => action.reset()} />
        ) : null}
        <TicketMessages
          messages={thread.messages}
          authorName={(message) =>
            message.author === 'customer' ? `${message.author_email} (customer)` : message.author_email
          }
          formatDateTime={formatDateTime}
        />
        <TicketReplyForm
          onSend={(message) => action.mutateAsync({ action: 'reply', id: thread.id, body: { message } })}
          isPending={action.isPending}
          failureTitle="Failed to send the reply"
          description="The customer reads it on their Support page and gets it by e-mail."
          actions={
            <Button
              tone="secondary"
              isDisabled={action.isPending}
              onPress={() => action.mutate({ action: isClosed ? 'reopen' : 'close', id: thread.id })}
            >
              {isClosed ? 'Reopen ticket' : 'Close ticket'}
            </Button>
          }
        />
      </Stack>
    </Card>
  )
}
