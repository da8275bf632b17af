import {
  AdminAdjustBalanceRequest,
  AdminAuditQuery,
  AdminCancelOrderRequest,
  AdminContactMethodInput,
  AdminCreateProviderRequest,
  AdminCreateServiceRequest,
  AdminDeleteQuery,
  AdminDisableUserRequest,
  AdminEnableUserRequest,
  AdminImportProviderRequest,
  AdminLedgerQuery,
  AdminOrdersQuery,
  AdminPauseOrderRequest,
  AdminPaymentsQuery,
  AdminProviderMarginRequest,
  AdminRecheckPaymentRequest,
  AdminRefundOrderRequest,
  AdminRetryJobRequest,
  AdminRetryOrderRequest,
  AdminSetOrderStatusRequest,
  AdminSetRoleRequest,
  AdminUpdateInput,
  AdminUpdateProviderRequest,
  AdminUpdateServiceRequest,
  AdminUsersQuery,
  CONTACT_METHOD_NOT_FOUND,
  type AdminEndpointName,
  adminEndpoints,
  IdParam,
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
import { requireAuth, requireRole } from '../http/auth'
import type { AppEnv } from '../http/env'
import { handleError, HttpError } from '../http/errors'
import { validate } from '../http/validate'
import { handleOrderErrors } from './orders'

// The operator console's API, everything under /api/admin/ (issue 10, ADR 070). Every call needs a signed-in
// account (401 without one) whose role covers the `role` its entry in the contract's operator registry
// (adminEndpoints) names (403 otherwise): the registry is the one statement of the permission matrix, read here
// by `guard`.

/** The role guard of an operator registry entry. */
function guard(name: AdminEndpointName) {
  return requireRole(adminEndpoints[name].role)
}

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
  .use('/admin/*', requireAuth)

  .get('/admin/me', guard('adminMe'), async (c) => {
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

  .get('/admin/audit', guard('adminAudit'), validate('query', AdminAuditQuery), async (c) => {
    return c.json(await listAudit(c.var.deps.db, c.req.valid('query')))
  })

  // ---- Services ----
  .get('/admin/services', guard('adminListServices'), async (c) => {
    return c.json({ services: await listAdminServices(c.var.deps.db) })
  })
  .post(
    '/admin/services',
    guard('adminCreateService'),
    validate('json', AdminCreateServiceRequest),
    async (c) => {
      return c.json(await createService(c.var.deps.db, actorOf(c), c.req.valid('json'), now(c)), 201)
    },
  )
  .put(
    '/admin/services/:id',
    guard('adminUpdateService'),
    validate('param', IdParam),
    validate('json', AdminUpdateServiceRequest),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, SERVICE_NOT_FOUND)
      return c.json(await updateService(c.var.deps.db, actorOf(c), id, c.req.valid('json'), now(c)))
    },
  )

  // ---- Providers ----
  .get('/admin/providers', guard('adminListProviders'), async (c) => {
    return c.json({ providers: await listAdminProviders(c.var.deps.db, c.var.deps.config.dataKey) })
  })
  .post(
    '/admin/providers',
    guard('adminCreateProvider'),
    validate('json', AdminCreateProviderRequest),
    async (c) => {
      const { db, config } = c.var.deps
      return c.json(await createProvider(db, config.dataKey, actorOf(c), c.req.valid('json'), now(c)), 201)
    },
  )
  .put(
    '/admin/providers/:id',
    guard('adminUpdateProvider'),
    validate('param', IdParam),
    validate('json', AdminUpdateProviderRequest),
    async (c) => {
      const { db, config } = c.var.deps
      const id = parseRowId(c.req.valid('param').id, PROVIDER_NOT_FOUND)
      return c.json(await updateProvider(db, config.dataKey, actorOf(c), id, c.req.valid('json'), now(c)))
    },
  )
  .get(
    '/admin/providers/:id/balance',
    guard('adminProviderBalance'),
    validate('param', IdParam),
    async (c) => {
      const { db, config } = c.var.deps
      const id = parseRowId(c.req.valid('param').id, PROVIDER_NOT_FOUND)
      return c.json(await providerBalance(db, config.dataKey, id, now(c)))
    },
  )
  .get(
    '/admin/providers/:id/services',
    guard('adminProviderServices'),
    validate('param', IdParam),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, PROVIDER_NOT_FOUND)
      return c.json({ services: await listAdminProviderServices(c.var.deps.db, id) })
    },
  )
  .post(
    '/admin/providers/:id/import',
    guard('adminImportProviderServices'),
    validate('param', IdParam),
    validate('json', AdminImportProviderRequest),
    async (c) => {
      const { db, config } = c.var.deps
      const id = parseRowId(c.req.valid('param').id, PROVIDER_NOT_FOUND)
      const services = await importAdminProviderServices(
        db,
        config.dataKey,
        actorOf(c),
        id,
        c.req.valid('json').reason,
        now(c),
      )
      return c.json({ services })
    },
  )
  .post(
    '/admin/providers/:id/margin',
    guard('adminProviderMargin'),
    validate('param', IdParam),
    validate('json', AdminProviderMarginRequest),
    async (c) => {
      const { db, config } = c.var.deps
      const id = parseRowId(c.req.valid('param').id, PROVIDER_NOT_FOUND)
      const body = c.req.valid('json')
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
    },
  )

  // ---- Users ----
  .get('/admin/users', guard('adminListUsers'), validate('query', AdminUsersQuery), async (c) => {
    return c.json(await searchUsers(c.var.deps.db, c.req.valid('query')))
  })
  .get('/admin/users/:id', guard('adminGetUser'), validate('param', IdParam), async (c) => {
    const id = parseRowId(c.req.valid('param').id, USER_NOT_FOUND)
    return c.json(await userDetail(c.var.deps.db, id, now(c)))
  })
  .get(
    '/admin/users/:id/ledger',
    guard('adminUserLedger'),
    validate('param', IdParam),
    validate('query', AdminLedgerQuery),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, USER_NOT_FOUND)
      return c.json(await userLedger(c.var.deps.db, id, c.req.valid('query')))
    },
  )
  .post(
    '/admin/users/:id/balance',
    guard('adminAdjustBalance'),
    validate('param', IdParam),
    validate('json', AdminAdjustBalanceRequest),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, USER_NOT_FOUND)
      const body = c.req.valid('json')
      return c.json(
        await adjustBalance(
          c.var.deps.db,
          actorOf(c),
          id,
          { amountUsd: body.amount, reason: body.reason, idempotencyKey: body.idempotency_key },
          now(c),
        ),
      )
    },
  )
  .put(
    '/admin/users/:id/role',
    guard('adminSetUserRole'),
    validate('param', IdParam),
    validate('json', AdminSetRoleRequest),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, USER_NOT_FOUND)
      return c.json({ user: await setUserRole(c.var.deps.db, actorOf(c), id, c.req.valid('json'), now(c)) })
    },
  )
  .post(
    '/admin/users/:id/disable',
    guard('adminDisableUser'),
    validate('param', IdParam),
    validate('json', AdminDisableUserRequest),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, USER_NOT_FOUND)
      const { reason } = c.req.valid('json')
      return c.json({
        user: await setUserDisabled(c.var.deps.db, actorOf(c), id, { disabled: true, reason }, now(c)),
      })
    },
  )
  .post(
    '/admin/users/:id/enable',
    guard('adminEnableUser'),
    validate('param', IdParam),
    validate('json', AdminEnableUserRequest),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, USER_NOT_FOUND)
      const { reason } = c.req.valid('json')
      return c.json({
        user: await setUserDisabled(c.var.deps.db, actorOf(c), id, { disabled: false, reason }, now(c)),
      })
    },
  )

  // ---- Orders ----
  .get('/admin/orders', guard('adminListOrders'), validate('query', AdminOrdersQuery), async (c) => {
    return c.json(await listAdminOrders(c.var.deps.db, c.req.valid('query')))
  })
  .get('/admin/orders/:id', guard('adminGetOrder'), validate('param', IdParam), async (c) => {
    const id = parseRowId(c.req.valid('param').id, ORDER_NOT_FOUND)
    return c.json(await orderDetail(c.var.deps.db, id))
  })
  .post(
    '/admin/orders/:id/retry',
    guard('adminRetryOrder'),
    validate('param', IdParam),
    validate('json', AdminRetryOrderRequest),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, ORDER_NOT_FOUND)
      const { message, order } = await adminRetryOrder(
        c.var.deps.db,
        actorOf(c),
        id,
        c.req.valid('json').reason,
        now(c),
      )
      return c.json({ message, order })
    },
  )
  .post(
    '/admin/orders/:id/pause',
    guard('adminPauseOrder'),
    validate('param', IdParam),
    validate('json', AdminPauseOrderRequest),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, ORDER_NOT_FOUND)
      const { message, order } = await adminPauseOrder(
        c.var.deps.db,
        actorOf(c),
        id,
        c.req.valid('json').reason,
        now(c),
      )
      return c.json({ message, order })
    },
  )
  .post(
    '/admin/orders/:id/cancel',
    guard('adminCancelOrder'),
    validate('param', IdParam),
    validate('json', AdminCancelOrderRequest),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, ORDER_NOT_FOUND)
      const { message, order, accepted } = await adminCancelOrder(
        c.var.deps.db,
        actorOf(c),
        id,
        c.req.valid('json').reason,
        now(c),
      )
      // 202 while the provider is asked (its answer refunds what it did not deliver), as the customer's cancel.
      return c.json({ message, order }, accepted === true ? 202 : 200)
    },
  )
  .post(
    '/admin/orders/:id/refund',
    guard('adminRefundOrder'),
    validate('param', IdParam),
    validate('json', AdminRefundOrderRequest),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, ORDER_NOT_FOUND)
      const body = c.req.valid('json')
      const { message, order } = await adminRefundOrder(
        c.var.deps.db,
        actorOf(c),
        id,
        { amountUsd: body.amount, reason: body.reason, idempotencyKey: body.idempotency_key },
        now(c),
      )
      return c.json({ message, order })
    },
  )
  .post(
    '/admin/orders/:id/status',
    guard('adminSetOrderStatus'),
    validate('param', IdParam),
    validate('json', AdminSetOrderStatusRequest),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, ORDER_NOT_FOUND)
      const body = c.req.valid('json')
      const { message, order } = await adminSetOrderStatus(
        c.var.deps.db,
        actorOf(c),
        id,
        { status: body.status, reason: body.reason, remains: body.remains, startCount: body.start_count },
        now(c),
      )
      return c.json({ message, order })
    },
  )

  // ---- Payments ----
  .get('/admin/payments', guard('adminListPayments'), validate('query', AdminPaymentsQuery), async (c) => {
    return c.json(await listAdminPayments(c.var.deps.db, c.req.valid('query')))
  })
  .post(
    '/admin/payments/:id/recheck',
    guard('adminRecheckPayment'),
    validate('param', IdParam),
    validate('json', AdminRecheckPaymentRequest),
    async (c) => {
      const { db, adapters, clock } = c.var.deps
      const id = parseRowId(c.req.valid('param').id, PAYMENT_NOT_FOUND)
      return c.json(
        await recheckPayment(db, adapters?.payments, actorOf(c), id, c.req.valid('json').reason, () =>
          clock.now(),
        ),
      )
    },
  )

  // ---- Updates and contact methods ----
  .get('/admin/updates', guard('adminListUpdates'), async (c) => {
    return c.json({ updates: await listAdminUpdates(c.var.deps.db) })
  })
  .post('/admin/updates', guard('adminCreateUpdate'), validate('json', AdminUpdateInput), async (c) => {
    return c.json(await createUpdate(c.var.deps.db, actorOf(c), c.req.valid('json'), now(c)), 201)
  })
  .put(
    '/admin/updates/:id',
    guard('adminEditUpdate'),
    validate('param', IdParam),
    validate('json', AdminUpdateInput),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, UPDATE_NOT_FOUND)
      return c.json(await editUpdate(c.var.deps.db, actorOf(c), id, c.req.valid('json'), now(c)))
    },
  )
  .delete(
    '/admin/updates/:id',
    guard('adminDeleteUpdate'),
    validate('param', IdParam),
    validate('query', AdminDeleteQuery),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, UPDATE_NOT_FOUND)
      await deleteUpdate(c.var.deps.db, actorOf(c), id, c.req.valid('query').reason, now(c))
      return c.json({ message: `Update ${String(id)} deleted` })
    },
  )
  .get('/admin/contact-methods', guard('adminListContactMethods'), async (c) => {
    return c.json({ contact_methods: await listAdminContactMethods(c.var.deps.db) })
  })
  .post(
    '/admin/contact-methods',
    guard('adminCreateContactMethod'),
    validate('json', AdminContactMethodInput),
    async (c) => {
      return c.json(await createContactMethod(c.var.deps.db, actorOf(c), c.req.valid('json'), now(c)), 201)
    },
  )
  .put(
    '/admin/contact-methods/:id',
    guard('adminEditContactMethod'),
    validate('param', IdParam),
    validate('json', AdminContactMethodInput),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, CONTACT_METHOD_NOT_FOUND)
      return c.json(await editContactMethod(c.var.deps.db, actorOf(c), id, c.req.valid('json'), now(c)))
    },
  )
  .delete(
    '/admin/contact-methods/:id',
    guard('adminDeleteContactMethod'),
    validate('param', IdParam),
    validate('query', AdminDeleteQuery),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, CONTACT_METHOD_NOT_FOUND)
      await deleteContactMethod(c.var.deps.db, actorOf(c), id, c.req.valid('query').reason, now(c))
      return c.json({ message: `Contact method ${String(id)} deleted` })
    },
  )

  // ---- Jobs ----
  .get('/admin/jobs', guard('adminJobs'), async (c) => {
    return c.json(await adminJobs(c.var.deps.db))
  })
  .post(
    '/admin/jobs/:id/retry',
    guard('adminRetryJob'),
    validate('param', IdParam),
    validate('json', AdminRetryJobRequest),
    async (c) => {
      const id = parseRowId(c.req.valid('param').id, JOB_NOT_FOUND)
      return c.json({
        job: await retryDeadJob(c.var.deps.db, actorOf(c), id, c.req.valid('json').reason, now(c)),
      })
    },
  )
  .onError(handleAdminErrors)
