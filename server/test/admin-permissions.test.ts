import {
  ADMIN_ONLY,
  type AdminEndpointDefinition,
  type AdminEndpointName,
  adminEndpoints,
  AUTHENTICATION_REQUIRED,
  endpoints,
  OPERATOR_FORBIDDEN,
  type OperatorRole,
} from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authed, createTestApp, signUp, type TestApp } from './support/app'

// The permission matrix of the operator console (ADR 070): every /api/admin route × {no token, customer,
// support, admin}. The table below is the matrix's statement in the tests; it must name exactly the routes the
// app registered and the operator entries of the contract's registry, so a route added without a row fails.
// Writes aim at rows that do not exist (id 999999) where they take an id: a 404 shows the call got past the
// guard into its handler without changing anything.

type Caller = 'none' | 'customer' | 'support' | 'admin'

interface Row {
  name: AdminEndpointName
  /** The concrete path called. */
  path: string
  body?: () => unknown
  /** The status an allowed caller gets. */
  allowed: number
}

const MISSING = '999999'
let counter = 0
const unique = (prefix: string) => {
  counter += 1
  return `${prefix}_${String(counter)}`
}

const rows: Row[] = [
  { name: 'adminMe', path: '/api/admin/me', allowed: 200 },
  { name: 'adminAudit', path: '/api/admin/audit?limit=5', allowed: 200 },
  { name: 'adminListServices', path: '/api/admin/services', allowed: 200 },
  {
    name: 'adminCreateService',
    path: '/api/admin/services',
    body: () => ({ name: unique('svc'), rate_per_1k: 1.5, min_quantity: 10, max_quantity: 1000 }),
    allowed: 201,
  },
  {
    name: 'adminUpdateService',
    path: `/api/admin/services/${MISSING}`,
    body: () => ({ rate_per_1k: 2 }),
    allowed: 404,
  },
  { name: 'adminListProviders', path: '/api/admin/providers', allowed: 200 },
  {
    name: 'adminCreateProvider',
    path: '/api/admin/providers',
    body: () => ({ name: unique('Panel'), api_url: 'https://panel.example/api/v2', api_key: 'k-123456789' }),
    allowed: 201,
  },
  {
    name: 'adminUpdateProvider',
    path: `/api/admin/providers/${MISSING}`,
    body: () => ({ enabled: false }),
    allowed: 404,
  },
  { name: 'adminProviderBalance', path: `/api/admin/providers/${MISSING}/balance`, allowed: 404 },
  { name: 'adminProviderServices', path: `/api/admin/providers/${MISSING}/services`, allowed: 404 },
  {
    name: 'adminImportProviderServices',
    path: `/api/admin/providers/${MISSING}/import`,
    body: () => ({}),
    allowed: 404,
  },
  {
    name: 'adminProviderMargin',
    path: `/api/admin/providers/${MISSING}/margin`,
    body: () => ({ margin_percent: 20 }),
    allowed: 404,
  },
  { name: 'adminListUsers', path: '/api/admin/users?q=example', allowed: 200 },
  { name: 'adminGetUser', path: `/api/admin/users/${MISSING}`, allowed: 404 },
  { name: 'adminUserLedger', path: `/api/admin/users/${MISSING}/ledger`, allowed: 404 },
  {
    name: 'adminAdjustBalance',
    path: `/api/admin/users/${MISSING}/balance`,
    body: () => ({ amount: 5, reason: 'goodwill', idempotency_key: unique('matrix-key') }),
    allowed: 404,
  },
  {
    name: 'adminSetUserRole',
    path: `/api/admin/users/${MISSING}/role`,
    body: () => ({ role: 'support' }),
    allowed: 404,
  },
  {
    name: 'adminDisableUser',
    path: `/api/admin/users/${MISSING}/disable`,
    body: () => ({ reason: 'abuse' }),
    allowed: 404,
  },
  { name: 'adminEnableUser', path: `/api/admin/users/${MISSING}/enable`, body: () => ({}), allowed: 404 },
  { name: 'adminListOrders', path: '/api/admin/orders?status=pending', allowed: 200 },
  { name: 'adminGetOrder', path: `/api/admin/orders/${MISSING}`, allowed: 404 },
  { name: 'adminRetryOrder', path: `/api/admin/orders/${MISSING}/retry`, body: () => ({}), allowed: 404 },
  {
    name: 'adminPauseOrder',
    path: `/api/admin/orders/${MISSING}/pause`,
    body: () => ({ reason: 'check' }),
    allowed: 404,
  },
  { name: 'adminCancelOrder', path: `/api/admin/orders/${MISSING}/cancel`, body: () => ({}), allowed: 404 },
  {
    name: 'adminRefundOrder',
    path: `/api/admin/orders/${MISSING}/refund`,
    body: () => ({ reason: 'late', idempotency_key: unique('matrix-refund') }),
    allowed: 404,
  },
  {
    name: 'adminSetOrderStatus',
    path: `/api/admin/orders/${MISSING}/status`,
    body: () => ({ status: 'completed', reason: 'delivered by hand' }),
    allowed: 404,
  },
  { name: 'adminListPayments', path: '/api/admin/payments', allowed: 200 },
  {
    name: 'adminRecheckPayment',
    path: `/api/admin/payments/${MISSING}/recheck`,
    body: () => ({}),
    allowed: 404,
  },
  { name: 'adminListUpdates', path: '/api/admin/updates', allowed: 200 },
  {
    name: 'adminCreateUpdate',
    path: '/api/admin/updates',
    body: () => ({ title: unique('News') }),
    allowed: 201,
  },
  {
    name: 'adminEditUpdate',
    path: `/api/admin/updates/${MISSING}`,
    body: () => ({ title: 'Edited' }),
    allowed: 404,
  },
  { name: 'adminDeleteUpdate', path: `/api/admin/updates/${MISSING}`, allowed: 404 },
  { name: 'adminListContactMethods', path: '/api/admin/contact-methods', allowed: 200 },
  {
    name: 'adminCreateContactMethod',
    path: '/api/admin/contact-methods',
    body: () => ({ title: unique('Mail'), value: 'help@example.test' }),
    allowed: 201,
  },
  {
    name: 'adminEditContactMethod',
    path: `/api/admin/contact-methods/${MISSING}`,
    body: () => ({ title: 'Mail' }),
    allowed: 404,
  },
  { name: 'adminDeleteContactMethod', path: `/api/admin/contact-methods/${MISSING}`, allowed: 404 },
  { name: 'adminJobs', path: '/api/admin/jobs', allowed: 200 },
  { name: 'adminRetryJob', path: `/api/admin/jobs/${MISSING}/retry`, body: () => ({}), allowed: 404 },
]

function definition(name: AdminEndpointName): AdminEndpointDefinition {
  return adminEndpoints[name]
}

/** What a caller gets on a route that needs `role`, or the allowed status when the role covers it. */
function expected(caller: Caller, role: OperatorRole, allowed: number): { status: number; detail?: string } {
  if (caller === 'none') return { status: 401, detail: AUTHENTICATION_REQUIRED }
  if (caller === 'customer') return { status: 403, detail: OPERATOR_FORBIDDEN }
  if (caller === 'support' && role === 'admin') return { status: 403, detail: ADMIN_ONLY }
  return { status: allowed }
}

let t: TestApp
const tokens: Partial<Record<Caller, string>> = {}

beforeAll(async () => {
  t = await createTestApp()
  for (const role of ['customer', 'support', 'admin'] as const) {
    const account = await signUp(t)
    await t.db.updateTable('users').set({ role }).where('id', '=', account.userId).execute()
    tokens[role] = account.token
  }
})
afterAll(() => t.close())

describe('the operator permission matrix', () => {
  it('has one row per operator route the app registered and the contract lists', () => {
    const key = (method: string, path: string) => `${method} ${path}`
    const table = rows.map((row) => key(definition(row.name).method, definition(row.name).path))
    expect(new Set(table).size).toBe(rows.length)
    for (const row of rows) expect(row.path.split('?')[0]).toMatch(/^\/api\/admin\//)

    const registered = new Set(
      t.app.routes
        .filter((route) => route.path.startsWith('/api/admin/') && route.method !== 'ALL')
        .map((route) => key(route.method, route.path.replace(/:(\w+)/g, '{$1}'))),
    )
    const contract = Object.values(adminEndpoints).map((endpoint) => key(endpoint.method, endpoint.path))
    expect([...registered].sort()).toEqual([...table].sort())
    expect([...contract].sort()).toEqual([...table].sort())
    // The customer registry has no operator call.
    expect(Object.values(endpoints).filter((endpoint) => endpoint.path.startsWith('/api/admin/'))).toEqual([])
  })

  const cases = rows.flatMap((row) =>
    (['none', 'customer', 'support', 'admin'] as const).map((caller) => ({ ...row, caller })),
  )

  it.each(cases)('$name ($path) as $caller', async ({ name, path, body, allowed, caller }) => {
    const endpoint = definition(name)
    const role = endpoint.role
    const token = caller === 'none' ? undefined : tokens[caller]
    const headers: Record<string, string> = token ? authed(token) : { 'Content-Type': 'application/json' }
    const response = await t.app.request(path, {
      method: endpoint.method,
      headers,
      ...(body ? { body: JSON.stringify(body()) } : {}),
    })
    const want = expected(caller, role, allowed)
    const answer = (await response.json()) as { detail?: string }
    expect(response.status, JSON.stringify(answer)).toBe(want.status)
    if (want.detail !== undefined) expect(answer.detail).toBe(want.detail)
    // An answer the console's client accepts: the registry's response schema.
    if (response.status < 300) expect(endpoint.response.safeParse(answer).error).toBeUndefined()
  })

  it('reads the role on every request: a demoted operator loses access at once', async () => {
    const account = await signUp(t)
    await t.db.updateTable('users').set({ role: 'support' }).where('id', '=', account.userId).execute()
    expect((await t.app.request('/api/admin/me', { headers: authed(account.token) })).status).toBe(200)
    await t.db.updateTable('users').set({ role: 'customer' }).where('id', '=', account.userId).execute()
    expect((await t.app.request('/api/admin/me', { headers: authed(account.token) })).status).toBe(403)
  })
})
