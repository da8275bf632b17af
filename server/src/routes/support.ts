import { type Context, Hono } from 'hono'
import { requireAuth } from '../http/auth'
import { registerRoute } from '../http/register-route'
import type { AppEnv } from '../http/env'
import { handleError, HttpError } from '../http/errors'
import type { NotifyDeps } from '../domain/support/notify'
import {
  customerClose,
  customerReply,
  customerThread,
  listTicketsOf,
  openTicket,
  parseTicketId,
  TicketRefusal,
} from '../domain/support/tickets'

// /api/support/tickets...: the customer's support tickets (ADR 220). Every call is about the signed-in
// customer's own tickets; another customer's ticket answers 404 as a missing one does.

export const supportRoutes = new Hono<AppEnv>()
// Set before the routes: a mounted sub-app keeps the error handler it had when app.route() took it.
supportRoutes.onError((error, c) =>
  handleError(
    error instanceof TicketRefusal
      ? new HttpError(
          error.status,
          error.detail,
          error.field === undefined ? {} : { fields: { field: error.field } },
        )
      : error,
    c,
  ),
)
supportRoutes.use('/support/*', requireAuth)

/** What the ticket mails need: the database, the mailer, the log and where the links point. */
export function notifyDeps(c: Context<AppEnv>): NotifyDeps {
  const { db, mailer, logger, config } = c.get('deps')
  return { db, mailer, logger, publicUrl: config.publicUrl }
}

registerRoute(supportRoutes, 'listTickets', async (c, { query }) => {
  return c.json(await listTicketsOf(c.get('deps').db, c.get('user').id, query))
})

registerRoute(supportRoutes, 'createTicket', async (c, { body }) => {
  return c.json(await openTicket(notifyDeps(c), c.get('user').id, body, c.get('deps').clock.now()), 201)
})

registerRoute(supportRoutes, 'getTicket', async (c, { params }) => {
  return c.json(await customerThread(c.get('deps').db, c.get('user').id, parseTicketId(params.id)))
})

registerRoute(supportRoutes, 'replyTicket', async (c, { params, body }) => {
  const ticketId = parseTicketId(params.id)
  return c.json(
    await customerReply(notifyDeps(c), c.get('user').id, ticketId, body.message, c.get('deps').clock.now()),
  )
})

registerRoute(supportRoutes, 'closeTicket', async (c, { params }) => {
  const ticketId = parseTicketId(params.id)
  return c.json(await customerClose(c.get('deps').db, c.get('user').id, ticketId, c.get('deps').clock.now()))
})
