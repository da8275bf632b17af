import {
  LAST_OWNER,
  adminCancelMessage,
  AiSettingsResponse,
  GetServicesResponse,
  ListOrdersResponse,
  ListSubscriptionsResponse,
  MeResponse,
  NEXT_CURSOR_HEADER,
  ORDER_NOT_CANCELLABLE,
  PaymentMethodsResponse,
  REFILL_ALREADY_ACTIVE,
  REFILL_NOT_OFFERED,
  TICKET_ORDER_NOT_YOURS,
  TicketThread,
  Transaction,
  TWO_FACTOR_CHALLENGE_EXPIRED,
  TWO_FACTOR_NOT_ENABLED,
  TWO_FACTOR_SETUP_NOT_STARTED,
  type EndpointName,
} from '@engage/contract'
import { endpoints } from '@engage/contract/all-endpoints'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  fixtureAiSettings,
  fixtureContactMethods,
  fixtureModels,
  FIXTURE_NOW,
  fixtureOrders,
  fixturePaymentMethods,
  fixtureRefillOrders,
  fixtureServices,
  fixtureSubscriptions,
  fixtureTransactions,
  fixtureUpdates,
  FIXTURE_INVITATION_TOKEN,
} from './fixtures'
import { createAdminScenario } from './admin'
import { createAdminMockState } from './adminState'
import { handlers } from './handlers'
import { createScenario, scenarios } from './scenarios'
import { createMockState, meOf } from './state'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const origin = 'http://panel.test'
const auth = { Authorization: 'Bearer mock-token' }

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = auth) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = response.headers.get('Content-Type')?.startsWith('text/csv') === true
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? await response.text() : await response.json()) as unknown,
  }
}

describe('fixtures', () => {
  it('parse with their contract schemas', () => {
    expect(() => MeResponse.parse(meOf(createMockState()))).not.toThrow()
    expect(() => MeResponse.parse(meOf(createMockState({ empty: true })))).not.toThrow()
    expect(() => ListOrdersResponse.parse(fixtureOrders())).not.toThrow()
    expect(() => ListOrdersResponse.parse(fixtureRefillOrders())).not.toThrow()
    expect(() => Transaction.array().parse(fixtureTransactions())).not.toThrow()
    expect(() => ListSubscriptionsResponse.parse(fixtureSubscriptions())).not.toThrow()
    expect(() => AiSettingsResponse.parse(fixtureAiSettings())).not.toThrow()
    expect(() => GetServicesResponse.parse(fixtureServices)).not.toThrow()
    expect(() => PaymentMethodsResponse.parse(fixturePaymentMethods())).not.toThrow()
    expect(() => MeResponse.shape.updates.parse(fixtureUpdates())).not.toThrow()
    expect(() => MeResponse.shape.contactMethods.parse(fixtureContactMethods())).not.toThrow()
    for (const models of Object.values(fixtureModels)) {
      expect(() => endpoints.fetchModels.response.parse({ models })).not.toThrow()
    }
  })

  it('cover every order status and every transaction type and status', () => {
    expect(new Set(fixtureOrders().map((order) => order.status))).toEqual(
      new Set(['pending', 'processing', 'paused', 'completed', 'partial', 'cancelled']),
    )
    const transactions = fixtureTransactions()
    expect(new Set(transactions.map((transaction) => transaction.type))).toEqual(
      new Set(['deposit', 'withdrawal', 'order_payment', 'refund']),
    )
    expect(new Set(transactions.map((transaction) => transaction.status))).toEqual(
      new Set(['completed', 'pending', 'processing', 'failed']),
    )
  })

  it('include updates with and without a url and the three contact methods', () => {
    expect(fixtureUpdates().some((update) => update.url !== null)).toBe(true)
    expect(fixtureUpdates().some((update) => update.url === null)).toBe(true)
    expect(fixtureContactMethods().map((contact) => contact.icon)).toEqual(['chat', 'mail', 'wallet'])
    expect(fixtureContactMethods()[1]?.text).toBe('Everyday | 9 AM to 5 PM')
  })

  it('give a balance equal to the completed transactions', () => {
    // 150 deposited − 10 withdrawn − 19.70 of orders + 6.86 refunded.
    expect(meOf(createMockState()).balance).toBe(127.16)
  })
})

// A valid request for every endpoint, so the default answers can be checked against the contract.
const validRequests: Record<
  EndpointName,
  { path: string; body?: unknown; headers?: Record<string, string> }
> = {
  signin: { path: '/api/signin', body: { email: 'alex.morgan@example.com', password: 'engage-demo-2026' } },
  signup: { path: '/api/signup', body: { email: 'new@example.com', password: 'long enough' } },
  logout: { path: '/api/logout' },
  forgotPassword: { path: '/api/auth/forgot-password', body: { email: 'a@b.co' } },
  resetPassword: {
    path: '/api/auth/reset-password',
    body: { token: 't', password: 'new password', confirmPassword: 'new password' },
  },
  changePassword: {
    path: '/api/auth/change-password',
    body: {
      currentPassword: 'engage-demo-2026',
      newPassword: 'new password',
      confirmPassword: 'new password',
    },
  },
  getMe: { path: '/api/user/me' },
  updateProfile: { path: '/api/user/profile', body: { timezone: 'EST' } },
  saveAiSettings: { path: '/api/user/ai-settings', body: [{ name: 'New', model: 'deepseek-chat' }] },
  deleteAiSetting: { path: '/api/user/ai-settings/DEFAULT' },
  getServices: { path: '/api/get-services', headers: {} },
  listServices: { path: '/api/services', headers: {} },
  serviceCatalogue: { path: '/api/services/catalogue', headers: {} },
  authProviders: { path: '/api/auth/providers', headers: {} },
  listContactMethods: { path: '/api/contact-methods', headers: {} },
  listOrders: { path: '/api/orders/get?limit=2' },
  exportOrders: { path: '/api/orders/export?status=completed' },
  createOrder: {
    path: '/api/orders/create',
    body: { service_type: 'likes', target_url: 'https://x.com/new/status/1', quantity: 100 },
  },
  createMassOrder: {
    path: '/api/orders/mass',
    body: { items: [{ type: 'views', quantity: 1000, url: 'https://youtube.com/watch?v=1' }] },
  },
  createSubscription: {
    path: '/api/orders/subscription',
    body: {
      actionType: 'followers',
      startDate: '2026-11-20T10:00:00.000Z',
      endDate: '2026-11-27T10:00:00.000Z',
      url: 'https://instagram.com/someone',
    },
  },
  listSubscriptions: { path: '/api/orders/subscriptions' },
  cancelSubscription: { path: '/api/orders/subscriptions/12/cancel' },
  cancelOrder: { path: '/api/orders/1048/cancel' },
  requestRefill: { path: '/api/orders/1042/refill' },
  retryAllOrders: { path: '/api/orders/retry/all' },
  retryOrder: { path: '/api/orders/retry/1046' },
  fetchModels: { path: '/api/orders/fetch-models', body: { provider: 'openai', api_key: 'sk-test' } },
  aiPreview: {
    path: '/api/ai/preview',
    body: { name: 'A', model: 'deepseek-chat', service_type: 'ai_tweets' },
  },
  listTransactions: { path: '/api/wallet/transactions?limit=3' },
  paymentMethods: { path: '/api/payments/sandbox/methods' },
  createPayment: { path: '/api/payments/sandbox/create', body: { amount: 10, currency: 'USD' } },
  paymentStatus: { path: '/api/payments/status?order_id=unknown' },
  listApiKeys: { path: '/api/user/api-keys' },
  createApiKey: { path: '/api/user/api-keys', body: { name: 'Reseller panel' } },
  revokeApiKey: { path: '/api/user/api-keys/3' },
  signinTwoFactor: { path: '/api/signin/two-factor', body: { challenge: 'unknown', code: '123456' } },
  twoFactorStatus: { path: '/api/user/two-factor' },
  twoFactorSetup: { path: '/api/user/two-factor/setup' },
  twoFactorConfirm: { path: '/api/user/two-factor/confirm', body: { code: '123456' } },
  twoFactorDisable: {
    path: '/api/user/two-factor/disable',
    body: { password: 'engage-demo-2026', code: '123456' },
  },
  listSessions: { path: '/api/user/sessions' },
  revokeSession: { path: '/api/user/sessions/mock-session-phone' },
  revokeOtherSessions: { path: '/api/user/sessions/revoke-others' },
  listTickets: { path: '/api/support/tickets' },
  createTicket: {
    path: '/api/support/tickets',
    body: { subject: 'Order stuck', message: 'Please check it', order_id: '1048' },
  },
  getTicket: { path: '/api/support/tickets/31' },
  replyTicket: { path: '/api/support/tickets/29/reply', body: { message: 'It happened again' } },
  closeTicket: { path: '/api/support/tickets/30/close' },
  listNotifications: { path: '/api/notifications?limit=2' },
  markNotificationRead: { path: '/api/notifications/905/read' },
  markAllNotificationsRead: { path: '/api/notifications/read-all' },
  notificationPreferences: { path: '/api/user/notification-preferences' },
  updateNotificationPreferences: {
    path: '/api/user/notification-preferences',
    body: { email: { order_completed: true }, lowBalanceThreshold: 10 },
  },
  getAffiliates: { path: '/api/affiliates' },
  analytics: { path: '/api/analytics?from=2026-10-22&to=2026-11-20&granularity=week' },
  analyticsDelivery: { path: '/api/analytics/delivery' },
  listWorkspaces: { path: '/api/workspaces' },
  switchWorkspace: { path: '/api/workspaces/2/switch' },
  listMembers: { path: '/api/workspace/members' },
  updateMember: { path: '/api/workspace/members/8', body: { monthly_limit: 60 } },
  removeMember: { path: '/api/workspace/members/9' },
  leaveWorkspace: { path: '/api/workspace/leave' },
  listInvitations: { path: '/api/workspace/invitations' },
  inviteMember: { path: '/api/workspace/invitations', body: { email: 'x@example.com', role: 'viewer' } },
  revokeInvitation: { path: '/api/workspace/invitations/12' },
  getInvitation: { path: `/api/invitations/${FIXTURE_INVITATION_TOKEN}` },
  acceptInvitation: { path: `/api/invitations/${FIXTURE_INVITATION_TOKEN}/accept` },
  listActivity: { path: '/api/workspace/activity?action=order.placed' },
}

/** Calls that need an earlier step in the default state (a challenge, a set-up, two-factor sign-in on). */
const refusedByDefault: Partial<Record<EndpointName, { status: number; detail: string }>> = {
  paymentStatus: { status: 404, detail: 'Payment not found' },
  // Order 1042 is of a service without refills; the refill states are fixtureRefillOrders.
  requestRefill: { status: 409, detail: REFILL_NOT_OFFERED },
  // The demo customer is their workspace's only owner.
  leaveWorkspace: { status: 409, detail: LAST_OWNER },
  signinTwoFactor: { status: 401, detail: TWO_FACTOR_CHALLENGE_EXPIRED },
  twoFactorConfirm: { status: 409, detail: TWO_FACTOR_SETUP_NOT_STARTED },
  twoFactorDisable: { status: 409, detail: TWO_FACTOR_NOT_ENABLED },
}

describe('default scenario', () => {
  it.each(Object.keys(endpoints) as EndpointName[])('answers %s as the contract says', async (name) => {
    server.use(...scenarios.default)
    const request = validRequests[name]
    const answer = await call(endpoints[name].method, request.path, request.body, request.headers ?? auth)
    const refusal = refusedByDefault[name]
    if (refusal !== undefined) {
      expect(answer).toMatchObject({ status: refusal.status, body: { detail: refusal.detail } })
      return
    }
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
    expect(() => endpoints[name].response.parse(answer.body)).not.toThrow()
  })

  it('shows a placed order in the list and charges it', async () => {
    const state = createMockState()
    server.use(...createScenario('default', state))
    const before = MeResponse.parse((await call('GET', '/api/user/me')).body)
    const placed = await call('POST', '/api/orders/create', {
      service_type: 'followers',
      target_url: 'https://instagram.com/new.account',
      quantity: 1000,
    })
    expect(placed.status).toBe(201)
    const list = ListOrdersResponse.parse((await call('GET', '/api/orders/get')).body)
    expect(list[0]).toMatchObject({
      target_url: 'https://instagram.com/new.account',
      status: 'pending',
      charge: 2.5,
    })
    const after = MeResponse.parse((await call('GET', '/api/user/me')).body)
    expect(after.balance).toBeCloseTo(before.balance - 2.5, 6)
    expect(after.transactions[0]).toMatchObject({ type: 'order_payment', amount: 2.5 })
  })

  it('places a drip-feed order as the server does: every run charged, its progress from the start', async () => {
    server.use(...createScenario('default', createMockState()))
    const placed = await call('POST', '/api/orders/create', {
      service_type: 'followers',
      target_url: 'https://instagram.com/drip.feed',
      quantity: 100,
      runs: 5,
      interval: 30,
    })
    expect(placed).toMatchObject({
      status: 201,
      body: {
        quantity: 500,
        charge: 1.25,
        drip_feed: { runs: 5, interval: 30, run: 0, delivered: 0 },
      },
    })
    const ai = await call('POST', '/api/orders/create', {
      service_type: 'ai_comments',
      target_url: 'https://x.com/a/status/2',
      quantity: 10,
      runs: 2,
      interval: 5,
    })
    expect(ai).toMatchObject({ status: 422, body: { field: 'runs' } })
  })

  it('follows the server’s ticket rules: only own orders, and a reply opens a closed ticket again', async () => {
    server.use(...scenarios.default)
    expect(
      await call('POST', '/api/support/tickets', { subject: 'Hi', message: 'Text', order_id: '999' }),
    ).toMatchObject({
      status: 422,
      body: { detail: `order_id: ${TICKET_ORDER_NOT_YOURS}`, field: 'order_id' },
    })
    const reopened = TicketThread.parse(
      (await call('POST', '/api/support/tickets/29/reply', { message: 'Again, please' })).body,
    )
    expect(reopened.status).toBe('open')
    expect(reopened.messages.at(-1)).toMatchObject({ author: 'customer', body: 'Again, please' })
  })

  it('refuses bad input with the field and its contract message', async () => {
    server.use(...scenarios.default)
    expect(
      await call('POST', '/api/orders/create', { service_type: 'likes', target_url: 'nope', quantity: 5 }),
    ).toMatchObject({ status: 422, body: { detail: 'target_url: Valid URL required', field: 'target_url' } })
  })

  it('refuses a second active order for the same link and a balance too low', async () => {
    server.use(...scenarios.default)
    const duplicate = await call('POST', '/api/orders/create', {
      service_type: 'likes',
      target_url: 'https://x.com/engagepanel/status/1859201934201',
      quantity: 10,
    })
    expect(duplicate).toMatchObject({ status: 409, body: { field: 'target_url' } })
    const tooExpensive = await call('POST', '/api/orders/create', {
      service_type: 'ai_tweets',
      target_url: 'https://x.com/rich/status/1',
      quantity: 10_000,
    })
    expect(tooExpensive).toMatchObject({ status: 402, body: { detail: 'Insufficient balance' } })
  })

  it("lets a subscription's order and an order of the same link stand side by side, as the server does", async () => {
    server.use(...createScenario('default', createMockState()))
    const { body } = validRequests.createSubscription
    expect((await call('POST', '/api/orders/subscription', body)).status).toBeLessThan(300)
    const manual = await call('POST', '/api/orders/create', {
      service_type: 'followers',
      target_url: 'https://instagram.com/someone',
      quantity: 10,
    })
    expect(manual.status).toBe(201)
    const second = await call('POST', '/api/orders/create', {
      service_type: 'followers',
      target_url: 'https://instagram.com/someone',
      quantity: 10,
    })
    expect(second).toMatchObject({ status: 409, body: { field: 'target_url' } })
  })

  it('places all mass items or none', async () => {
    const state = createMockState()
    server.use(...createScenario('default', state))
    const count = state.orders.length
    const refused = await call('POST', '/api/orders/mass', {
      items: [
        { type: 'likes', quantity: 10, url: 'https://x.com/1' },
        { type: 'unknown_service', quantity: 10, url: 'https://x.com/2' },
      ],
    })
    expect(refused).toMatchObject({ status: 422, body: { field: 'items[1].type' } })
    expect(state.orders).toHaveLength(count)
  })

  it('cancels a pending order with a refund and retries paused orders', async () => {
    const state = createMockState()
    server.use(...createScenario('default', state))
    const balance = state.balanceMicros
    expect(await call('POST', '/api/orders/1048/cancel')).toMatchObject({
      status: 200,
      body: { status: 'cancelled' },
    })
    expect(state.balanceMicros).toBe(balance + 600_000)
    expect(await call('POST', '/api/orders/1045/cancel')).toMatchObject({ status: 409 })
    expect(await call('POST', '/api/orders/retry/1046')).toMatchObject({
      body: { message: 'Order 1046 has been queued for retry', order: { status: 'pending' } },
    })
    expect(await call('POST', '/api/orders/retry/all')).toMatchObject({
      body: { message: 'There are no paused orders to retry', orders: [] },
    })
  })

  it('refills as the server does: inside the window, one at a time, the reason for each refusal', async () => {
    const state = createMockState({ now: () => FIXTURE_NOW })
    state.orders.unshift(...fixtureRefillOrders())
    server.use(...createScenario('default', state))
    expect(await call('POST', '/api/orders/1066/refill')).toMatchObject({
      status: 201,
      body: { id: '1066', refillable: false, refill: { status: 'pending', reason: null } },
    })
    expect(await call('POST', '/api/orders/1066/refill')).toMatchObject({
      status: 409,
      body: { detail: REFILL_ALREADY_ACTIVE },
    })
    // A refill that ended (completed, rejected) does not stop another.
    expect(await call('POST', '/api/orders/1062/refill')).toMatchObject({ status: 201 })
    expect(await call('POST', '/api/orders/1060/refill')).toMatchObject({
      status: 409,
      body: { detail: 'The refill window of this order ended on 11/16/2026' },
    })
    expect(await call('POST', '/api/orders/1045/refill')).toMatchObject({
      status: 409,
      body: { detail: REFILL_NOT_OFFERED },
    })
    expect(await call('POST', '/api/orders/999/refill')).toMatchObject({ status: 404 })
  })

  it('pages orders with the next cursor in a header', async () => {
    server.use(...scenarios.default)
    const first = await call('GET', '/api/orders/get?limit=3')
    const cursor = first.headers.get(NEXT_CURSOR_HEADER)
    expect(cursor).toBe('1046')
    const second = ListOrdersResponse.parse(
      (await call('GET', `/api/orders/get?limit=3&cursor=${cursor ?? ''}`)).body,
    )
    expect(second.map((order) => order.id)).toEqual(['1045', '1044', '1043'])
  })

  it('completes a deposit when its status is checked after the return', async () => {
    const state = createMockState()
    server.use(...createScenario('default', state))
    const balance = state.balanceMicros
    const created = await call('POST', '/api/payments/sandbox/create', { amount: 25.5 })
    const { order_id: orderId, payment_url: paymentUrl } = endpoints.createPayment.response.parse(
      created.body,
    )
    expect(paymentUrl).toBe(`${origin}/wallet?payment_status=success&order_id=${orderId}`)
    expect(state.transactions[0]).toMatchObject({ type: 'deposit', status: 'pending', amount: 25.5 })
    expect((await call('GET', `/api/payments/status?order_id=${orderId}`)).body).toEqual({
      status: 'completed',
      amount: 25.5,
    })
    expect(state.balanceMicros).toBe(balance + 25_500_000)
    await call('GET', `/api/payments/status?order_id=${orderId}`)
    expect(state.balanceMicros).toBe(balance + 25_500_000)
  })

  it('keeps a stored key when the masked value comes back, and deletes case-insensitively', async () => {
    const state = createMockState()
    server.use(...createScenario('default', state))
    const [, , custom] = fixtureAiSettings()
    const saved = AiSettingsResponse.parse(
      (await call('PUT', '/api/user/ai-settings', [{ ...custom, name: 'Renamed' }])).body,
    )
    expect(saved.find((setting) => setting.id === custom?.id)).toMatchObject({
      name: 'Renamed',
      apiKey: custom?.apiKey,
    })
    expect(state.aiSettings.find((setting) => setting.id === custom?.id)?.apiKey).toBe(
      'sk-proj-4f9a2c7e1b8d3a6f',
    )
    const afterDelete = AiSettingsResponse.parse(
      (await call('DELETE', '/api/user/ai-settings/REASONER')).body,
    )
    expect(afterDelete.map((setting) => setting.id)).not.toContain('reasoner')
  })

  it('signs in the demo account only with its password', async () => {
    server.use(...scenarios.default)
    expect(
      await call('POST', '/api/signin', { email: 'alex.morgan@example.com', password: 'wrong one' }, {}),
    ).toMatchObject({
      status: 401,
      body: { detail: 'Invalid email or password' },
    })
  })

  it('asks for a token on signed-in calls', async () => {
    server.use(...scenarios.default)
    expect(await call('GET', '/api/user/me', undefined, {})).toMatchObject({
      status: 401,
      body: { detail: 'Authentication required' },
    })
  })
})

describe('other scenarios', () => {
  it('empty: no services, orders or transactions', async () => {
    server.use(...scenarios.empty)
    expect((await call('GET', '/api/get-services', undefined, {})).body).toEqual({})
    expect((await call('GET', '/api/orders/get')).body).toEqual([])
    expect((await call('GET', '/api/wallet/transactions')).body).toEqual({
      transactions: [],
      nextCursor: null,
    })
    expect(MeResponse.parse((await call('GET', '/api/user/me')).body)).toMatchObject({
      balance: 0,
      aiSettings: [],
    })
  })

  it('serverError: 500 with a detail', async () => {
    server.use(...scenarios.serverError)
    expect(await call('GET', '/api/user/me')).toEqual({
      status: 500,
      headers: expect.anything() as unknown,
      body: { detail: 'Internal server error' },
    })
  })

  it('unauthorised: 401 for signed-in calls, public calls still answer', async () => {
    server.use(...scenarios.unauthorised)
    expect((await call('GET', '/api/orders/get')).status).toBe(401)
    expect((await call('GET', '/api/get-services', undefined, {})).status).toBe(200)
  })

  it('loading: no answer arrives', async () => {
    server.use(...scenarios.loading)
    const pending = fetch(`${origin}/api/user/me`, { headers: auth, signal: AbortSignal.timeout(100) })
    await expect(pending).rejects.toThrow()
  })

  it('gives each read of a scenario its own state', async () => {
    const first = scenarios.default
    server.use(...first)
    await call('POST', '/api/orders/1048/cancel')
    server.resetHandlers(...scenarios.default)
    expect(await call('POST', '/api/orders/1048/cancel')).toMatchObject({ status: 200 })
  })
})

describe('per-endpoint overrides', () => {
  it('let a story replace one endpoint in front of a scenario', async () => {
    server.use(...scenarios.default)
    server.use(handlers.createOrder.failure('Insufficient balance', 402))
    expect(
      await call('POST', '/api/orders/create', {
        service_type: 'likes',
        target_url: 'https://a.b',
        quantity: 1,
      }),
    ).toMatchObject({ status: 402, body: { detail: 'Insufficient balance' } })
    expect((await call('GET', '/api/orders/get')).status).toBe(200)
  })

  it('do not let the retry-one handler answer retry-all', async () => {
    server.use(...scenarios.default)
    server.use(handlers.retryOrder.failure('Failed to retry order'))
    expect((await call('POST', '/api/orders/retry/all')).status).toBe(200)
    expect((await call('POST', '/api/orders/retry/1046')).body).toEqual({ detail: 'Failed to retry order' })
  })

  it('answer a fixed body with respond', async () => {
    server.use(handlers.getServices.respond({ likes: 0.001 }))
    expect((await call('GET', '/api/get-services', undefined, {})).body).toEqual({ likes: 0.001 })
  })

  it('fail the connection with networkError', async () => {
    server.use(handlers.getMe.networkError())
    await expect(fetch(`${origin}/api/user/me`, { headers: auth })).rejects.toThrow()
  })
})

describe('the console scenario', () => {
  it('cancels as the server does: at once for an order never sent, by asking the provider for one it has', async () => {
    const state = createAdminMockState()
    server.use(...createAdminScenario('default', state))
    const admin = { ...auth, 'Idempotency-Key': 'mocks-test-cancel' }
    const unsent = await call('POST', '/api/admin/orders/1048/cancel', {}, admin)
    expect(unsent).toMatchObject({
      status: 200,
      body: { message: adminCancelMessage('1048', 'cancelled'), order: { status: 'cancelled' } },
    })
    const sent = await call('POST', '/api/admin/orders/1047/cancel', {}, admin)
    expect(sent).toMatchObject({
      status: 202,
      body: {
        message: adminCancelMessage('1047', 'requested'),
        order: { status: 'processing', refunded: 0 },
      },
    })
    const ended = await call('POST', '/api/admin/orders/1045/cancel', {}, admin)
    expect(ended).toMatchObject({ status: 409, body: { detail: ORDER_NOT_CANCELLABLE } })
  })
})
