import type { Selectable } from 'kysely'
import type { Mailer } from '../../adapters/mail'
import type { Db } from '../../db/connect'
import type { SupportTicketsTable } from '../../db/schema'
import type { Logger } from '../../logger'
import { notify } from '../notifications'
import { listContactMethods } from '../panel-content'

// Who hears of what happens in a support ticket, by e-mail (ADR 220). This is the one place that sends ticket
// mail: the customer when an operator replies or closes, and support when a customer opens a ticket or writes
// in it: the operator the ticket is assigned to, or else the support mailbox the Contact Us methods list (the
// first `mailto:` method). Each mail links to the ticket. A mail that cannot be written is logged and does not
// undo the ticket's change, which is already committed.

export interface NotifyDeps {
  db: Db
  mailer: Mailer
  logger: Logger
  /** The panel's public origin, where the links point. */
  publicUrl: string
}

type TicketRow = Selectable<SupportTicketsTable>

export type TicketNotice =
  /** The customer opened the ticket (`opened`) or wrote in it. */
  | { kind: 'customer_wrote'; ticket: TicketRow; message: string; opened: boolean }
  | { kind: 'operator_replied'; ticket: TicketRow; message: string; now: number }
  | { kind: 'operator_closed'; ticket: TicketRow }

/** The customer's page of a ticket and the console's. */
export function customerTicketLink(publicUrl: string, ticketId: number): string {
  return `${publicUrl}/support/${String(ticketId)}`
}
export function consoleTicketLink(publicUrl: string, ticketId: number): string {
  return `${publicUrl}/admin/tickets/${String(ticketId)}`
}

function ticketName(ticket: TicketRow): string {
  return `Ticket #${String(ticket.id)}: ${ticket.subject}`
}

export async function notifyTicket(deps: NotifyDeps, notice: TicketNotice): Promise<void> {
  try {
    if (notice.kind === 'customer_wrote') await mailSupport(deps, notice)
    else await mailCustomer(deps, notice)
  } catch (error) {
    deps.logger.error('Ticket mail could not be sent', {
      ticket: notice.ticket.id,
      kind: notice.kind,
      error: error instanceof Error ? error.message : String(error),
    })
  }
}

/**
 * Tells the ticket's owner. A reply is a notification (the bell's list, and an e-mail when the customer's
 * "ticket replies" switch is on, sent by the notification-mail job); a closing is mailed.
 */
async function mailCustomer(
  deps: NotifyDeps,
  notice: Extract<TicketNotice, { kind: 'operator_replied' | 'operator_closed' }>,
): Promise<void> {
  const { ticket } = notice
  if (notice.kind === 'operator_replied') {
    const payload = {
      ticketId: ticket.id,
      subject: ticket.subject,
      link: `/support/${String(ticket.id)}`,
      message: notice.message,
    }
    await deps.db
      .transaction()
      .execute((trx) => notify(trx, ticket.user_id, 'ticket_reply', payload, notice.now))
    return
  }
  const owner = await deps.db
    .selectFrom('users')
    .select(['email', 'disabled_at'])
    .where('id', '=', ticket.user_id)
    .executeTakeFirst()
  if (!owner || owner.disabled_at !== null) return
  const link = customerTicketLink(deps.publicUrl, ticket.id)
  await deps.mailer.send({
    to: owner.email,
    subject: `Ticket closed: ${ticketName(ticket)}`,
    text: `Support closed your ticket "${ticket.subject}".\n\nIf you still need help, reply in the ticket and it opens again:\n${link}`,
  })
}

/** Mail to the assigned operator, or to the support mailbox when nobody has the ticket. */
async function mailSupport(
  deps: NotifyDeps,
  notice: Extract<TicketNotice, { kind: 'customer_wrote' }>,
): Promise<void> {
  const { ticket } = notice
  const to = (await assigneeAddress(deps.db, ticket)) ?? (await supportMailbox(deps.db))
  if (to === null) {
    deps.logger.warn('No operator or support mailbox to tell of a ticket', { ticket: ticket.id })
    return
  }
  const customer = await deps.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', ticket.user_id)
    .executeTakeFirst()
  const who = customer?.email ?? `user ${String(ticket.user_id)}`
  const about = ticket.order_id === null ? '' : ` about order ${String(ticket.order_id)}`
  await deps.mailer.send({
    to,
    subject: `${notice.opened ? 'New ticket' : 'Customer replied'}: ${ticketName(ticket)}`,
    text:
      `${who} ${notice.opened ? `opened a ticket${about}` : 'wrote in their ticket'} "${ticket.subject}":\n\n` +
      `${notice.message}\n\nAnswer it in the console:\n${consoleTicketLink(deps.publicUrl, ticket.id)}`,
  })
}

async function assigneeAddress(db: Db, ticket: TicketRow): Promise<string | null> {
  if (ticket.assignee_id === null) return null
  const operator = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', ticket.assignee_id)
    .where('role', 'in', ['support', 'admin'])
    .where('disabled_at', 'is', null)
    .executeTakeFirst()
  return operator?.email ?? null
}

/** The address of the first Contact Us method that is a mailto: link ('mailto:support@x?subject=...'). */
async function supportMailbox(db: Db): Promise<string | null> {
  for (const method of await listContactMethods(db)) {
    const match = method.url === null ? null : /^mailto:([^?]+)/i.exec(method.url)
    if (match?.[1]) return decodeURIComponent(match[1])
  }
  return null
}
