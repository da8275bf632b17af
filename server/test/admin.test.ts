import {
  ADMIN_BALANCE_BELOW_ZERO,
  ADMIN_IDEMPOTENCY_KEY_REUSED,
  ADMIN_LAST_ADMIN,
  ADMIN_NOT_YOURSELF,
  ADMIN_ORDER_NOT_PAUSABLE,
  ADMIN_REASON_REQUIRED,
  AdminAdjustBalanceResponse,
  AdminAuditResponse,
  AdminContactMethod,
  AdminContactMethodsResponse,
  AdminJobResponse,
  AdminJobsResponse,
  AdminLedgerResponse,
  AdminOrderActionResponse,
  AdminOrderDetailResponse,
  AdminOrdersResponse,
  AdminPaymentsResponse,
  AdminRecheckPaymentResponse,
  AdminService,
  AdminServicesResponse,
  AdminUpdateResponse,
  AdminUpdatesResponse,
  AdminUserDetailResponse,
  AdminUserResponse,
  AdminUsersResponse,
  type AuditEntry,
  CURSOR_INVALID,
  INVALID_CREDENTIALS,
  INVALID_OR_EXPIRED_TOKEN,
  MeResponse,
  type Order,
} from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerSum } from '../src/domain/ledger'
import { recordSandboxOutcome } from '../src/domain/payments'
import { DEMO_OPERATOR_EMAIL, seed } from '../src/seed'
import {
  authed,
  createTestApp,
  fund,
  signUp,
  type SignedUp,
  TEST_PASSWORD,
  type TestApp,
  uniqueAddress,
} from './support/app'
import { operatorHelpers } from './support/operators'
import { addService, uniqueLink } from './support/services'

// The operator console's API against a real database (SQLite or PostgreSQL per project): money actions keep
// balance = sum of the ledger, every write leaves an audit entry with who, what, before and after, and what
// operators change reaches customers (prices, updates, disabled accounts) at once.

let t: TestApp
let admin: SignedUp
let support: SignedUp
let serviceName: string

const { withRole, call, refusal } = operatorHelpers(() => t)

async function lastAudit(action: string): Promise<AuditEntry> {
  const { entries } = await call(
    admin.token,
    'GET',
    `/api/admin/audit?action=${action}&limit=1`,
    AdminAuditResponse,
  )
  const entry = entries[0]
  if (!entry) throw new Error(`No audit entry for ${action}`)
  return entry
}

async function balanceOf(userId: number): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.balance)
}

async function placeOrder(customer: SignedUp, quantity = 1000): Promise<Order> {
  const response = await t.app.request('/api/orders/create', {
    method: 'POST',
    headers: authed(customer.token),
    body: JSON.stringify({ service_type: serviceName, target_url: uniqueLink(), quantity }),
  })
  expect(response.status).toBe(201)
  return (await response.json()) as Order
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await withRole('admin')
  support = await withRole('support')
  serviceName = 'admin_test_followers'
  // $2.00 per 1,000.
  await addService(t.db, serviceName, 2_000_000, { max: 100_000 })
})
afterAll(() => t.close())

describe('balance adjustments', () => {
  it('add ledger entries with a reason and keep balance = sum of the ledger; never below zero', async () => {
    const customer = await signUp(t)
    const path = `/api/admin/users/${String(customer.userId)}/balance`

    const credited = await call(admin.token, 'POST', path, AdminAdjustBalanceResponse, {
      amount: 10,
      reason: 'Goodwill credit',
      idempotency_key: 'adjust-credit-0001',
    })
    expect(credited.user.balance).toBe(10)
    expect(credited.entry).toMatchObject({ amount: 10, kind: 'adjustment', note: 'Goodwill credit' })

    const debited = await call(admin.token, 'POST', path, AdminAdjustBalanceResponse, {
      amount: -3.25,
      reason: 'Chargeback',
      idempotency_key: 'adjust-debit-0001',
    })
    expect(debited.user.balance).toBe(6.75)
    expect(debited.entry.amount).toBe(-3.25)

    const tooMuch = await refusal(admin.token, 'POST', path, {
      amount: -6.76,
      reason: 'Too much',
      idempotency_key: 'adjust-debit-0002',
    })
    expect(tooMuch).toMatchObject({ status: 409, detail: ADMIN_BALANCE_BELOW_ZERO, field: 'amount' })

    // The same request again writes nothing; the key reused for another amount is refused.
    const replay = await call(admin.token, 'POST', path, AdminAdjustBalanceResponse, {
      amount: -3.25,
      reason: 'Chargeback',
      idempotency_key: 'adjust-debit-0001',
    })
    expect(replay.entry.id).toBe(debited.entry.id)
    expect(
      await refusal(admin.token, 'POST', path, {
        amount: -1,
        reason: 'Chargeback',
        idempotency_key: 'adjust-debit-0001',
      }),
    ).toMatchObject({ status: 409, detail: ADMIN_IDEMPOTENCY_KEY_REUSED })

    expect(await balanceOf(customer.userId)).toBe(6_750_000)
    expect(await ledgerSum(t.db, customer.userId)).toBe(6_750_000)
    const detail = await call(
      admin.token,
      'GET',
      `/api/admin/users/${String(customer.userId)}`,
      AdminUserDetailResponse,
    )
    expect(detail.user.balance).toBe(6.75)
    expect(detail.ledger_sum).toBe(6.75)
    expect(detail.ledger.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['adjustment', -3.25],
      ['adjustment', 10],
    ])

    const audit = await lastAudit('user.adjust_balance')
    expect(audit).toMatchObject({
      actor_id: String(admin.userId),
      actor_email: admin.email,
      actor_role: 'admin',
      target: `user:${String(customer.userId)}`,
      before: { balance: 10 },
      after: { balance: 6.75, amount: -3.25 },
      reason: 'Chargeback',
    })
  })

  it('needs a reason and an idempotency key, and refuses a zero or sub-cent amount with the field', async () => {
    const customer = await signUp(t)
    const path = `/api/admin/users/${String(customer.userId)}/balance`
    expect(
      await refusal(admin.token, 'POST', path, { amount: 5, idempotency_key: 'key-00000001' }),
    ).toMatchObject({
      status: 422,
      field: 'reason',
      detail: `reason: ${ADMIN_REASON_REQUIRED}`,
    })
    expect(await refusal(admin.token, 'POST', path, { amount: 5, reason: 'x' })).toMatchObject({
      status: 422,
      field: 'idempotency_key',
    })
    expect(
      await refusal(admin.token, 'POST', path, { amount: 0, reason: 'x', idempotency_key: 'key-00000002' }),
    ).toMatchObject({ status: 422, field: 'amount' })
    expect(
      await refusal(admin.token, 'POST', path, {
        amount: 0.001,
        reason: 'x',
        idempotency_key: 'key-00000003',
      }),
    ).toMatchObject({ status: 422, field: 'amount' })
    expect(await ledgerSum(t.db, customer.userId)).toBe(0)
  })
})

describe('repeated requests', () => {
  it('the same adjustment and the same refund sent twice at once write one ledger entry each', async () => {
    const customer = await signUp(t)
    const adjust = () =>
      t.app.request(`/api/admin/users/${String(customer.userId)}/balance`, {
        method: 'POST',
        headers: authed(admin.token),
        body: JSON.stringify({ amount: 4, reason: 'Twice at once', idempotency_key: 'parallel-adjust-1' }),
      })
    const answers = await Promise.all([adjust(), adjust(), adjust()])
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200])
    const entries = await Promise.all(
      answers.map(async (response) => AdminAdjustBalanceResponse.parse(await response.json()).entry.id),
    )
    expect(new Set(entries).size).toBe(1)
    expect(await balanceOf(customer.userId)).toBe(4_000_000)

    const order = await placeOrder(customer)
    const refund = () =>
      t.app.request(`/api/admin/orders/${order.id}/refund`, {
        method: 'POST',
        headers: authed(support.token),
        body: JSON.stringify({ amount: 1, reason: 'Twice at once', idempotency_key: 'parallel-refund-1' }),
      })
    const refunds = await Promise.all([refund(), refund(), refund()])
    expect(refunds.map((response) => response.status)).toEqual([200, 200, 200])
    const row = await t.db
      .selectFrom('orders')
      .select('refunded')
      .where('id', '=', Number(order.id))
      .executeTakeFirstOrThrow()
    expect(Number(row.refunded)).toBe(1_000_000)
    expect(await balanceOf(customer.userId)).toBe(3_000_000)
    expect(await ledgerSum(t.db, customer.userId)).toBe(3_000_000)
  })
})

describe('orders', () => {
  it('refunds in part and then the rest, keeping balance = sum of the ledger', async () => {
    const customer = await signUp(t)
    await fund(t.db, customer.userId, 5)
    const order = await placeOrder(customer)
    expect(order.charge).toBe(2)
    expect(await balanceOf(customer.userId)).toBe(3_000_000)
    const path = `/api/admin/orders/${order.id}/refund`

    const partial = await call(support.token, 'POST', path, AdminOrderActionResponse, {
      amount: 0.5,
      reason: 'Slow delivery',
      idempotency_key: 'refund-partial-001',
    })
    expect(partial.order).toMatchObject({ refunded: 0.5, status: 'pending' })
    expect(await balanceOf(customer.userId)).toBe(3_500_000)

    const tooMuch = await refusal(support.token, 'POST', path, {
      amount: 1.51,
      reason: 'Too much',
      idempotency_key: 'refund-partial-002',
    })
    expect(tooMuch).toMatchObject({ status: 422, field: 'amount' })

    // A repeat of the first refund moves nothing.
    await call(support.token, 'POST', path, AdminOrderActionResponse, {
      amount: 0.5,
      reason: 'Slow delivery',
      idempotency_key: 'refund-partial-001',
    })
    const rest = await call(support.token, 'POST', path, AdminOrderActionResponse, {
      reason: 'Customer asked',
      idempotency_key: 'refund-rest-00001',
    })
    expect(rest.order.refunded).toBe(2)
    expect(
      await refusal(support.token, 'POST', path, { reason: 'Again', idempotency_key: 'refund-rest-00002' }),
    ).toMatchObject({ status: 409 })

    expect(await balanceOf(customer.userId)).toBe(5_000_000)
    expect(await ledgerSum(t.db, customer.userId)).toBe(5_000_000)
    const detail = await call(support.token, 'GET', `/api/admin/orders/${order.id}`, AdminOrderDetailResponse)
    expect(detail.ledger.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['order_payment', -2],
      ['refund', 0.5],
      ['refund', 1.5],
    ])
    expect(detail.audit.map((entry) => [entry.action, entry.actor_email, entry.reason])).toEqual([
      ['order.refund', support.email, 'Slow delivery'],
      ['order.refund', support.email, 'Customer asked'],
    ])
    expect(detail.audit[0]?.before).toMatchObject({ refunded: 0 })
    expect(detail.audit[0]?.after).toMatchObject({ refunded: 0.5 })
    // Its dispatch job is part of its upstream history.
    expect(detail.jobs.map((job) => job.kind)).toContain('dispatch-order')
    expect(detail.upstream).toMatchObject({ upstream_order_id: null, attempted_at: null })
  })

  it('pauses, retries and cancels as support, each in the audit log', async () => {
    const customer = await signUp(t)
    await fund(t.db, customer.userId, 5)
    const order = await placeOrder(customer)

    const paused = await call(
      support.token,
      'POST',
      `/api/admin/orders/${order.id}/pause`,
      AdminOrderActionResponse,
      {
        reason: 'Link looks wrong',
      },
    )
    expect(paused.order).toMatchObject({ status: 'paused', paused_reason: 'Link looks wrong' })
    expect(
      await refusal(support.token, 'POST', `/api/admin/orders/${order.id}/pause`, { reason: 'Again' }),
    ).toMatchObject({ status: 409, detail: ADMIN_ORDER_NOT_PAUSABLE })
    expect((await lastAudit('order.pause')).after).toMatchObject({ status: 'paused' })

    const retried = await call(
      support.token,
      'POST',
      `/api/admin/orders/${order.id}/retry`,
      AdminOrderActionResponse,
      {},
    )
    expect(retried.order.status).toBe('pending')
    expect(await lastAudit('order.retry')).toMatchObject({
      before: { status: 'paused' },
      after: { status: 'pending' },
      reason: null,
    })

    const cancelled = await call(
      support.token,
      'POST',
      `/api/admin/orders/${order.id}/cancel`,
      AdminOrderActionResponse,
      {
        reason: 'Customer asked by mail',
      },
    )
    expect(cancelled.order).toMatchObject({ status: 'cancelled', refunded: 2 })
    expect(await ledgerSum(t.db, customer.userId)).toBe(await balanceOf(customer.userId))
    expect(await balanceOf(customer.userId)).toBe(5_000_000)
    expect(await lastAudit('order.cancel')).toMatchObject({
      target: `order:${order.id}`,
      before: { status: 'pending' },
      after: { status: 'cancelled', refunded: 2 },
      reason: 'Customer asked by mail',
    })
  })

  it('sets a status by hand with a reason; the customer sees it', async () => {
    const customer = await signUp(t)
    await fund(t.db, customer.userId, 5)
    const order = await placeOrder(customer)
    expect(
      await refusal(support.token, 'POST', `/api/admin/orders/${order.id}/status`, { status: 'completed' }),
    ).toMatchObject({ status: 422, field: 'reason' })
    expect(
      await refusal(support.token, 'POST', `/api/admin/orders/${order.id}/status`, {
        status: 'done',
        reason: 'x',
      }),
    ).toMatchObject({ status: 422, field: 'status' })
    const set = await call(
      support.token,
      'POST',
      `/api/admin/orders/${order.id}/status`,
      AdminOrderActionResponse,
      {
        status: 'completed',
        reason: 'Delivered by hand',
        remains: 0,
      },
    )
    expect(set.order).toMatchObject({ status: 'completed', remains: 0 })
    const me = MeResponse.parse(
      await (await t.app.request('/api/user/me', { headers: authed(customer.token) })).json(),
    )
    expect(me.orders.find((mine) => mine.id === order.id)?.status).toBe('completed')
    expect(await lastAudit('order.set_status')).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'completed', remains: 0 },
      reason: 'Delivered by hand',
    })
    // Told as when the provider completes it, and once: the same status set again tells nothing new.
    await call(support.token, 'POST', `/api/admin/orders/${order.id}/status`, AdminOrderActionResponse, {
      status: 'completed',
      reason: 'Delivered by hand',
    })
    const told = await t.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', customer.userId)
      .execute()
    expect(told.map((notification) => notification.kind)).toEqual(['order_completed'])
  })

  it('lists every account’s orders filtered by status, service, user and link, a page at a time', async () => {
    const first = await signUp(t)
    const second = await signUp(t)
    await fund(t.db, first.userId, 20)
    await fund(t.db, second.userId, 20)
    const a = await placeOrder(first)
    const b = await placeOrder(first)
    const c = await placeOrder(second)
    const byUser = await call(
      support.token,
      'GET',
      `/api/admin/orders?user=${encodeURIComponent(first.email.toUpperCase())}`,
      AdminOrdersResponse,
    )
    expect(byUser.orders.map((order) => order.id)).toEqual([b.id, a.id])
    expect(byUser.orders[0]).toMatchObject({ user_email: first.email, user_id: String(first.userId) })
    const byId = await call(
      support.token,
      'GET',
      `/api/admin/orders?user=${String(second.userId)}`,
      AdminOrdersResponse,
    )
    expect(byId.orders.map((order) => order.id)).toEqual([c.id])

    const link = c.target_url.slice(-8)
    const byLink = await call(
      support.token,
      'GET',
      `/api/admin/orders?link=${encodeURIComponent(link)}&service=${serviceName}&status=pending`,
      AdminOrdersResponse,
    )
    expect(byLink.orders.map((order) => order.id)).toEqual([c.id])

    const page1 = await call(
      support.token,
      'GET',
      `/api/admin/orders?user=${String(first.userId)}&limit=1`,
      AdminOrdersResponse,
    )
    expect(page1.orders.map((order) => order.id)).toEqual([b.id])
    expect(page1.nextCursor).toBe(b.id)
    const page2 = await call(
      support.token,
      'GET',
      `/api/admin/orders?user=${String(first.userId)}&limit=1&cursor=${page1.nextCursor ?? ''}`,
      AdminOrdersResponse,
    )
    expect(page2.orders.map((order) => order.id)).toEqual([a.id])
    expect(page2.nextCursor).toBeNull()

    expect(await refusal(support.token, 'GET', '/api/admin/orders?cursor=abc')).toMatchObject({
      status: 422,
      detail: `cursor: ${CURSOR_INVALID}`,
      field: 'cursor',
    })
    expect(await refusal(support.token, 'GET', '/api/admin/orders?status=lost')).toMatchObject({
      status: 422,
      field: 'status',
    })
    const nobody = await call(
      support.token,
      'GET',
      '/api/admin/orders?user=nobody@example.test',
      AdminOrdersResponse,
    )
    expect(nobody.orders).toEqual([])
  })
})

describe('services', () => {
  it('a rate change is what the public price list answers at once; a disabled service leaves it', async () => {
    const before = (await (await t.app.request('/api/get-services')).json()) as Record<string, number>
    expect(before[serviceName]).toBe(0.002)
    const { services } = await call(admin.token, 'GET', '/api/admin/services', AdminServicesResponse)
    const service = services.find((candidate) => candidate.name === serviceName)
    if (!service) throw new Error('service missing')
    expect(service.rate_per_1k).toBe(2)

    const updated = await call(admin.token, 'PUT', `/api/admin/services/${service.id}`, AdminService, {
      rate_per_1k: 3.5,
      reason: 'Provider raised prices',
    })
    expect(updated.rate_per_1k).toBe(3.5)
    const after = (await (await t.app.request('/api/get-services')).json()) as Record<string, number>
    expect(after[serviceName]).toBe(0.0035)
    const detailed = (await (await t.app.request('/api/services')).json()) as {
      name: string
      ratePer1k: number
    }[]
    expect(detailed.find((entry) => entry.name === serviceName)?.ratePer1k).toBe(3.5)
    expect(await lastAudit('service.update')).toMatchObject({
      target: `service:${service.id}`,
      before: { rate_per_1k: 2 },
      after: { rate_per_1k: 3.5 },
      reason: 'Provider raised prices',
    })

    // Orders are charged the new rate.
    const customer = await signUp(t)
    await fund(t.db, customer.userId, 10)
    expect((await placeOrder(customer)).charge).toBe(3.5)

    await call(admin.token, 'PUT', `/api/admin/services/${service.id}`, AdminService, { enabled: false })
    const hidden = (await (await t.app.request('/api/get-services')).json()) as Record<string, number>
    expect(hidden[serviceName]).toBeUndefined()
    const listed = await call(admin.token, 'GET', '/api/admin/services', AdminServicesResponse)
    expect(listed.services.find((candidate) => candidate.id === service.id)?.enabled).toBe(false)
    await call(admin.token, 'PUT', `/api/admin/services/${service.id}`, AdminService, {
      enabled: true,
      rate_per_1k: 2,
    })
  })

  it('creates a service with validated fields, and refuses a taken name', async () => {
    const created = await call(
      admin.token,
      'POST',
      '/api/admin/services',
      AdminService,
      {
        name: 'admin_new_views',
        rate_per_1k: 0.123456,
        min_quantity: 100,
        max_quantity: 5000,
        is_ai: false,
      },
      201,
    )
    expect(created).toMatchObject({ rate_per_1k: 0.123456, enabled: true, provider_id: null })
    const prices = (await (await t.app.request('/api/get-services')).json()) as Record<string, number>
    expect(prices.admin_new_views).toBeCloseTo(0.000123456, 12)
    expect((await lastAudit('service.create')).after).toMatchObject({ name: 'admin_new_views' })

    const body = { name: 'admin_new_views', rate_per_1k: 1, min_quantity: 1, max_quantity: 10 }
    expect(await refusal(admin.token, 'POST', '/api/admin/services', body)).toMatchObject({
      status: 409,
      field: 'name',
    })
    expect(
      await refusal(admin.token, 'POST', '/api/admin/services', { ...body, name: 'Bad Name' }),
    ).toMatchObject({
      status: 422,
      field: 'name',
    })
    expect(
      await refusal(admin.token, 'POST', '/api/admin/services', {
        ...body,
        name: 'ok_name',
        min_quantity: 50,
      }),
    ).toMatchObject({ status: 422, field: 'max_quantity' })
    expect(
      await refusal(admin.token, 'POST', '/api/admin/services', {
        ...body,
        name: 'ok_name',
        rate_per_1k: 0.0000001,
      }),
    ).toMatchObject({ status: 422, field: 'rate_per_1k' })
    expect(
      await refusal(admin.token, 'POST', '/api/admin/services', {
        ...body,
        name: 'ok_name',
        provider_id: '1',
      }),
    ).toMatchObject({ status: 422, field: 'remote_service_id' })
    expect(
      await refusal(admin.token, 'POST', '/api/admin/services', {
        ...body,
        name: 'ok_name',
        provider_id: '424242',
        remote_service_id: '1',
      }),
    ).toMatchObject({ status: 422, field: 'provider_id' })
  })
})

describe('users', () => {
  it('searches by email or username substring, a page at a time', async () => {
    const marker = `findme${String(Date.now() % 100_000)}`
    const one = await signUp(t, `${marker}.one@example.test`)
    const two = await signUp(t, `${marker}.two@example.test`)
    const all = await call(
      support.token,
      'GET',
      `/api/admin/users?q=${marker.toUpperCase()}`,
      AdminUsersResponse,
    )
    expect(all.users.map((user) => user.id)).toEqual([String(two.userId), String(one.userId)])
    const page = await call(support.token, 'GET', `/api/admin/users?q=${marker}&limit=1`, AdminUsersResponse)
    expect(page.users.map((user) => user.id)).toEqual([String(two.userId)])
    const next = await call(
      support.token,
      'GET',
      `/api/admin/users?q=${marker}&limit=1&cursor=${page.nextCursor ?? ''}`,
      AdminUsersResponse,
    )
    expect(next.users.map((user) => user.id)).toEqual([String(one.userId)])
    expect(next.nextCursor).toBeNull()
    // LIKE's wildcards are literal.
    const none = await call(support.token, 'GET', '/api/admin/users?q=%25_%25', AdminUsersResponse)
    expect(none.users).toEqual([])
    const admins = await call(support.token, 'GET', '/api/admin/users?role=admin', AdminUsersResponse)
    expect(admins.users.map((user) => user.id)).toContain(String(admin.userId))
    expect(admins.users.every((user) => user.role === 'admin')).toBe(true)
  })

  it('pages through a ledger', async () => {
    const customer = await signUp(t)
    for (let index = 0; index < 3; index++) await fund(t.db, customer.userId, index + 1)
    const first = await call(
      support.token,
      'GET',
      `/api/admin/users/${String(customer.userId)}/ledger?limit=2`,
      AdminLedgerResponse,
    )
    expect(first.entries.map((entry) => entry.amount)).toEqual([3, 2])
    const second = await call(
      support.token,
      'GET',
      `/api/admin/users/${String(customer.userId)}/ledger?limit=2&cursor=${first.nextCursor ?? ''}`,
      AdminLedgerResponse,
    )
    expect(second.entries.map((entry) => entry.amount)).toEqual([1])
  })

  it('disabling an account ends its sessions and stops its sign-in; enabling lets it back', async () => {
    const customer = await signUp(t)
    const me = () => t.app.request('/api/user/me', { headers: authed(customer.token) })
    expect((await me()).status).toBe(200)
    const detail = await call(
      admin.token,
      'GET',
      `/api/admin/users/${String(customer.userId)}`,
      AdminUserDetailResponse,
    )
    expect(detail.active_sessions).toBe(1)

    expect(
      await refusal(admin.token, 'POST', `/api/admin/users/${String(customer.userId)}/disable`, {}),
    ).toMatchObject({ status: 422, field: 'reason' })
    const disabled = await call(
      admin.token,
      'POST',
      `/api/admin/users/${String(customer.userId)}/disable`,
      AdminUserResponse,
      {
        reason: 'Fraud report',
      },
    )
    expect(disabled.user.disabled).toBe(true)
    const sessions = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', customer.userId)
      .execute()
    expect(sessions).toEqual([])
    const after = await me()
    expect(after.status).toBe(401)
    expect(await after.json()).toEqual({ detail: INVALID_OR_EXPIRED_TOKEN })

    const signin = () =>
      t.app.request('/api/signin', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueAddress() },
        body: JSON.stringify({ email: customer.email, password: TEST_PASSWORD }),
      })
    const refused = await signin()
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ detail: INVALID_CREDENTIALS })
    expect(await lastAudit('user.disable')).toMatchObject({
      target: `user:${String(customer.userId)}`,
      before: { disabled: false, sessions: 1 },
      after: { disabled: true, sessions: 0 },
      reason: 'Fraud report',
    })

    await call(
      admin.token,
      'POST',
      `/api/admin/users/${String(customer.userId)}/enable`,
      AdminUserResponse,
      {},
    )
    expect((await signin()).status).toBe(200)
    expect((await lastAudit('user.enable')).after).toMatchObject({ disabled: false })
  })

  it('changes roles; the last admin can neither be demoted nor disabled, nor can anyone disable themselves', async () => {
    const solo = await createTestApp()
    try {
      const only = await signUp(solo)
      await solo.db.updateTable('users').set({ role: 'admin' }).where('id', '=', only.userId).execute()
      const demote = await solo.app.request(`/api/admin/users/${String(only.userId)}/role`, {
        method: 'PUT',
        headers: authed(only.token),
        body: JSON.stringify({ role: 'customer' }),
      })
      expect(demote.status).toBe(409)
      expect(await demote.json()).toEqual({ detail: ADMIN_LAST_ADMIN })
      const self = await solo.app.request(`/api/admin/users/${String(only.userId)}/disable`, {
        method: 'POST',
        headers: authed(only.token),
        body: JSON.stringify({ reason: 'test' }),
      })
      expect(self.status).toBe(409)
      expect(await self.json()).toEqual({ detail: ADMIN_NOT_YOURSELF })

      const second = await signUp(solo)
      const promote = await solo.app.request(`/api/admin/users/${String(second.userId)}/role`, {
        method: 'PUT',
        headers: authed(only.token),
        body: JSON.stringify({ role: 'admin', reason: 'Second operator' }),
      })
      expect(promote.status).toBe(200)
      // With a second admin, the first may step down.
      const stepDown = await solo.app.request(`/api/admin/users/${String(only.userId)}/role`, {
        method: 'PUT',
        headers: authed(only.token),
        body: JSON.stringify({ role: 'support' }),
      })
      expect(stepDown.status).toBe(200)
      expect((await solo.app.request('/api/admin/me', { headers: authed(only.token) })).status).toBe(200)
      const noLonger = await solo.app.request(`/api/admin/users/${String(second.userId)}/role`, {
        method: 'PUT',
        headers: authed(only.token),
        body: JSON.stringify({ role: 'customer' }),
      })
      expect(noLonger.status).toBe(403)
      const audit = await solo.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.set_role')
        .orderBy('id')
        .execute()
      expect(audit.map((row) => [row.target, row.before_json, row.after_json, row.reason])).toEqual([
        [`user:${String(second.userId)}`, '{"role":"customer"}', '{"role":"admin"}', 'Second operator'],
        [`user:${String(only.userId)}`, '{"role":"admin"}', '{"role":"support"}', null],
      ])
    } finally {
      await solo.close()
    }
  })
})

describe('updates and contact methods', () => {
  it('are created, edited and deleted by support, and customers see them', async () => {
    const customer = await signUp(t)
    const me = async () =>
      MeResponse.parse(
        await (await t.app.request('/api/user/me', { headers: authed(customer.token) })).json(),
      )

    const update = await call(
      support.token,
      'POST',
      '/api/admin/updates',
      AdminUpdateResponse,
      {
        icon: 'bell',
        title: 'Maintenance tonight',
        text: 'Orders pause from 2 to 3 AM UTC.',
        url: null,
        date: '2026-11-21T10:00:00.000Z',
      },
      201,
    )
    expect((await me()).updates.find((entry) => entry.id === update.id)?.title).toBe('Maintenance tonight')
    const { updates } = await call(support.token, 'GET', '/api/admin/updates', AdminUpdatesResponse)
    expect(updates.find((entry) => entry.id === update.id)).toEqual(update)
    const edited = await call(support.token, 'PUT', `/api/admin/updates/${update.id}`, AdminUpdateResponse, {
      icon: 'bell',
      title: 'Maintenance moved',
      text: 'Now from 3 to 4 AM UTC.',
      reason: 'Rescheduled',
    })
    expect(edited.date).toBe('2026-11-21T10:00:00.000Z')
    expect(await lastAudit('update.update')).toMatchObject({
      before: { title: 'Maintenance tonight' },
      after: { title: 'Maintenance moved' },
      reason: 'Rescheduled',
    })
    const deleted = await t.app.request(`/api/admin/updates/${update.id}?reason=Done`, {
      method: 'DELETE',
      headers: authed(support.token),
    })
    expect(deleted.status).toBe(200)
    expect((await me()).updates.some((entry) => entry.id === update.id)).toBe(false)
    expect(await lastAudit('update.delete')).toMatchObject({
      before: { title: 'Maintenance moved' },
      after: null,
      reason: 'Done',
    })
    expect(await refusal(support.token, 'POST', '/api/admin/updates', { title: '  ' })).toMatchObject({
      status: 422,
      field: 'title',
    })

    const contact = await call(
      support.token,
      'POST',
      '/api/admin/contact-methods',
      AdminContactMethod,
      {
        icon: 'mail',
        title: 'Billing',
        value: 'billing@example.test',
        text: 'Weekdays',
        url: 'mailto:billing@example.test',
        sort_order: 0,
      },
      201,
    )
    expect((await me()).contactMethods[0]).toMatchObject({ id: contact.id, value: 'billing@example.test' })
    const { contact_methods } = await call(
      support.token,
      'GET',
      '/api/admin/contact-methods',
      AdminContactMethodsResponse,
    )
    expect(contact_methods[0]).toEqual(contact)
    await call(support.token, 'PUT', `/api/admin/contact-methods/${contact.id}`, AdminContactMethod, {
      icon: 'mail',
      title: 'Billing',
      value: 'accounts@example.test',
      sort_order: 0,
    })
    expect((await me()).contactMethods[0]?.value).toBe('accounts@example.test')
    expect(await lastAudit('contact_method.update')).toMatchObject({
      before: { value: 'billing@example.test' },
      after: { value: 'accounts@example.test' },
    })
    const removed = await t.app.request(`/api/admin/contact-methods/${contact.id}`, {
      method: 'DELETE',
      headers: authed(support.token),
    })
    expect(removed.status).toBe(200)
    expect((await me()).contactMethods.some((entry) => entry.id === contact.id)).toBe(false)
    expect((await lastAudit('contact_method.delete')).actor_role).toBe('support')
  })
})

describe('jobs', () => {
  it('counts jobs by state, lists the dead with their last error, and retries one', async () => {
    const now = t.clock.now()
    const dead = await t.db
      .insertInto('jobs')
      .values({
        kind: 'dispatch-order',
        payload: JSON.stringify({ orderId: 424242 }),
        status: 'dead',
        run_at: now,
        attempts: 5,
        max_attempts: 5,
        last_error: 'Provider unreachable',
        unique_key: 'admin-test-dead-job',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const jobs = await call(support.token, 'GET', '/api/admin/jobs', AdminJobsResponse)
    expect(jobs.counts.dead).toBeGreaterThanOrEqual(1)
    expect(jobs.dead.find((job) => job.id === String(dead.id))).toMatchObject({
      last_error: 'Provider unreachable',
      payload: { orderId: 424242 },
    })
    // A body-less POST is an empty body.
    const response = await t.app.request(`/api/admin/jobs/${String(dead.id)}/retry`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${support.token}` },
    })
    expect(response.status).toBe(200)
    expect(AdminJobResponse.parse(await response.json()).job).toMatchObject({ status: 'queued', attempts: 0 })
    expect(
      await refusal(support.token, 'POST', `/api/admin/jobs/${String(dead.id)}/retry`, {}),
    ).toMatchObject({
      status: 409,
    })
    expect(await lastAudit('job.retry')).toMatchObject({
      target: `job:${String(dead.id)}`,
      before: { status: 'dead', last_error: 'Provider unreachable' },
      after: { status: 'queued' },
    })
    // Keep the worker-less test database tidy: the job would dispatch a missing order.
    await t.db.deleteFrom('jobs').where('id', '=', dead.id).execute()
  })
})

describe('payments', () => {
  it('lists deposits with their gateway status and re-checks one against its gateway, crediting it once', async () => {
    const customer = await signUp(t)
    const created = await t.app.request('/api/payments/sandbox/create', {
      method: 'POST',
      headers: authed(customer.token),
      body: JSON.stringify({ amount: 25 }),
    })
    expect(created.status).toBe(200)
    const { order_id: orderId } = (await created.json()) as { order_id: string }
    const listed = await call(
      support.token,
      'GET',
      `/api/admin/payments?user=${customer.email}`,
      AdminPaymentsResponse,
    )
    const payment = listed.payments[0]
    expect(payment).toMatchObject({
      order_id: orderId,
      status: 'pending',
      amount_requested: 25,
      gateway: 'sandbox',
    })
    if (!payment) throw new Error('payment missing')

    const unchanged = await call(
      support.token,
      'POST',
      `/api/admin/payments/${payment.id}/recheck`,
      AdminRecheckPaymentResponse,
      {},
    )
    expect(unchanged.payment.status).toBe('pending')
    expect(unchanged.outcome).not.toBe('credited')

    await recordSandboxOutcome(t.db, { orderId, status: 'paid', now: t.clock.now() })
    const credited = await call(
      support.token,
      'POST',
      `/api/admin/payments/${payment.id}/recheck`,
      AdminRecheckPaymentResponse,
      {
        reason: 'Customer says they paid',
      },
    )
    expect(credited.outcome).toBe('credited')
    expect(credited.payment).toMatchObject({ status: 'completed', amount_credited: 25 })
    const again = await call(
      support.token,
      'POST',
      `/api/admin/payments/${payment.id}/recheck`,
      AdminRecheckPaymentResponse,
      {},
    )
    expect(again.outcome).toBe('unchanged')
    expect(await balanceOf(customer.userId)).toBe(25_000_000)
    expect(await ledgerSum(t.db, customer.userId)).toBe(25_000_000)
    const completed = await call(
      support.token,
      'GET',
      '/api/admin/payments?status=completed&gateway=sandbox',
      AdminPaymentsResponse,
    )
    expect(completed.payments.map((entry) => entry.id)).toContain(payment.id)

    const audit = await call(
      admin.token,
      'GET',
      `/api/admin/audit?target=payment:${payment.id}`,
      AdminAuditResponse,
    )
    expect(
      audit.entries.map((entry) => [entry.action, (entry.after as { outcome: string }).outcome]),
    ).toEqual([
      ['payment.recheck', 'unchanged'],
      ['payment.recheck', 'credited'],
      ['payment.recheck', expect.any(String)],
    ])
    expect(audit.entries[1]).toMatchObject({ before: { status: 'pending' }, after: { status: 'completed' } })
  })
})

describe('the audit log', () => {
  it('filters by action, target kind and operator, newest first, a page at a time', async () => {
    const byKind = await call(
      support.token,
      'GET',
      '/api/admin/audit?target=order&limit=100',
      AdminAuditResponse,
    )
    expect(byKind.entries.length).toBeGreaterThan(0)
    expect(byKind.entries.every((entry) => entry.target.startsWith('order:'))).toBe(true)
    const ids = byKind.entries.map((entry) => Number(entry.id))
    expect(ids).toEqual([...ids].sort((left, right) => right - left))

    const bySupport = await call(
      support.token,
      'GET',
      `/api/admin/audit?actor=${String(support.userId)}&limit=100`,
      AdminAuditResponse,
    )
    expect(bySupport.entries.every((entry) => entry.actor_email === support.email)).toBe(true)

    const first = await call(support.token, 'GET', '/api/admin/audit?limit=2', AdminAuditResponse)
    const second = await call(
      support.token,
      'GET',
      `/api/admin/audit?limit=2&cursor=${first.nextCursor ?? ''}`,
      AdminAuditResponse,
    )
    expect(Number(second.entries[0]?.id)).toBeLessThan(Number(first.entries[1]?.id))
    expect(await refusal(support.token, 'GET', '/api/admin/audit?action=order.delete')).toMatchObject({
      status: 422,
      field: 'action',
    })
  })
})

describe('the first admin', () => {
  it('the demo seed creates an operator who can open the console', async () => {
    const demo = await createTestApp()
    try {
      const { accounts } = await seed(demo.db, { demo: true, now: demo.clock.now() })
      const operator = accounts.find((account) => account.email === DEMO_OPERATOR_EMAIL)
      if (!operator) throw new Error('no demo operator')
      const signin = await demo.app.request('/api/signin', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueAddress() },
        body: JSON.stringify({ email: operator.email, password: operator.password }),
      })
      const { token } = (await signin.json()) as { token: string }
      const me = await demo.app.request('/api/admin/me', { headers: authed(token) })
      expect(me.status).toBe(200)
      expect(await me.json()).toMatchObject({ email: DEMO_OPERATOR_EMAIL, role: 'admin' })
    } finally {
      await demo.close()
    }
  })
})
