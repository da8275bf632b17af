import {
  AdminAffiliateSettings,
  AffiliateSummaryResponse,
  chargeMicros,
  ListTransactionsResponse,
  microsToUsd,
  Order as ApiOrder,
} from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attributeSignup, creditMaturedEarnings } from '../src/domain/affiliates'
import { ledgerSum } from '../src/domain/ledger'
import { referralPayoutsHandler } from '../src/jobs/handlers/referral-payouts'
import { silentLogger } from '../src/logger'
import { authed, fund, signUp, type SignedUp, TEST_PASSWORD, uniqueAddress, uniqueEmail } from './support/app'
import { uniqueLink } from './support/services'
import { type FulfilmentHarness, startFulfilmentHarness } from './fulfilment/harness'

// Affiliates end to end on the server: the referral link and its visits, the attribution of an email sign-up,
// the commission recorded when a referred customer's order ends (completed or partial) through the real
// fulfilment path (worker, SMM client over HTTP, simulator), a refund during the hold, and the crediting of
// matured commissions exactly once.

let h: FulfilmentHarness
const LIKES_RATE = 900_000
const DAY_MS = 24 * 60 * 60 * 1000
/** The migration's defaults: 10 % after 14 days. */
const DEFAULT_RATE_BASIS_POINTS = 1000
const DEFAULT_HOLD_DAYS = 14

beforeAll(async () => {
  h = await startFulfilmentHarness()
  await h.addMappedService('likes', LIKES_RATE, '2')
})

afterAll(async () => {
  await h.close()
})

async function summaryOf(user: SignedUp): Promise<AffiliateSummaryResponse> {
  const response = await h.t.app.request('/api/affiliates', { headers: authed(user.token) })
  expect(response.status).toBe(200)
  return AffiliateSummaryResponse.parse(await response.json())
}

/** Opens the referral link as a browser would; answers the response and the cookie it set. */
async function visit(code: string, headers: Record<string, string> = {}) {
  const response = await h.t.app.request(`/r/${code}`, {
    headers: {
      'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      'X-Forwarded-For': uniqueAddress(),
      ...headers,
    },
  })
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('engage_ref='))
  return { response, cookie: cookie?.split(';')[0] }
}

/** Signs up through POST /api/signup carrying the referral cookie `cookie`; answers the account and the answer. */
async function signUpWithCookie(cookie: string | undefined): Promise<SignedUp & { response: Response }> {
  const email = uniqueEmail('referred')
  const response = await h.t.app.request('/api/signup', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': uniqueAddress(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  })
  expect(response.status).toBe(200)
  const body = (await response.clone().json()) as { token: string; sessionId: string }
  const session = await h.t.db
    .selectFrom('sessions')
    .select('user_id')
    .where('id', '=', body.sessionId)
    .executeTakeFirstOrThrow()
  return { ...body, userId: Number(session.user_id), email, password: TEST_PASSWORD, response }
}

/** A referrer and a customer who signed up through the referrer's link, funded with $100. */
async function referredPair(): Promise<{ referrer: SignedUp; referred: SignedUp }> {
  const referrer = await signUp(h.t)
  const { code } = await summaryOf(referrer)
  const { cookie } = await visit(code)
  const referred = await signUpWithCookie(cookie)
  await fund(h.t.db, referred.userId, 100, h.t.clock.now())
  return { referrer, referred }
}

async function placeOrder(user: SignedUp, target_url: string, quantity: number): Promise<ApiOrder> {
  const response = await h.t.app.request('/api/orders/create', {
    method: 'POST',
    headers: authed(user.token),
    body: JSON.stringify({ service_type: 'likes', target_url, quantity }),
  })
  expect(response.status).toBe(201)
  return ApiOrder.parse(await response.json())
}

/** Moves the clock on step by step, running whatever falls due, until the simulator has ended the order. */
async function runUntilEnded(orderId: string): Promise<void> {
  for (let step = 0; step < 10; step += 1) {
    h.t.clock.advance(h.stepMs)
    await h.worker.drain()
    const row = await h.t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', Number(orderId))
      .executeTakeFirstOrThrow()
    if (row.status === 'completed' || row.status === 'partial') return
  }
  throw new Error(`order ${orderId} did not end`)
}

async function earningOf(orderId: string) {
  return h.t.db
    .selectFrom('referral_earnings')
    .selectAll()
    .where('order_id', '=', Number(orderId))
    .executeTakeFirst()
}

async function balanceOf(userId: number): Promise<number> {
  const row = await h.t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.balance)
}

/** A fresh session for `user`: the hold outlasts the one it signed up with. */
async function signInAgain(user: SignedUp): Promise<SignedUp> {
  const response = await h.t.app.request('/api/signin', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueAddress() },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  expect(response.status).toBe(200)
  const { token } = (await response.json()) as { token: string }
  return { ...user, token }
}

async function operator(): Promise<SignedUp> {
  const admin = await signUp(h.t)
  await h.t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute()
  return admin
}

describe('the referral link', () => {
  it('gives every customer one code for good, and a link on the panel address', async () => {
    const customer = await signUp(h.t)
    const first = await summaryOf(customer)
    const again = await summaryOf(customer)
    expect(first.code).toMatch(/^[a-z2-9]{10}$/)
    expect(again.code).toBe(first.code)
    expect(first.link).toBe(`http://panel.test/r/${first.code}`)
    expect(first).toMatchObject({ visits: 0, signups: 0, pending: 0, available: 0, paid: 0 })
    expect(first).toMatchObject({ rate_percent: 10, hold_days: DEFAULT_HOLD_DAYS, earnings: [], payouts: [] })
  })

  it('counts a visit, remembers the code in a first-party cookie and opens the sign-up form', async () => {
    const referrer = await signUp(h.t)
    const { code } = await summaryOf(referrer)
    const { response, cookie } = await visit(code)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/auth?mode=signup')
    const setCookie = response.headers.getSetCookie().join('\n')
    expect(setCookie).toMatch(/engage_ref=[a-z2-9]{10}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/)
    expect(cookie).toBe(`engage_ref=${code}`)
    expect((await summaryOf(referrer)).visits).toBe(1)
  })

  it('does not count the same browser, the same address within a day, a crawler or a HEAD again', async () => {
    const referrer = await signUp(h.t)
    const { code } = await summaryOf(referrer)
    const address = uniqueAddress()
    const { cookie } = await visit(code, { 'X-Forwarded-For': address })
    await visit(code, { Cookie: cookie ?? '' })
    await visit(code, { 'X-Forwarded-For': address })
    await visit(code, { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })
    await visit(code, { 'User-Agent': '' })
    await h.t.app.request(`/r/${code}`, { method: 'HEAD', headers: { 'X-Forwarded-For': uniqueAddress() } })
    expect((await summaryOf(referrer)).visits).toBe(1)

    // The next day the same address counts again, on that day's count.
    h.t.clock.advance(DAY_MS + 1000)
    await visit(code, { 'X-Forwarded-For': address })
    expect((await summaryOf(referrer)).visits).toBe(2)
    const days = await h.t.db
      .selectFrom('referral_visits')
      .selectAll()
      .where('referrer_id', '=', referrer.userId)
      .execute()
    expect(days.map((day) => Number(day.visits))).toEqual([1, 1])
  })

  it('sends an unknown or malformed code to the home page without a cookie', async () => {
    for (const code of ['zzzzzzzzzz', 'not-a-code', '%3Cscript%3E']) {
      const { response, cookie } = await visit(code)
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe('/')
      expect(cookie).toBeUndefined()
    }
  })
})

describe('attributing sign-ups', () => {
  it('attributes an email sign-up that came through the link, and clears the cookie', async () => {
    const referrer = await signUp(h.t)
    const { code } = await summaryOf(referrer)
    const { cookie } = await visit(code)
    const referred = await signUpWithCookie(cookie)
    expect(referred.response.headers.getSetCookie().join('\n')).toMatch(/engage_ref=; Max-Age=0; Path=\//)
    const referral = await h.t.db
      .selectFrom('referrals')
      .selectAll()
      .where('referred_id', '=', referred.userId)
      .executeTakeFirstOrThrow()
    expect(Number(referral.referrer_id)).toBe(referrer.userId)
    expect((await summaryOf(referrer)).signups).toBe(1)
  })

  it('leaves a sign-up without the cookie, or with a code nobody has, unattributed', async () => {
    const plain = await signUpWithCookie(undefined)
    const unknown = await signUpWithCookie('engage_ref=zzzzzzzzzz')
    const rows = await h.t.db
      .selectFrom('referrals')
      .selectAll()
      .where('referred_id', 'in', [plain.userId, unknown.userId])
      .execute()
    expect(rows).toEqual([])
  })

  it('refuses a self-referral and never changes the referrer once set', async () => {
    const { referrer, referred } = await referredPair()
    const other = await signUp(h.t)
    const otherCode = (await summaryOf(other)).code
    const ownCode = (await summaryOf(referred)).code
    await h.t.db.transaction().execute(async (trx) => {
      expect(await attributeSignup(trx, referred.userId, ownCode, h.t.clock.now())).toBe(false)
      expect(await attributeSignup(trx, referred.userId, otherCode, h.t.clock.now())).toBe(false)
    })
    const rows = await h.t.db
      .selectFrom('referrals')
      .selectAll()
      .where('referred_id', '=', referred.userId)
      .execute()
    expect(rows.map((row) => Number(row.referrer_id))).toEqual([referrer.userId])
    // The database refuses a referral of an account to itself, whatever code path would write one.
    await expect(
      h.t.db
        .insertInto('referrals')
        .values({ referred_id: other.userId, referrer_id: other.userId, created_at: 0 })
        .execute(),
    ).rejects.toThrow()
  })
})

describe('commissions', () => {
  it('records the rate of a completed order as pending until the hold is over', async () => {
    const { referrer, referred } = await referredPair()
    const order = await placeOrder(referred, uniqueLink(), 200)
    await runUntilEnded(order.id)
    const charge = chargeMicros(LIKES_RATE, 200)
    const earning = await earningOf(order.id)
    expect(earning).toMatchObject({
      referrer_id: referrer.userId,
      referred_id: referred.userId,
      status: 'pending',
      kept: charge,
      amount: Math.floor((charge * DEFAULT_RATE_BASIS_POINTS) / 10_000),
      rate_basis_points: DEFAULT_RATE_BASIS_POINTS,
    })
    expect(Number(earning?.available_at)).toBe(Number(earning?.created_at) + DEFAULT_HOLD_DAYS * DAY_MS)
    const summary = await summaryOf(referrer)
    expect(summary.pending).toBe(microsToUsd(Math.floor(charge / 10)))
    expect(summary.earnings).toEqual([
      expect.objectContaining({ order_id: order.id, status: 'pending', rate_percent: 10, paid_at: null }),
    ])
    // Nothing is credited before the hold is over.
    expect(await creditMaturedEarnings(h.t.db, h.t.clock.now())).toBe(0)
    expect(await balanceOf(referrer.userId)).toBe(0)
  })

  it('earns on the delivered part of a partial order only', async () => {
    const { referred } = await referredPair()
    const order = await placeOrder(referred, `${uniqueLink()}?sim=partial`, 300)
    await runUntilEnded(order.id)
    const row = await h.t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', Number(order.id))
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('partial')
    expect(Number(row.refunded)).toBeGreaterThan(0)
    const kept = Number(row.charge) - Number(row.refunded)
    expect(await earningOf(order.id)).toMatchObject({
      kept,
      amount: Math.floor(kept / 10),
      status: 'pending',
    })
  })

  it('earns nothing on a customer nobody referred', async () => {
    const customer = await signUp(h.t)
    await fund(h.t.db, customer.userId, 100, h.t.clock.now())
    const order = await placeOrder(customer, uniqueLink(), 100)
    await runUntilEnded(order.id)
    expect(await earningOf(order.id)).toBeUndefined()
  })

  it('recomputes a commission after a part refund in the hold and reverses it after a full one', async () => {
    const { referrer, referred } = await referredPair()
    const order = await placeOrder(referred, uniqueLink(), 100)
    await runUntilEnded(order.id)
    const admin = await operator()
    const refund = async (body: Record<string, unknown>) => {
      const response = await h.t.app.request(`/api/admin/orders/${order.id}/refund`, {
        method: 'POST',
        headers: authed(admin.token),
        body: JSON.stringify({ reason: 'Customer complaint', idempotency_key: crypto.randomUUID(), ...body }),
      })
      expect(response.status).toBe(200)
    }
    const charge = chargeMicros(LIKES_RATE, 100)
    await refund({ amount: 0.03 })
    expect(await earningOf(order.id)).toMatchObject({
      status: 'pending',
      kept: charge - 30_000,
      amount: Math.floor((charge - 30_000) / 10),
    })
    await refund({})
    expect(await earningOf(order.id)).toMatchObject({ status: 'reversed', kept: 0, amount: 0 })
    h.t.clock.advance((DEFAULT_HOLD_DAYS + 1) * DAY_MS)
    await creditMaturedEarnings(h.t.db, h.t.clock.now())
    const summary = await summaryOf(await signInAgain(referrer))
    expect(summary).toMatchObject({ pending: 0, available: 0, paid: 0, payouts: [] })
    expect(summary.earnings[0]).toMatchObject({ status: 'reversed', amount: 0 })
  })

  it('credits a matured commission exactly once however many runs overlap, and the balance stays the ledger sum', async () => {
    const pair = await referredPair()
    const { referred } = pair
    const order = await placeOrder(referred, uniqueLink(), 500)
    await runUntilEnded(order.id)
    const earning = await earningOf(order.id)
    expect(earning?.status).toBe('pending')
    h.t.clock.advance(DEFAULT_HOLD_DAYS * DAY_MS)
    const referrer = await signInAgain(pair.referrer)
    expect((await summaryOf(referrer)).available).toBe(microsToUsd(Number(earning?.amount)))

    const handler = referralPayoutsHandler({ db: h.t.db, clock: h.t.clock, logger: silentLogger })
    await Promise.all([
      ...Array.from({ length: 6 }, () => creditMaturedEarnings(h.t.db, h.t.clock.now())),
      handler.run({}, { jobId: 0, attempt: 1 } as never),
      handler.run({}, { jobId: 0, attempt: 1 } as never),
    ])
    const entries = await h.t.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', referrer.userId)
      .where('kind', '=', 'referral')
      .execute()
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      amount: Number(earning?.amount),
      idempotency_key: `referral:${earning?.id}`,
    })
    expect(await balanceOf(referrer.userId)).toBe(Number(earning?.amount))
    expect(await ledgerSum(h.t.db, referrer.userId)).toBe(await balanceOf(referrer.userId))

    const summary = await summaryOf(referrer)
    expect(summary).toMatchObject({ pending: 0, available: 0, paid: microsToUsd(Number(earning?.amount)) })
    expect(summary.payouts).toEqual([
      expect.objectContaining({ amount: microsToUsd(Number(earning?.amount)), order_id: order.id }),
    ])
    expect(summary.earnings[0]).toMatchObject({ status: 'paid' })

    // A refund after the hold leaves the credited commission as it was.
    const admin = await operator()
    const response = await h.t.app.request(`/api/admin/orders/${order.id}/refund`, {
      method: 'POST',
      headers: authed(admin.token),
      body: JSON.stringify({ reason: 'Late complaint', idempotency_key: crypto.randomUUID() }),
    })
    expect(response.status).toBe(200)
    expect(await earningOf(order.id)).toMatchObject({ status: 'paid', amount: Number(earning?.amount) })

    // The wallet shows the credit as a referral commission.
    const wallet = await h.t.app.request('/api/wallet/transactions', { headers: authed(referrer.token) })
    const { transactions } = ListTransactionsResponse.parse(await wallet.json())
    expect(transactions[0]).toMatchObject({
      type: 'referral',
      amount: microsToUsd(Number(earning?.amount)),
      status: 'completed',
    })
  })
})

describe('the operator settings', () => {
  it('shows and changes the rate and the hold, with an audit entry, for orders that end afterwards', async () => {
    const admin = await operator()
    const read = await h.t.app.request('/api/admin/affiliates/settings', { headers: authed(admin.token) })
    expect(AdminAffiliateSettings.parse(await read.json())).toMatchObject({
      rate_basis_points: DEFAULT_RATE_BASIS_POINTS,
      hold_days: DEFAULT_HOLD_DAYS,
    })
    const put = (body: Record<string, unknown>) =>
      h.t.app.request('/api/admin/affiliates/settings', {
        method: 'PUT',
        headers: authed(admin.token),
        body: JSON.stringify(body),
      })
    const saved = await put({ rate_basis_points: 2550, hold_days: 0, reason: 'Launch promotion' })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({ rate_basis_points: 2550, hold_days: 0 })
    const audit = await h.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'affiliates.settings')
      .executeTakeFirstOrThrow()
    expect(audit).toMatchObject({
      target: 'affiliate_settings:1',
      reason: 'Launch promotion',
      actor_id: admin.userId,
    })
    expect(JSON.parse(audit.before_json ?? '')).toMatchObject({
      rate_basis_points: DEFAULT_RATE_BASIS_POINTS,
    })
    expect(JSON.parse(audit.after_json ?? '')).toMatchObject({ rate_basis_points: 2550, hold_days: 0 })

    for (const [body, field] of [
      [{ rate_basis_points: 5001, hold_days: 1 }, 'rate_basis_points'],
      [{ rate_basis_points: -1, hold_days: 1 }, 'rate_basis_points'],
      [{ rate_basis_points: 10.5, hold_days: 1 }, 'rate_basis_points'],
      [{ rate_basis_points: 100, hold_days: 366 }, 'hold_days'],
      [{ rate_basis_points: 100, hold_days: '7' }, 'hold_days'],
    ] as const) {
      const refused = await put(body)
      expect(refused.status).toBe(422)
      expect(await refused.json()).toMatchObject({ field })
    }

    // The new rate applies to the next order that ends, and with no hold it is credited on the next round.
    const { referrer, referred } = await referredPair()
    const order = await placeOrder(referred, uniqueLink(), 100)
    await runUntilEnded(order.id)
    const charge = chargeMicros(LIKES_RATE, 100)
    expect(await earningOf(order.id)).toMatchObject({
      rate_basis_points: 2550,
      amount: Math.floor((charge * 2550) / 10_000),
    })
    await creditMaturedEarnings(h.t.db, h.t.clock.now())
    expect(await balanceOf(referrer.userId)).toBe(Math.floor((charge * 2550) / 10_000))

    await put({ rate_basis_points: DEFAULT_RATE_BASIS_POINTS, hold_days: DEFAULT_HOLD_DAYS })
  })
})
