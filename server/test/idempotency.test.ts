import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IDEMPOTENCY_KEY_IN_PROGRESS, IDEMPOTENCY_KEY_REUSED } from '../src/http/idempotency'
import { authed, createTestApp, fund, signUp, type SignedUp, type TestApp } from './support/app'
import { addService, uniqueLink } from './support/services'

// Idempotency-Key on the calls that move money, on both databases: a retry answers the first answer and moves
// no money twice; another request under the same key is refused; refusals do not hold the key.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await addService(t.db, 'likes', 2_000_000)
})
afterAll(() => t.close())

async function customer(usd = 100): Promise<SignedUp> {
  const user = await signUp(t)
  await fund(t.db, user.userId, usd)
  return user
}

function place(user: SignedUp, key: string | undefined, body: Record<string, unknown>) {
  return t.app.request('/api/orders/create', {
    method: 'POST',
    headers: authed(user.token, key === undefined ? {} : { 'Idempotency-Key': key }),
    body: JSON.stringify({ service_type: 'likes', custom_comment: null, ai_settings: null, ...body }),
  })
}

async function ordersOf(user: SignedUp) {
  return t.db.selectFrom('orders').select(['id', 'charge']).where('user_id', '=', user.userId).execute()
}

async function balanceOf(user: SignedUp): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', user.userId)
    .executeTakeFirstOrThrow()
  return Number(row.balance)
}

describe('Idempotency-Key on orders/create', () => {
  it('answers a retry with the first answer and charges once', async () => {
    const user = await customer()
    const body = { target_url: uniqueLink(), quantity: 1000 }
    const first = await place(user, 'order-1', body)
    expect(first.status).toBe(201)
    const firstBody = await first.json()
    const retry = await place(user, 'order-1', body)
    expect(retry.status).toBe(201)
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await retry.json()).toEqual(firstBody)
    expect(await ordersOf(user)).toHaveLength(1)
    expect(await balanceOf(user)).toBe(100_000_000 - 2_000_000)
  })

  it('refuses the same key with another request, and keys are the account’s own', async () => {
    const user = await customer()
    expect((await place(user, 'shared', { target_url: uniqueLink(), quantity: 1000 })).status).toBe(201)
    const other = await place(user, 'shared', { target_url: uniqueLink(), quantity: 2000 })
    expect(other.status).toBe(422)
    expect(await other.json()).toEqual({ detail: IDEMPOTENCY_KEY_REUSED })

    const someoneElse = await customer()
    expect((await place(someoneElse, 'shared', { target_url: uniqueLink(), quantity: 1000 })).status).toBe(
      201,
    )
  })

  it('lets a refused request be fixed and sent again under the same key', async () => {
    const user = await customer()
    const link = uniqueLink()
    const refused = await place(user, 'fix-me', { target_url: link, quantity: 0 })
    expect(refused.status).toBe(422)
    const fixed = await place(user, 'fix-me', { target_url: link, quantity: 1000 })
    expect(fixed.status).toBe(201)
    expect(fixed.headers.get('Idempotent-Replayed')).toBeNull()
  })

  it('places one order when two requests with one key arrive together', async () => {
    const user = await customer()
    const body = { target_url: uniqueLink(), quantity: 1000 }
    const answers = await Promise.all([place(user, 'twin', body), place(user, 'twin', body)])
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses[0]).toBe(201)
    // The second either waited for nothing and was told the first still runs, or came after it and replays it.
    expect([201, 409]).toContain(statuses[1])
    if (statuses[1] === 409) {
      const conflict = answers.find((answer) => answer.status === 409)
      expect(await conflict?.json()).toEqual({ detail: IDEMPOTENCY_KEY_IN_PROGRESS })
    }
    expect(await ordersOf(user)).toHaveLength(1)
  })

  it('forgets a key after 24 hours', async () => {
    const user = await customer()
    expect((await place(user, 'daily', { target_url: uniqueLink(), quantity: 1000 })).status).toBe(201)
    t.clock.advance(24 * 60 * 60 * 1000)
    const nextDay = await place(user, 'daily', { target_url: uniqueLink(), quantity: 1000 })
    expect(nextDay.status).toBe(201)
    expect(nextDay.headers.get('Idempotent-Replayed')).toBeNull()
    expect(await ordersOf(user)).toHaveLength(2)
  })

  it('refuses a malformed key and needs a signed-in caller', async () => {
    const user = await customer()
    const malformed = await place(user, 'with space', { target_url: uniqueLink(), quantity: 1000 })
    expect(malformed.status).toBe(400)
    const anonymous = await t.app.request('/api/orders/create', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k' },
      body: '{}',
    })
    expect(anonymous.status).toBe(401)
  })
})

describe('Idempotency-Key on the other calls that move money', () => {
  it('creates one deposit invoice per key', async () => {
    const user = await customer()
    const create = () =>
      t.app.request('/api/payments/sandbox/create', {
        method: 'POST',
        headers: authed(user.token, { 'Idempotency-Key': 'deposit-1' }),
        body: JSON.stringify({ amount: 25, currency: 'USD' }),
      })
    const first = await create()
    expect(first.status).toBe(200)
    const again = await create()
    expect(await again.json()).toEqual(await first.json())
    const payments = await t.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute()
    expect(payments).toHaveLength(1)
  })

  it('places one mass order per key', async () => {
    const user = await customer()
    const mass = () =>
      t.app.request('/api/orders/mass', {
        method: 'POST',
        headers: authed(user.token, { 'Idempotency-Key': 'mass-1' }),
        body: JSON.stringify({
          items: [{ type: 'likes', url: uniqueLinkFixed, quantity: 1000 }],
        }),
      })
    const first = await mass()
    expect(first.status).toBeLessThan(300)
    const again = await mass()
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await ordersOf(user)).toHaveLength(1)
  })
})

const uniqueLinkFixed = uniqueLink()
