import {
  ADMIN_ONLY,
  type AdminEndpointDefinition,
  type AdminEndpointName,
  adminEndpoints,
  AUTHENTICATION_REQUIRED,
  buildPath,
  OPERATOR_FORBIDDEN,
  type OperatorRole,
} from '@engage/contract'
import { endpoints } from '@engage/contract/all-endpoints'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authed, createTestApp, signUp, type TestApp } from './support/app'

// The permission matrix of the operator console (ADR 070): every /api/admin route × {no token, customer,
// support, admin}, iterated from the contract's operator registry: the table below only says how each call is
// exercised (a body, the status an allowed caller gets), and its type makes a new entry without a row fail.
// Writes aim at rows that do not exist (id 999999) where they take an id: a 404 shows the call got past the
// guard into its handler without changing anything.

type Caller = 'none' | 'customer' | 'support' | 'admin'

/** How each operator call is exercised; its method and path come from the registry entry of the same name. */
interface Row {
  /** A query string to add ('?limit=5'). */
  query?: string
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

const rows: Record<AdminEndpointName, Row> = {
  adminMe: { allowed: 200 },
  adminAudit: { query: '?limit=5', allowed: 200 },
  adminListServices: { allowed: 200 },
  adminCreateService: {
    body: () => ({ name: unique('svc'), rate_per_1k: 1.5, min_quantity: 10, max_quantity: 1000 }),
    allowed: 201,
  },
  adminUpdateService: {
    body: () => ({ rate_per_1k: 2 }),
    allowed: 404,
  },
  adminListProviders: { allowed: 200 },
  // The key is checked with a balance call before the provider is kept: nothing listens on port 9 here, so the
  // allowed caller gets the 422 that names the address (and nothing is written).
  adminCreateProvider: {
    body: () => ({ name: unique('Panel'), api_url: 'http://127.0.0.1:9/api/v2', api_key: 'k-123456789' }),
    allowed: 422,
  },
  adminUpdateProvider: {
    body: () => ({ enabled: false }),
    allowed: 404,
  },
  adminDeleteProvider: { allowed: 404 },
  adminProviderBalance: { allowed: 404 },
  adminProviderServices: { allowed: 404 },
  adminImportProviderServices: {
    body: () => ({}),
    allowed: 404,
  },
  adminProviderMargin: {
    body: () => ({ margin_percent: 20 }),
    allowed: 404,
  },
  adminListUsers: { query: '?q=example', allowed: 200 },
  adminGetUser: { allowed: 404 },
  adminUserLedger: { allowed: 404 },
  adminAdjustBalance: {
    body: () => ({ amount: 5, reason: 'goodwill', idempotency_key: unique('matrix-key') }),
    allowed: 404,
  },
  adminSetUserRole: {
    body: () => ({ role: 'support' }),
    allowed: 404,
  },
  adminDisableUser: {
    body: () => ({ reason: 'abuse' }),
    allowed: 404,
  },
  adminEnableUser: { body: () => ({}), allowed: 404 },
  adminListOrders: { query: '?status=pending', allowed: 200 },
  adminExportOrders: { query: '?status=pending', allowed: 200 },
  adminGetOrder: { allowed: 404 },
  adminRetryOrder: { body: () => ({}), allowed: 404 },
  adminPauseOrder: {
    body: () => ({ reason: 'check' }),
    allowed: 404,
  },
  adminCancelOrder: { body: () => ({}), allowed: 404 },
  adminRefundOrder: {
    body: () => ({ reason: 'late', idempotency_key: unique('matrix-refund') }),
    allowed: 404,
  },
  adminSetOrderStatus: {
    body: () => ({ status: 'completed', reason: 'delivered by hand' }),
    allowed: 404,
  },
  adminListPayments: { allowed: 200 },
  adminRecheckPayment: {
    body: () => ({}),
    allowed: 404,
  },
  adminListUpdates: { allowed: 200 },
  adminCreateUpdate: {
    body: () => ({ title: unique('News') }),
    allowed: 201,
  },
  adminEditUpdate: {
    body: () => ({ title: 'Edited' }),
    allowed: 404,
  },
  adminDeleteUpdate: { allowed: 404 },
  adminListContactMethods: { allowed: 200 },
  adminCreateContactMethod: {
    body: () => ({ title: unique('Mail'), value: 'help@example.test' }),
    allowed: 201,
  },
  adminEditContactMethod: {
    body: () => ({ title: 'Mail' }),
    allowed: 404,
  },
  adminDeleteContactMethod: { allowed: 404 },
  adminJobs: { allowed: 200 },
  adminRetryJob: { body: () => ({}), allowed: 404 },
  adminListTickets: { query: '?status=open', allowed: 200 },
  adminGetTicket: { allowed: 404 },
  adminReplyTicket: { body: () => ({ message: 'Thanks, looking into it.' }), allowed: 404 },
  adminAssignTicket: { body: () => ({ assignee_id: null }), allowed: 404 },
  adminCloseTicket: { body: () => ({}), allowed: 404 },
  adminReopenTicket: { body: () => ({}), allowed: 404 },
  adminAffiliateSettings: { allowed: 200 },
  adminUpdateAffiliateSettings: { body: () => ({ rate_basis_points: 1000, hold_days: 14 }), allowed: 200 },
  adminReports: { query: '?from=2026-11-01&to=2026-11-30', allowed: 200 },
  adminExportReport: { query: '?from=2026-11-01&to=2026-11-30&table=gateways', allowed: 200 },
}

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

/** Every registry entry × every caller, the path filled with the missing id. */
const cases = (Object.keys(adminEndpoints) as AdminEndpointName[]).flatMap((name) => {
  const endpoint = definition(name)
  const row = rows[name]
  const path =
    buildPath(endpoint.path, endpoint.path.includes('{id}') ? { id: MISSING } : {}) + (row.query ?? '')
  return (['none', 'customer', 'support', 'admin'] as const).map((caller) => ({
    name,
    method: endpoint.method,
    template: endpoint.path,
    path,
    body: row.body,
    allowed: row.allowed,
    caller,
  }))
})

describe('the operator permission matrix', () => {
  it('covers every operator route the app registered, each one an entry of the registry', () => {
    const key = (method: string, path: string) => `${method} ${path}`
    const table = cases.filter((row) => row.caller === 'none').map((row) => key(row.method, row.template))
    expect(new Set(table).size).toBe(Object.keys(adminEndpoints).length)
    for (const path of table) expect(path).toMatch(/^\w+ \/api\/admin\//)

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
    // A CSV export answers its file when allowed, and `{ detail }` like every call when not.
    const csv = endpoint.responseContentType === 'text/csv' && response.status < 300
    const answer = (csv ? await response.text() : await response.json()) as { detail?: string }
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
