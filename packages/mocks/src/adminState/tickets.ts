import {
  type AdminTicket,
  type AdminTicketThread,
  REOPENED_TICKET_STATUS,
  TICKET_ASSIGNEE_NOT_OPERATOR,
  TICKET_NOT_FOUND,
  ticketStatusAfterMessage,
} from '@engage/contract'
import { MockRefusal } from '../state'
import { type AdminMockState, audit, find, nextId, nowIso } from './store'

// The support queue, with the server's status rules (from the contract) and an audit entry per action.

export function ticketSummary({ messages: _messages, ...ticket }: AdminTicketThread): AdminTicket {
  return ticket
}

export function findAdminTicket(state: AdminMockState, id: string): AdminTicketThread {
  return find(state.tickets, id, TICKET_NOT_FOUND)
}

const auditView = (ticket: AdminTicketThread) => ({ status: ticket.status, assignee_id: ticket.assignee_id })

export function replyAdminTicket(state: AdminMockState, id: string, message: string): AdminTicketThread {
  const ticket = findAdminTicket(state, id)
  const before = auditView(ticket)
  const now = nowIso(state)
  ticket.messages.push({
    id: nextId(state),
    author: 'operator',
    author_email: state.me.email,
    body: message,
    created_at: now,
  })
  ticket.status = ticketStatusAfterMessage('operator')
  ticket.updated_at = now
  audit(state, 'ticket.reply', `ticket:${id}`, before, auditView(ticket), null)
  return ticket
}

export function assignAdminTicket(
  state: AdminMockState,
  id: string,
  assigneeId: string | null,
  reason: string | null,
): AdminTicketThread {
  const ticket = findAdminTicket(state, id)
  const before = auditView(ticket)
  const assignee =
    assigneeId === null
      ? null
      : state.users.find((user) => user.id === assigneeId && user.role !== 'customer' && !user.disabled)
  if (assignee === undefined) {
    throw new MockRefusal(422, `assignee_id: ${TICKET_ASSIGNEE_NOT_OPERATOR}`, 'assignee_id')
  }
  ticket.assignee_id = assignee?.id ?? null
  ticket.assignee_email = assignee?.email ?? null
  ticket.updated_at = nowIso(state)
  audit(state, 'ticket.assign', `ticket:${id}`, before, auditView(ticket), reason)
  return ticket
}

export function setAdminTicketClosed(
  state: AdminMockState,
  id: string,
  closed: boolean,
  reason: string | null,
): AdminTicketThread {
  const ticket = findAdminTicket(state, id)
  if ((ticket.status === 'closed') === closed) return ticket
  const before = auditView(ticket)
  ticket.status = closed ? 'closed' : REOPENED_TICKET_STATUS
  ticket.updated_at = nowIso(state)
  audit(state, closed ? 'ticket.close' : 'ticket.reopen', `ticket:${id}`, before, auditView(ticket), reason)
  return ticket
}
