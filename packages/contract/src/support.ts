import type { TicketAuthor, TicketStatus } from './schemas'

// The status rules of a support ticket (ADR 220), shared by the server and the mocks.

/**
 * The status a ticket takes when `author` writes in it: a customer's message (the first one, or a reply, even
 * on a closed ticket) puts it back in support's queue as open; an operator's reply makes it answered.
 */
export function ticketStatusAfterMessage(author: TicketAuthor): TicketStatus {
  return author === 'customer' ? 'open' : 'answered'
}

/** The status an operator's reopen gives: the ticket waits for support again. */
export const REOPENED_TICKET_STATUS: TicketStatus = 'open'

/** 'Open', 'Answered', 'Closed': the badge's text. */
export function ticketStatusLabel(status: TicketStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1)
}
