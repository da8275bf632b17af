import {
  type EndpointParsedRequest,
  type EndpointResponse,
  type Ticket,
  TICKET_NOT_FOUND,
  TICKET_ORDER_NOT_YOURS,
  type TicketThread,
  ticketStatusAfterMessage,
} from '@engage/contract'
import { MockRefusal, type MockState, nextId } from './store'

// Support tickets, with the server's status rules (from the contract).

function summary({ messages: _messages, ...ticket }: TicketThread): Ticket {
  return ticket
}

export function listTickets(state: MockState): EndpointResponse<'listTickets'> {
  return { tickets: state.tickets.map(summary), nextCursor: null }
}

export function findTicket(state: MockState, id: string): TicketThread {
  const found = state.tickets.find((ticket) => ticket.id === id)
  if (!found) throw new MockRefusal(404, TICKET_NOT_FOUND)
  return found
}

export function openTicket(state: MockState, body: EndpointParsedRequest<'createTicket'>): TicketThread {
  if (body.order_id !== null && !state.orders.some((order) => order.id === body.order_id)) {
    throw new MockRefusal(422, `order_id: ${TICKET_ORDER_NOT_YOURS}`, 'order_id')
  }
  const now = state.now().toISOString()
  const ticket: TicketThread = {
    id: nextId(state),
    subject: body.subject,
    status: ticketStatusAfterMessage('customer'),
    order_id: body.order_id,
    created_at: now,
    updated_at: now,
    messages: [{ id: nextId(state), author: 'customer', body: body.message, created_at: now }],
  }
  state.tickets.unshift(ticket)
  return ticket
}

export function replyTicket(state: MockState, id: string, message: string): TicketThread {
  const ticket = findTicket(state, id)
  const now = state.now().toISOString()
  ticket.messages.push({ id: nextId(state), author: 'customer', body: message, created_at: now })
  ticket.status = ticketStatusAfterMessage('customer')
  ticket.updated_at = now
  return ticket
}

export function closeTicket(state: MockState, id: string): TicketThread {
  const ticket = findTicket(state, id)
  if (ticket.status !== 'closed') {
    ticket.status = 'closed'
    ticket.updated_at = state.now().toISOString()
  }
  return ticket
}
