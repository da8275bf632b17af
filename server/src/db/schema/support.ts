// Support tickets and their messages (migration 0200, ADR 220).

import type { Id, Instant } from './columns'

export type TicketStatusColumn = 'open' | 'answered' | 'closed'

export interface SupportTicketsTable {
  id: Id
  user_id: number
  subject: string
  /** One of the owner's orders, or null. */
  order_id: number | null
  status: TicketStatusColumn
  /** The operator who has the ticket, or null. */
  assignee_id: number | null
  created_at: Instant
  /** The last message or status change. */
  updated_at: Instant
  closed_at: Instant | null
}

export interface SupportMessagesTable {
  id: Id
  ticket_id: number
  author: 'customer' | 'operator'
  author_id: number
  /** Plain text, line breaks as '\n'. */
  body: string
  created_at: Instant
}
