import {
  type AdminTicket,
  type AdminTicketThread,
  REOPENED_TICKET_STATUS,
  TICKET_ASSIGNEE_NOT_OPERATOR,
  TICKET_NOT_FOUND,
  type TicketStatus,
} from '@engage/contract'
import type { Db } from '../../db/connect'
import { recordAudit } from '../admin/audit'
import { type Actor, pageOf, parseIdCursor } from '../admin/common'
import { type NotifyDeps, notifyTicket } from './notify'
import {
  addMessage,
  closeTicketRow,
  messagesOf,
  TicketRefusal,
  type TicketRow,
  toTicket,
  toTicketMessage,
} from './tickets'

// Support tickets from the console (ADR 220): the queue, a thread, and the operator's reply, assignment,
// closing and reopening, each with its audit entry (written after the change, which runs its own
// transaction; the change itself stays visible in the ticket if the entry were lost).

async function findTicket(db: Db, ticketId: number): Promise<TicketRow> {
  const row = await db.selectFrom('support_tickets').selectAll().where('id', '=', ticketId).executeTakeFirst()
  if (!row) throw new TicketRefusal(404, TICKET_NOT_FOUND)
  return row
}

/** The e-mails of the accounts with these ids. */
async function emailsOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((row) => [Number(row.id), row.email]))
}

function toAdminTicket(row: TicketRow, emails: Map<number, string>): AdminTicket {
  return {
    ...toTicket(row),
    user_id: String(row.user_id),
    user_email: emails.get(row.user_id) ?? '',
    assignee_id: row.assignee_id === null ? null : String(row.assignee_id),
    assignee_email: row.assignee_id === null ? null : (emails.get(row.assignee_id) ?? ''),
  }
}

export interface TicketQueueFilter {
  status?: TicketStatus | undefined
  /** An operator's id, 'me' or 'none'. */
  assignee?: string | undefined
  cursor?: string | undefined
  limit: number
}

export async function ticketQueue(
  db: Db,
  actor: Actor,
  filter: TicketQueueFilter,
): Promise<{ tickets: AdminTicket[]; nextCursor: string | null }> {
  let query = db.selectFrom('support_tickets').selectAll()
  if (filter.status !== undefined) query = query.where('status', '=', filter.status)
  if (filter.assignee === 'none') query = query.where('assignee_id', 'is', null)
  else if (filter.assignee !== undefined) {
    query = query.where('assignee_id', '=', filter.assignee === 'me' ? actor.id : Number(filter.assignee))
  }
  const before = parseIdCursor(filter.cursor)
  if (before !== undefined) query = query.where('id', '<', before)
  const rows = await query
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute()
  const page = pageOf(rows, filter.limit)
  const emails = await emailsOf(
    db,
    page.rows.flatMap((row) => (row.assignee_id === null ? [row.user_id] : [row.user_id, row.assignee_id])),
  )
  return { tickets: page.rows.map((row) => toAdminTicket(row, emails)), nextCursor: page.nextCursor }
}

async function adminThreadOf(db: Db, row: TicketRow): Promise<AdminTicketThread> {
  const messages = await messagesOf(db, row.id)
  const emails = await emailsOf(db, [
    row.user_id,
    ...(row.assignee_id === null ? [] : [row.assignee_id]),
    ...messages.map((message) => message.author_id),
  ])
  return {
    ...toAdminTicket(row, emails),
    messages: messages.map((message) => ({
      ...toTicketMessage(message),
      author_email: emails.get(message.author_id) ?? '',
    })),
  }
}

export async function adminThread(db: Db, ticketId: number): Promise<AdminTicketThread> {
  return adminThreadOf(db, await findTicket(db, ticketId))
}

/** What the audit log keeps of a ticket: its state, not its texts (the thread holds those). */
function auditView(row: TicketRow) {
  return {
    status: row.status,
    assignee_id: row.assignee_id === null ? null : String(row.assignee_id),
  }
}

async function audited(
  db: Db,
  actor: Actor,
  action: 'ticket.reply' | 'ticket.assign' | 'ticket.close' | 'ticket.reopen',
  before: TicketRow,
  after: TicketRow,
  reason: string | null,
  now: number,
): Promise<void> {
  await recordAudit(db, {
    actor,
    action,
    target: `ticket:${String(before.id)}`,
    before: auditView(before),
    after: auditView(after),
    reason,
    now,
  })
}

/** The operator answers: the ticket is answered (a closed one included) and the customer is mailed. */
export async function operatorReply(
  deps: NotifyDeps,
  actor: Actor,
  ticketId: number,
  message: string,
  now: number,
): Promise<AdminTicketThread> {
  const before = await findTicket(deps.db, ticketId)
  const after = await addMessage(deps.db, before, { side: 'operator', id: actor.id }, message, now)
  await audited(deps.db, actor, 'ticket.reply', before, after, null, now)
  await notifyTicket(deps, { kind: 'operator_replied', ticket: after, message, now })
  return adminThreadOf(deps.db, after)
}

/** Gives the ticket to a support or admin account that is not disabled (the caller included), or to nobody. */
export async function assignTicket(
  db: Db,
  actor: Actor,
  ticketId: number,
  assigneeId: string | null,
  reason: string | null,
  now: number,
): Promise<AdminTicketThread> {
  const before = await findTicket(db, ticketId)
  let assignee: number | null = null
  if (assigneeId !== null) {
    const operator = /^[1-9]\d{0,14}$/.test(assigneeId)
      ? await db
          .selectFrom('users')
          .select('id')
          .where('id', '=', Number(assigneeId))
          .where('role', 'in', ['support', 'admin'])
          .where('disabled_at', 'is', null)
          .executeTakeFirst()
      : undefined
    if (!operator) {
      throw new TicketRefusal(422, `assignee_id: ${TICKET_ASSIGNEE_NOT_OPERATOR}`, 'assignee_id')
    }
    assignee = Number(operator.id)
  }
  const after = await db
    .updateTable('support_tickets')
    .set({ assignee_id: assignee, updated_at: now })
    .where('id', '=', ticketId)
    .returningAll()
    .executeTakeFirstOrThrow()
  await audited(db, actor, 'ticket.assign', before, after, reason, now)
  return adminThreadOf(db, after)
}

/** Closes the ticket and mails the customer; closing a closed ticket changes nothing and tells nobody. */
export async function operatorClose(
  deps: NotifyDeps,
  actor: Actor,
  ticketId: number,
  reason: string | null,
  now: number,
): Promise<AdminTicketThread> {
  const before = await findTicket(deps.db, ticketId)
  const after = await closeTicketRow(deps.db, ticketId, now)
  if (after === null) return adminThreadOf(deps.db, before)
  await audited(deps.db, actor, 'ticket.close', before, after, reason, now)
  await notifyTicket(deps, { kind: 'operator_closed', ticket: after })
  return adminThreadOf(deps.db, after)
}

/** Opens a closed ticket again, back in the queue; an open or answered ticket stays as it is. */
export async function reopenTicket(
  db: Db,
  actor: Actor,
  ticketId: number,
  reason: string | null,
  now: number,
): Promise<AdminTicketThread> {
  const before = await findTicket(db, ticketId)
  const after = await db
    .updateTable('support_tickets')
    .set({ status: REOPENED_TICKET_STATUS, updated_at: now, closed_at: null })
    .where('id', '=', ticketId)
    .where('status', '=', 'closed')
    .returningAll()
    .executeTakeFirst()
  if (!after) return adminThreadOf(db, before)
  await audited(db, actor, 'ticket.reopen', before, after, reason, now)
  return adminThreadOf(db, after)
}
