import {
  AUTHENTICATION_REQUIRED,
  EMAIL_ALREADY_REGISTERED,
  MeResponse,
  PHONE_INVALID,
  TIMEZONE_INVALID,
} from '@engage/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seed } from '../src/seed'
import { authed, createTestApp, fund, signUp, type TestApp, uniqueAddress } from './support/app'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
  await seed(t.db, { demo: false, now: t.clock.now() })
})
afterEach(() => t.close())

async function getMe(token: string) {
  const response = await t.app.request('/api/user/me', { headers: authed(token) })
  expect(response.status).toBe(200)
  return MeResponse.parse(await response.json())
}

function putProfile(token: string, body: unknown) {
  return t.app.request('/api/user/profile', {
    method: 'PUT',
    headers: authed(token),
    body: JSON.stringify(body),
  })
}

async function placeOrder(token: string, url: string, serviceType = 'likes', quantity = 100) {
  const response = await t.app.request('/api/orders/create', {
    method: 'POST',
    headers: authed(token),
    body: JSON.stringify({ service_type: serviceType, target_url: url, quantity }),
  })
  expect(response.status).toBe(201)
  return (await response.json()) as { id: string }
}

describe('GET /api/user/me', () => {
  it('answers every field of the current user for a new account', async () => {
    const user = await signUp(t, 'Fresh.Customer@example.test')
    const me = await getMe(user.token)
    expect(me).toMatchObject({
      username: 'fresh.customer',
      email: 'fresh.customer@example.test',
      balance: 0,
      profilePhoto: null,
      totalOrders: 0,
      totalOrdersPanel: 0,
      settings: { phone: '', timezone: 'UTC' },
      transactions: [],
      orders: [],
    })
    expect(me.aiSettings.map((setting) => setting.name)).toEqual(['Default AI', 'Reasoner'])
    expect(me.updates.length).toBeGreaterThan(0)
    expect(me.updates.some((update) => update.url !== null)).toBe(true)
    expect(me.contactMethods.map((method) => method.text)).toContain('Everyday | 9 AM to 5 PM')
  })

  it('shows the balance in USD and the deposit, order payment and orders of the user', async () => {
    const user = await signUp(t)
    // Funded a second before the order, on the test clock the order uses too, so newest-first is certain.
    await fund(t.db, user.userId, 20, t.clock.now() - 1000)
    const order = await placeOrder(user.token, 'https://x.com/someone/status/1', 'likes', 1000)
    const me = await getMe(user.token)
    // likes cost $0.90 per 1,000.
    expect(me.balance).toBe(19.1)
    expect(me.totalOrders).toBe(1)
    expect(me.orders).toEqual([
      expect.objectContaining({
        id: order.id,
        service_type: 'likes',
        quantity: 1000,
        status: 'pending',
        charge: 0.9,
      }),
    ])
    expect(me.transactions.map((transaction) => [transaction.type, transaction.amount])).toEqual([
      ['order_payment', 0.9],
      ['deposit', 20],
    ])
  })

  it('lists the latest 50 orders, newest first, and counts them all', async () => {
    const user = await signUp(t)
    await fund(t.db, user.userId, 100)
    const ids: string[] = []
    for (let index = 1; index <= 52; index += 1) {
      ids.push((await placeOrder(user.token, `https://x.com/p/status/${index}`, 'views', 10)).id)
    }
    const me = await getMe(user.token)
    expect(me.totalOrders).toBe(52)
    expect(me.orders).toHaveLength(50)
    expect(me.orders.map((order) => order.id)).toEqual(ids.slice(2).reverse())
    expect(me.transactions).toHaveLength(50)
  })

  it("never shows another user's orders, transactions or AI settings, but counts the panel's orders", async () => {
    const alice = await signUp(t)
    const bob = await signUp(t)
    await fund(t.db, alice.userId, 10)
    await placeOrder(alice.token, 'https://x.com/alice/status/1')
    await t.app.request('/api/user/ai-settings', {
      method: 'PUT',
      headers: authed(alice.token),
      body: JSON.stringify([{ id: 'alice-only', name: 'Alice', model: 'gpt-4o', provider: 'openai' }]),
    })
    const bobMe = await getMe(bob.token)
    expect(bobMe.email).toBe(bob.email)
    expect(bobMe.balance).toBe(0)
    expect(bobMe.orders).toEqual([])
    expect(bobMe.transactions).toEqual([])
    expect(bobMe.totalOrders).toBe(0)
    expect(bobMe.totalOrdersPanel).toBe(1)
    expect(bobMe.aiSettings.map((setting) => setting.id)).toEqual(['default', 'reasoner'])
  })

  it('needs a token', async () => {
    const response = await t.app.request('/api/user/me')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ detail: AUTHENTICATION_REQUIRED })
  })
})

describe('PUT /api/user/profile', () => {
  it('updates email, phone and timezone and answers the new values', async () => {
    const user = await signUp(t)
    const response = await putProfile(user.token, {
      email: ' New.Address@Example.TEST',
      phone: '+1 (555) 010-2030',
      timezone: 'PST',
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      email: 'new.address@example.test',
      settings: { phone: '+1 (555) 010-2030', timezone: 'PST' },
    })
    const me = await getMe(user.token)
    expect(me.email).toBe('new.address@example.test')
    expect(me.settings).toEqual({ phone: '+1 (555) 010-2030', timezone: 'PST' })

    const signin = await t.app.request('/api/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueAddress() },
      body: JSON.stringify({ email: 'new.address@example.test', password: user.password }),
    })
    expect(signin.status).toBe(200)
  })

  it('changes only the fields sent, and an empty phone clears it', async () => {
    const user = await signUp(t)
    await putProfile(user.token, { phone: '+44 20 7946 0958', timezone: 'EST' })
    const response = await putProfile(user.token, { phone: '' })
    expect(await response.json()).toEqual({ email: user.email, settings: { phone: '', timezone: 'EST' } })
  })

  it('refuses an email another account has', async () => {
    const taken = await signUp(t)
    const user = await signUp(t)
    const response = await putProfile(user.token, { email: taken.email.toUpperCase() })
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ detail: EMAIL_ALREADY_REGISTERED, field: 'email' })
    expect((await getMe(user.token)).email).toBe(user.email)
  })

  it.each([
    [{ timezone: 'CET' }, `timezone: ${TIMEZONE_INVALID}`],
    [{ phone: 'call me' }, `phone: ${PHONE_INVALID}`],
    [{ email: 'nope' }, 'email: Please enter a valid email address'],
  ])('refuses %j with 422 naming the field', async (body, detail) => {
    const user = await signUp(t)
    const response = await putProfile(user.token, body)
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ detail })
  })

  it('needs a token', async () => {
    const response = await t.app.request('/api/user/profile', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ timezone: 'UTC' }),
    })
    expect(response.status).toBe(401)
  })
})
