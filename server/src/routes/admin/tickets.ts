import type { Hono } from 'hono'
import {
  adminThread,
  assignTicket,
  operatorClose,
  operatorReply,
  reopenTicket,
  ticketQueue,
} from '../../domain/support/operator'
import { parseTicketId } from '../../domain/support/tickets'
import { registerRoute } from '../../http/register-route'
import type { AppEnv } from '../../http/env'
import { notifyDeps } from '../support'
import { actorOf, now } from './context'

// The console's support queue (ADR 220): read, answer, assign, close and reopen customers' tickets.

export function registerTicketsRoutes(app: Hono<AppEnv>): void {
  registerRoute(app, 'adminListTickets', async (c, { query }) => {
    return c.json(await ticketQueue(c.get('deps').db, actorOf(c), query))
  })

  registerRoute(app, 'adminGetTicket', async (c, { params }) => {
    return c.json(await adminThread(c.get('deps').db, parseTicketId(params.id)))
  })

  registerRoute(app, 'adminReplyTicket', async (c, { params, body }) => {
    const ticketId = parseTicketId(params.id)
    return c.json(await operatorReply(notifyDeps(c), actorOf(c), ticketId, body.message, now(c)))
  })

  registerRoute(app, 'adminAssignTicket', async (c, { params, body }) => {
    const ticketId = parseTicketId(params.id)
    return c.json(
      await assignTicket(c.get('deps').db, actorOf(c), ticketId, body.assignee_id, body.reason, now(c)),
    )
  })

  registerRoute(app, 'adminCloseTicket', async (c, { params, body }) => {
    const ticketId = parseTicketId(params.id)
    return c.json(await operatorClose(notifyDeps(c), actorOf(c), ticketId, body.reason, now(c)))
  })

  registerRoute(app, 'adminReopenTicket', async (c, { params, body }) => {
    const ticketId = parseTicketId(params.id)
    return c.json(await reopenTicket(c.get('deps').db, actorOf(c), ticketId, body.reason, now(c)))
  })
}
