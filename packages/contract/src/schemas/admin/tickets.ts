import * as z from 'zod'
import { PageQuery } from '../common'
import { Ticket, TicketMessage, TicketStatus } from '../support'
import { NextCursor, OptionalAdminReason } from './blocks'

// ---- Support tickets (the console's queue) -----------------------------------------------------------------

/** A message as the console shows it: with the author's e-mail (the customer's, or the operator's). */
export const AdminTicketMessage = TicketMessage.extend({ author_email: z.string() })
export type AdminTicketMessage = z.infer<typeof AdminTicketMessage>

/** A ticket in the queue: whose it is and who has it. */
export const AdminTicket = Ticket.extend({
  user_id: z.string(),
  user_email: z.string(),
  assignee_id: z.string().nullable(),
  assignee_email: z.string().nullable(),
})
export type AdminTicket = z.infer<typeof AdminTicket>

export const AdminTicketThread = AdminTicket.extend({ messages: z.array(AdminTicketMessage) })
export type AdminTicketThread = z.infer<typeof AdminTicketThread>

/**
 * GET /api/admin/tickets: newest first. `assignee` is an operator's user id, 'me' for the caller, or 'none'
 * for the tickets nobody has taken.
 */
export const AdminTicketsQuery = PageQuery.extend({
  status: TicketStatus.optional(),
  assignee: z
    .string()
    .trim()
    .regex(/^(me|none|[1-9]\d{0,14})$/, 'Use an operator id, me or none')
    .optional(),
})
export const AdminTicketsResponse = z.object({ tickets: z.array(AdminTicket), nextCursor: NextCursor })
export type AdminTicketsResponse = z.infer<typeof AdminTicketsResponse>

/** POST /api/admin/tickets/{id}/assign: an operator's user id (the caller's own for "assign to me"), or null. */
export const AdminAssignTicketRequest = z.object({
  assignee_id: z.string().trim().min(1).max(20).nullable(),
  reason: OptionalAdminReason,
})
export type AdminAssignTicketRequest = z.input<typeof AdminAssignTicketRequest>

/** POST /api/admin/tickets/{id}/close and /reopen. */
export const AdminTicketStatusRequest = z.object({ reason: OptionalAdminReason })
export type AdminTicketStatusRequest = z.input<typeof AdminTicketStatusRequest>
