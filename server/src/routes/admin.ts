import {
  CONTACT_METHOD_NOT_FOUND,
  JOB_NOT_FOUND,
  ORDER_NOT_FOUND,
  PAYMENT_NOT_FOUND,
  PROVIDER_NOT_FOUND,
  SERVICE_NOT_FOUND,
  UPDATE_NOT_FOUND,
  USER_NOT_FOUND,
} from '@engage/contract'
import { type Context, type ErrorHandler, Hono } from 'hono'
import { listAudit } from '../domain/admin/audit'
import { type Actor, AdminRefusal, parseRowId } from '../domain/admin/common'
import {
  createContactMethod,
  createUpdate,
  deleteContactMethod,
  deleteUpdate,
  editContactMethod,
  editUpdate,
  listAdminContactMethods,
  listAdminUpdates,
} from '../domain/admin/content'
import { adminJobs, retryDeadJob } from '../domain/admin/jobs'
import {
  adminCancelOrder,
  adminPauseOrder,
  adminRefundOrder,
  adminRetryOrder,
  adminSetOrderStatus,
  listAdminOrders,
  orderDetail,
} from '../domain/admin/orders'
import { listAdminPayments, recheckPayment } from '../domain/admin/payments'
import {
  applyProviderMargin,
  createProvider,
  importAdminProviderServices,
  listAdminProviders,
  listAdminProviderServices,
  providerBalance,
  updateProvider,
} from '../domain/admin/providers'
import { createService, listAdminServices, updateService } from '../domain/admin/services'
import {
  adjustBalance,
  searchUsers,
  setUserDisabled,
  setUserRole,
  userDetail,
  userLedger,
} from '../domain/admin/users'
import { OrderRefusal } from '../domain/orders'
import { requireAuth } from '../http/auth'
import { registerRoute } from '../http/register-route'
import type { AppEnv } from '../http/env'
import { handleError, HttpError } from '../http/errors'
import { handleOrderErrors } from './orders'

// The operator console's API, everything under /api/admin/ (ADR 070). Every call needs a signed-in account
// (401 without one) whose role covers the `role` its entry in the contract's operator registry (adminEndpoints)
// names (403 otherwise): registerRoute reads the guard from the entry, so the registry is the one statement of
// the permission matrix.

function actorOf(c: Context<AppEnv>): Actor {
  return { id: c.var.user.id, email: c.var.user.email, role: c.var.user.role }
}

function now(c: Context<AppEnv>): number {
  return c.var.deps.clock.now()
}

const handleAdminErrors: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof AdminRefusal) {
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
  const user = await c.var.deps.db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'role'])
    .where('id', '=', c.var.user.id)
    .executeTakeFirstOrThrow()
  return c.json({
    id: String(user.id),
    email: user.email,
    username: user.username,
    role: user.role === 'admin' ? ('admin' as const) : ('support' as const),
  })
})

registerRoute(adminRoutes, 'adminAudit', async (c, { query }) => {
  return c.json(await listAudit(c.var.deps.db, query))
})

// ---- Services ----

registerRoute(adminRoutes, 'adminListServices', async (c) => {
  return c.json({ services: await listAdminServices(c.var.deps.db) })
})

registerRoute(adminRoutes, 'adminCreateService', async (c, { body }) => {
  return c.json(await createService(c.var.deps.db, actorOf(c), body, now(c)), 201)
})

registerRoute(adminRoutes, 'adminUpdateService', async (c, { params, body }) => {
  const id = parseRowId(params.id, SERVICE_NOT_FOUND)
  return c.json(await updateService(c.var.deps.db, actorOf(c), id, body, now(c)))
})

// ---- Providers ----

registerRoute(adminRoutes, 'adminListProviders', async (c) => {
  return c.json({ providers: await listAdminProviders(c.var.deps.db, c.var.deps.config.dataKey) })
})

registerRoute(adminRoutes, 'adminCreateProvider', async (c, { body }) => {
  const { db, config } = c.var.deps
  return c.json(await createProvider(db, config.dataKey, actorOf(c), body, now(c)), 201)
})

registerRoute(adminRoutes, 'adminUpdateProvider', async (c, { params, body }) => {
  const { db, config } = c.var.deps
  const id = parseRowId(params.id, PROVIDER_NOT_FOUND)
  return c.json(await updateProvider(db, config.dataKey, actorOf(c), id, body, now(c)))
})

registerRoute(adminRoutes, 'adminProviderBalance', async (c, { params }) => {
  const { db, config } = c.var.deps
  const id = parseRowId(params.id, PROVIDER_NOT_FOUND)
  return c.json(await providerBalance(db, config.dataKey, id, now(c)))
})

registerRoute(adminRoutes, 'adminProviderServices', async (c, { params }) => {
  const id = parseRowId(params.id, PROVIDER_NOT_FOUND)
  return c.json({ services: await listAdminProviderServices(c.var.deps.db, id) })
})

registerRoute(adminRoutes, 'adminImportProviderServices', async (c, { params, body }) => {
  const { db, config } = c.var.deps
  const id = parseRowId(params.id, PROVIDER_NOT_FOUND)
  const services = await importAdminProviderServices(db, config.dataKey, actorOf(c), id, body.reason, now(c))
  return c.json({ services })
})

registerRoute(adminRoutes, 'adminProviderMargin', async (c, { params, body }) => {
  const { db, config } = c.var.deps
  const id = parseRowId(params.id, PROVIDER_NOT_FOUND)
  return c.json(
    await applyProviderMargin(
      db,
      config.dataKey,
      actorOf(c),
      id,
      { marginPercent: body.margin_percent, reason: body.reason },
      now(c),
    ),
  )
})

// ---- Users ----

registerRoute(adminRoutes, 'adminListUsers', async (c, { query }) => {
  return c.json(await searchUsers(c.var.deps.db, query))
})

registerRoute(adminRoutes, 'adminGetUser', async (c, { params }) => {
  const id = parseRowId(params.id, USER_NOT_FOUND)
  return c.json(await userDetail(c.var.deps.db, id, now(c)))
})

registerRoute(adminRoutes, 'adminUserLedger', async (c, { params, query }) => {
  const id = parseRowId(params.id, USER_NOT_FOUND)
  return c.json(await userLedger(c.var.deps.db, id, query))
})

registerRoute(adminRoutes, 'adminAdjustBalance', async (c, { params, body }) => {
  const id = parseRowId(params.id, USER_NOT_FOUND)
  return c.json(
    await adjustBalance(
      c.var.deps.db,
      actorOf(c),
      id,
      { amountUsd: body.amount, reason: body.reason, idempotencyKey: body.idempotency_key },
      now(c),
    ),
  )
})

registerRoute(adminRoutes, 'adminSetUserRole', async (c, { params, body }) => {
  const id = parseRowId(params.id, USER_NOT_FOUND)
  return c.json({ user: await setUserRole(c.var.deps.db, actorOf(c), id, body, now(c)) })
})

registerRoute(adminRoutes, 'adminDisableUser', async (c, { params, body }) => {
  const id = parseRowId(params.id, USER_NOT_FOUND)
  const { reason } = body
  return c.json({
    user: await setUserDisabled(c.var.deps.db, actorOf(c), id, { disabled: true, reason }, now(c)),
  })
})

registerRoute(adminRoutes, 'adminEnableUser', async (c, { params, body }) => {
  const id = parseRowId(params.id, USER_NOT_FOUND)
  const { reason } = body
  return c.json({
    user: await setUserDisabled(c.var.deps.db, actorOf(c), id, { disabled: false, reason }, now(c)),
  })
})

// ---- Orders ----

registerRoute(adminRoutes, 'adminListOrders', async (c, { query }) => {
  return c.json(await listAdminOrders(c.var.deps.db, query))
})

registerRoute(adminRoutes, 'adminGetOrder', async (c, { params }) => {
  const id = parseRowId(params.id, ORDER_NOT_FOUND)
  return c.json(await orderDetail(c.var.deps.db, id))
})

registerRoute(adminRoutes, 'adminRetryOrder', async (c, { params, body }) => {
  const id = parseRowId(params.id, ORDER_NOT_FOUND)
  const { message, order } = await adminRetryOrder(c.var.deps.db, actorOf(c), id, body.reason, now(c))
  return c.json({ message, order })
})

registerRoute(adminRoutes, 'adminPauseOrder', async (c, { params, body }) => {
  const id = parseRowId(params.id, ORDER_NOT_FOUND)
  const { message, order } = await adminPauseOrder(c.var.deps.db, actorOf(c), id, body.reason, now(c))
  return c.json({ message, order })
})

registerRoute(adminRoutes, 'adminCancelOrder', async (c, { params, body }) => {
  const id = parseRowId(params.id, ORDER_NOT_FOUND)
  const { message, order, accepted } = await adminCancelOrder(
    c.var.deps.db,
    actorOf(c),
    id,
    body.reason,
    now(c),
  )
  // 202 while the provider is asked (its answer refunds what it did not deliver), as the customer's cancel.
  return c.json({ message, order }, accepted === true ? 202 : 200)
})

registerRoute(adminRoutes, 'adminRefundOrder', async (c, { params, body }) => {
  const id = parseRowId(params.id, ORDER_NOT_FOUND)
  const { message, order } = await adminRefundOrder(
    c.var.deps.db,
    actorOf(c),
    id,
    { amountUsd: body.amount, reason: body.reason, idempotencyKey: body.idempotency_key },
    now(c),
  )
  return c.json({ message, order })
})

registerRoute(adminRoutes, 'adminSetOrderStatus', async (c, { params, body }) => {
  const id = parseRowId(params.id, ORDER_NOT_FOUND)
  const { message, order } = await adminSetOrderStatus(
    c.var.deps.db,
    actorOf(c),
    id,
    { status: body.status, reason: body.reason, remains: body.remains, startCount: body.start_count },
    now(c),
  )
  return c.json({ message, order })
})

// ---- Payments ----

registerRoute(adminRoutes, 'adminListPayments', async (c, { query }) => {
  return c.json(await listAdminPayments(c.var.deps.db, query))
})

registerRoute(adminRoutes, 'adminRecheckPayment', async (c, { params, body }) => {
  const { db, adapters, clock } = c.var.deps
  const id = parseRowId(params.id, PAYMENT_NOT_FOUND)
  return c.json(await recheckPayment(db, adapters?.payments, actorOf(c), id, body.reason, () => clock.now()))
})

// ---- Updates and contact methods ----

registerRoute(adminRoutes, 'adminListUpdates', async (c) => {
  return c.json({ updates: await listAdminUpdates(c.var.deps.db) })
})

registerRoute(adminRoutes, 'adminCreateUpdate', async (c, { body }) => {
  return c.json(await createUpdate(c.var.deps.db, actorOf(c), body, now(c)), 201)
})

registerRoute(adminRoutes, 'adminEditUpdate', async (c, { params, body }) => {
  const id = parseRowId(params.id, UPDATE_NOT_FOUND)
  return c.json(await editUpdate(c.var.deps.db, actorOf(c), id, body, now(c)))
})

registerRoute(adminRoutes, 'adminDeleteUpdate', async (c, { params, query }) => {
  const id = parseRowId(params.id, UPDATE_NOT_FOUND)
  await deleteUpdate(c.var.deps.db, actorOf(c), id, query.reason, now(c))
  return c.json({ message: `Update ${String(id)} deleted` })
})

registerRoute(adminRoutes, 'adminListContactMethods', async (c) => {
  return c.json({ contact_methods: await listAdminContactMethods(c.var.deps.db) })
})

registerRoute(adminRoutes, 'adminCreateContactMethod', async (c, { body }) => {
  return c.json(await createContactMethod(c.var.deps.db, actorOf(c), body, now(c)), 201)
})

registerRoute(adminRoutes, 'adminEditContactMethod', async (c, { params, body }) => {
  const id = parseRowId(params.id, CONTACT_METHOD_NOT_FOUND)
  return c.json(await editContactMethod(c.var.deps.db, actorOf(c), id, body, now(c)))
})

registerRoute(adminRoutes, 'adminDeleteContactMethod', async (c, { params, query }) => {
  const id = parseRowId(params.id, CONTACT_METHOD_NOT_FOUND)
  await deleteContactMethod(c.var.deps.db, actorOf(c), id, query.reason, now(c))
  return c.json({ message: `Contact method ${String(id)} deleted` })
})

// ---- Jobs ----

registerRoute(adminRoutes, 'adminJobs', async (c) => {
  return c.json(await adminJobs(c.var.deps.db))
})

registerRoute(adminRoutes, 'adminRetryJob', async (c, { params, body }) => {
  const id = parseRowId(params.id, JOB_NOT_FOUND)
  return c.json({
    job: await retryDeadJob(c.var.deps.db, actorOf(c), id, body.reason, now(c)),
  })
})
