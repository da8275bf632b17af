import { type ErrorHandler, Hono } from 'hono'
import { listAudit } from '../../domain/admin/audit'
import { AdminRefusal } from '../../domain/admin/common'
import { operatorMe } from '../../domain/admin/users'
import { OrderRefusal } from '../../domain/orders'
import { TicketRefusal } from '../../domain/support/tickets'
import { requireAuth } from '../../http/auth'
import { registerRoute } from '../../http/register-route'
import type { AppEnv } from '../../http/env'
import { handleError, HttpError } from '../../http/errors'
import { handleOrderErrors } from '../../http/order-errors'
import { registerServicesRoutes } from './services'
import { registerProvidersRoutes } from './providers'
import { registerUsersRoutes } from './users'
import { registerOrdersRoutes } from './orders'
import { registerPaymentsRoutes } from './payments'
import { registerContentRoutes } from './content'
import { registerJobsRoutes } from './jobs'
import { registerTicketsRoutes } from './tickets'
import { registerAffiliateRoutes } from './affiliates'
import { registerReportsRoutes } from './reports'

// The operator console's API, everything under /api/admin/ (ADR 070). Every call needs a signed-in account
// (401 without one) whose role covers the `role` its entry in the contract's operator registry (adminEndpoints)
// names (403 otherwise): registerRoute reads the guard from the entry, so the registry is the one statement of
// the permission matrix.

const handleAdminErrors: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof AdminRefusal || error instanceof TicketRefusal) {
    return handleError(
      new HttpError(
        error.status,
        error.detail,
        error.field === undefined ? {} : { fields: { field: error.field } },
      ),
      c,
    )
  }
  // The customer's order rules (cancel, retry) refuse in their own shape.
  if (error instanceof OrderRefusal) return handleOrderErrors(error, c)
  return handleError(error, c)
}

export const adminRoutes = new Hono<AppEnv>()
// Set before the routes: a mounted sub-app keeps the error handler it had when app.route() took it.
adminRoutes.onError(handleAdminErrors)
adminRoutes.use('/admin/*', requireAuth)

registerRoute(adminRoutes, 'adminMe', async (c) => {
  return c.json(await operatorMe(c.get('deps').db, c.get('user').id))
})

registerRoute(adminRoutes, 'adminAudit', async (c, { query }) => {
  return c.json(await listAudit(c.get('deps').db, query))
})

registerServicesRoutes(adminRoutes)
registerProvidersRoutes(adminRoutes)
registerUsersRoutes(adminRoutes)
registerOrdersRoutes(adminRoutes)
registerPaymentsRoutes(adminRoutes)
registerContentRoutes(adminRoutes)
registerJobsRoutes(adminRoutes)
registerTicketsRoutes(adminRoutes)
registerAffiliateRoutes(adminRoutes)
registerReportsRoutes(adminRoutes)
