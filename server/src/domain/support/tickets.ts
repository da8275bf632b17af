import {
  CURSOR_INVALID,
  type Ticket,
  TICKET_NOT_FOUND,
  TICKET_ORDER_NOT_YOURS,
  type TicketAuthor,
  type TicketMessage,
  type TicketStatus,
  type TicketThread,
  ticketStatusAfterMessage,
} from '@engage/contract'
import type { Selectable } from 'kysely'
import type { Db } from '../../db/connect'
import type { SupportMessagesTable, SupportTicketsTable } from '../../db/schema'
import { pageOf } from '../admin/common'
import { type NotifyDeps, notifyTicket } from './notify'

// Support tickets from the customer's side (ADR 220): a customer sees only their own tickets (any other id is
// "not found", whether or not it exists), may tie a ticket to one of their own orders, writes in the thread
// and closes it. The console's side is in operator.ts; the mails both sides trigger are in notify.ts.

export type TicketRow = Selectable<SupportTicketsTable>
export type MessageRow = Selectable<SupportMessagesTable>

/** A refusal the routes answer as `{ detail, field? }` with `status`. */
export class TicketRefusal extends Error {
  override name = 'TicketRefusal'
  constructor(
    readonly status: 404 | 422,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail)
  }
}

/** A path id ('42') as a ticket id; anything that cannot be one is a ticket that does not exist. */
export function parseTicketId(text: string): number {
  const trimmed = text.trim()
  if (!/^[1-9]\d{0,14}$/.test(trimmed)) throw new TicketRefusal(404, TICKET_NOT_FOUND)
  return Number(trimmed)
}

/** A keyset cursor: the last id of the previous page. */
function cursorId(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined
  if (!/^[1-9]\d{0,14}$/.test(cursor)) throw new TicketRefusal(422, `cursor: ${CURSOR_INVALID}`, 'cursor')
  return Number(cursor)
}

function iso(instant: number): string {
  return new Date(Number(instant)).toISOString()
}

export function toTicket(row: TicketRow): Ticket {
  return {
    id: String(row.id),
    subject: row.subject,
    status: row.status,
    order_id: row.order_id === null ? null : String(row.order_id),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
}

export function toTicketMessage(row: MessageRow): TicketMessage {
  return { id: String(row.id), author: row.author, body: row.body, created_at: iso(row.created_at) }
}

export function messagesOf(db: Db, ticketId: number): Promise<MessageRow[]> {
  return db
    .selectFrom('support_messages')
    .selectAll()
    .where('ticket_id', '=', ticketId)
    .orderBy('id')
    .execute()
}

/** Newest first, `limit` a page, the next page's cursor null on the last. */
export async function listTicketsOf(
  db: Db,
  userId: number,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ tickets: Ticket[]; nextCursor: string | null }> {
  let query = db.selectFrom('support_tickets').selectAll().where('user_id', '=', userId)
  const before = cursorId(page.cursor)
  if (before !== undefined) query = query.where('id', '<', before)
  const rows = await query
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute()
  const shown = pageOf(rows, page.limit)
  return { tickets: shown.rows.map(toTicket), nextCursor: shown.nextCursor }
}

async function ownTicket(db: Db, userId: number, ticketId: number): Promise<TicketRow> {
  const row = await db
    .selectFrom('support_tickets')
    .selectAll()
    .where('id', '=', ticketId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!row) throw new TicketRefusal(404, TICKET_NOT_FOUND)
  return row
}

async function threadOf(db: Db, row: TicketRow): Promise<TicketThread> {
  return { ...toTicket(row), messages: (await messagesOf(db, row.id)).map(toTicketMessage) }
}

export async function customerThread(db: Db, userId: number, ticketId: number): Promise<TicketThread> {
  return threadOf(db, await ownTicket(db, userId, ticketId))
}

/**
 * Adds a message by `author` and moves the ticket to the status that follows it, in one transaction; answers
 * the ticket as it is after.
 */
export async function addMessage(
  db: Db,
  ticket: TicketRow,
  author: { side: TicketAuthor; id: number },
  body: string,
  now: number,
): Promise<TicketRow> {
  const status: TicketStatus = ticketStatusAfterMessage(author.side)
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('support_messages')
      .values({ ticket_id: ticket.id, author: author.side, author_id: author.id, body, created_at: now })
      .execute()
    return trx
      .updateTable('support_tickets')
      .set({ status, updated_at: now, closed_at: null })
      .where('id', '=', ticket.id)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}

/** Closes the ticket; answers null when it was closed already (nothing changes, nobody is told). */
export async function closeTicketRow(db: Db, ticketId: number, now: number): Promise<TicketRow | null> {
  const row = await db
    .updateTable('support_tickets')
    .set({ status: 'closed', updated_at: now, closed_at: now })
    .where('id', '=', ticketId)
    .where('status', '!=', 'closed')
    .returningAll()
    .executeTakeFirst()
  return row ?? null
}

export interface OpenTicketInput {
  subject: string
  message: string
  order_id: string | null
}

/** Opens a ticket with its first message; the order, when named, must be the customer's own. */
export async function openTicket(
  deps: NotifyDeps,
  userId: number,
  input: OpenTicketInput,
  now: number,
): Promise<TicketThread> {
  const { db } = deps
  let orderId: number | null = null
  if (input.order_id !== null) {
    const order = /^[1-9]\d{0,14}$/.test(input.order_id)
      ? await db
          .selectFrom('orders')
          .select('id')
          .where('id', '=', Number(input.order_id))
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : undefined
    if (!order) throw new TicketRefusal(422, `order_id: ${TICKET_ORDER_NOT_YOURS}`, 'order_id')
    orderId = order.id
  }
  const ticket = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('support_tickets')
      .values({
        user_id: userId,
        subject: input.subject,
        order_id: orderId,
        status: ticketStatusAfterMessage('customer'),
        assignee_id: null,
        created_at: now,
        updated_at: now,
        closed_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('support_messages')
      .values({
        ticket_id: row.id,
        author: 'customer',
        author_id: userId,
        body: input.message,
        created_at: now,
      })
      .execute()
    return row
  })
  await notifyTicket(deps, { kind: 'customer_wrote', ticket, message: input.message, opened: true })
  return threadOf(db, ticket)
}

/** The customer writes in their ticket: it is open again, a closed one included, and support is told. */
export async function customerReply(
  deps: NotifyDeps,
  userId: number,
  ticketId: number,
  message: string,
  now: number,
): Promise<TicketThread> {
  const ticket = await ownTicket(deps.db, userId, ticketId)
  const after = await addMessage(deps.db, ticket, { side: 'customer', id: userId }, message, now)
  await notifyTicket(deps, { kind: 'customer_wrote', ticket: after, message, opened: false })
  return threadOf(deps.db, after)
}

/** The customer closes their ticket; nobody is mailed (they did it themselves). */
export async function customerClose(
  db: Db,
  userId: number,
  ticketId: number,
  now: number,
): Promise<TicketThread> {
  const ticket = await ownTicket(db, userId, ticketId)
  return threadOf(db, (await closeTicketRow(db, ticket.id, now)) ?? ticket)
}
