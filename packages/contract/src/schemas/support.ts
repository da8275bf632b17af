// Support tickets (ADR 220): a customer opens a ticket (subject, message, optionally one of their orders), both
// sides write messages in its thread, operators assign and close it from the console. Texts are plain: the
// screens show them as typed, line breaks kept, and never as HTML.

import * as z from 'zod'
import { IsoDateTime, PageQuery } from './common'

/** open: waiting for support; answered: support replied last; closed: done (a customer reply reopens it). */
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const
export const TicketStatus = z.enum(TICKET_STATUSES)
export type TicketStatus = z.infer<typeof TicketStatus>

/** Who wrote a message: the customer who owns the ticket, or an operator (support or admin). */
export const TICKET_AUTHORS = ['customer', 'operator'] as const
export const TicketAuthor = z.enum(TICKET_AUTHORS)
export type TicketAuthor = z.infer<typeof TicketAuthor>

export const TICKET_SUBJECT_MAX_LENGTH = 150
export const TICKET_MESSAGE_MAX_LENGTH = 5000

// House texts (the spec has no support tickets).
export const TICKET_SUBJECT_REQUIRED = 'Please enter a subject'
export const TICKET_SUBJECT_TOO_LONG = `The subject must be at most ${TICKET_SUBJECT_MAX_LENGTH} characters`
export const TICKET_MESSAGE_REQUIRED = 'Please write a message'
export const TICKET_MESSAGE_TOO_LONG = 'The message must be at most 5,000 characters'
export const TICKET_NOT_FOUND = 'Ticket not found'
export const TICKET_ORDER_NOT_YOURS = 'Choose one of your own orders'
export const TICKET_ASSIGNEE_NOT_OPERATOR = 'Choose a support or admin account'

/** A line break typed on any system, stored as '\n'. */
function withUnixLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n')
}

/** A subject: one line (line breaks and runs of spaces become one space, so it can head a mail), 1 to 150. */
export const TicketSubject = z
  .string({ error: TICKET_SUBJECT_REQUIRED })
  .transform((text) => text.replace(/\s+/g, ' '))
  .pipe(
    z.string().trim().min(1, TICKET_SUBJECT_REQUIRED).max(TICKET_SUBJECT_MAX_LENGTH, TICKET_SUBJECT_TOO_LONG),
  )

/** A message's text: trimmed, line breaks kept (as '\n'), 1 to 5,000 characters. */
export const TicketMessageText = z
  .string({ error: TICKET_MESSAGE_REQUIRED })
  .transform(withUnixLineBreaks)
  .pipe(
    z.string().trim().min(1, TICKET_MESSAGE_REQUIRED).max(TICKET_MESSAGE_MAX_LENGTH, TICKET_MESSAGE_TOO_LONG),
  )

export const TicketMessage = z.object({
  id: z.string(),
  author: TicketAuthor,
  body: z.string(),
  created_at: IsoDateTime,
})
export type TicketMessage = z.infer<typeof TicketMessage>

/** A ticket as the customer's list shows it. */
export const Ticket = z.object({
  id: z.string(),
  subject: z.string(),
  status: TicketStatus,
  /** The customer's order the ticket is about, or null. */
  order_id: z.string().nullable(),
  created_at: IsoDateTime,
  /** When its last message was written or its status changed. */
  updated_at: IsoDateTime,
})
export type Ticket = z.infer<typeof Ticket>

/** A ticket with its messages, oldest first. */
export const TicketThread = Ticket.extend({ messages: z.array(TicketMessage) })
export type TicketThread = z.infer<typeof TicketThread>

/** GET /api/support/tickets: newest first. */
export const ListTicketsQuery = PageQuery
export const ListTicketsResponse = z.object({ tickets: z.array(Ticket), nextCursor: z.string().nullable() })
export type ListTicketsResponse = z.infer<typeof ListTicketsResponse>

/** POST /api/support/tickets. */
export const CreateTicketRequest = z.object({
  subject: TicketSubject,
  message: TicketMessageText,
  /** One of the customer's own orders; absent, null or '' for none. */
  order_id: z
    .string()
    .trim()
    .max(20)
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value)),
})
export type CreateTicketRequest = z.input<typeof CreateTicketRequest>

/** POST /api/support/tickets/{id}/reply (and the console's reply). */
export const TicketReplyRequest = z.object({ message: TicketMessageText })
export type TicketReplyRequest = z.input<typeof TicketReplyRequest>
