import {
  AUTHENTICATION_REQUIRED,
  CURSOR_INVALID,
  ListTransactionsResponse,
  MeResponse,
  type Transaction,
} from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PaymentStatus } from '../src/db/schema'
import { credit, debit } from '../src/domain/ledger'
import { paymentReference } from '../src/domain/wallet'
import { authed, createTestApp, signUp, type SignedUp, type TestApp } from './support/app'

let t: TestApp
const T0 = Date.UTC(2026, 10, 1, 12, 0, 0)
const MINUTE = 60_000

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function ledgerCredit(
  userId: number,
  amount: number,
  kind: 'deposit' | 'refund' | 'adjustment',
  reference: string,
  now: number,
  note: string | null = null,
) {
  await t.db.transaction().execute((trx) =>
    credit(trx, {
      userId,
      amount,
      kind,
      reference,
      idempotencyKey: `${reference}:${kind}:${now}`,
      note,
      now,
    }),
  )
}

async function ledgerDebit(
  userId: number,
  amount: number,
  kind: 'order_payment' | 'adjustment' | 'withdrawal',
  reference: string,
  now: number,
  note: string | null = null,
) {
  await t.db.transaction().execute((trx) =>
    debit(trx, {
      userId,
      amount,
      kind,
      reference,
      idempotencyKey: `${reference}:${kind}:${now}`,
      note,
      now,
    }),
  )
}

async function addPayment(
  userId: number,
  orderId: string,
  status: PaymentStatus,
  amount: number,
  createdAt: number,
  extra: { txid?: string; currency?: string; network?: string; credited?: number; url?: string } = {},
) {
  await t.db
    .insertInto('payments')
    .values({
      order_id: orderId,
      user_id: userId,
      gateway: 'cryptomus',
      gateway_id: `inv-${orderId}`,
      amount_requested: amount,
      amount_credited: extra.credited ?? null,
      currency: extra.currency ?? null,
      network: extra.network ?? null,
      status,
      gateway_status: status === 'completed' ? 'paid' : status === 'failed' ? 'fail' : 'check',
      txid: extra.txid ?? null,
      details: '{"raw":"gateway report"}',
      payment_url: extra.url ?? null,
      created_at: createdAt,
      updated_at: createdAt,
      credited_at: null,
    })
    .execute()
}

function list(token: string, query = '') {
  return t.app.request(`/api/wallet/transactions${query}`, { headers: authed(token) })
}

async function allPages(token: string, limit: number): Promise<Transaction[][]> {
  const pages: Transaction[][] = []
  let cursor: string | null = null
  do {
    const response = await list(
      token,
      `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )
    expect(response.status).toBe(200)
    const body = ListTransactionsResponse.parse(await response.json())
    pages.push(body.transactions)
    cursor = body.nextCursor
  } while (cursor !== null && pages.length < 50)
  return pages
}

describe('GET /api/wallet/transactions', () => {
  let user: SignedUp

  beforeAll(async () => {
    user = await signUp(t)
    const other = await signUp(t)
    await ledgerCredit(other.userId, 9_000_000, 'adjustment', 'operator:goodwill', T0)

    // An opening balance, deposits through a gateway (pending, completed and credited, failed), an order paid and
    // refunded, and two operator corrections.
    await ledgerCredit(user.userId, 50_000_000, 'deposit', 'seed:opening-balance', T0, 'Opening balance')
    await addPayment(user.userId, 'dep_completed', 'completed', 25_000_000, T0 + MINUTE, {
      txid: '0xabc',
      currency: 'usdt',
      network: 'TRC20',
      credited: 24_990_000,
    })
    await ledgerCredit(user.userId, 24_990_000, 'deposit', paymentReference('dep_completed'), T0 + 5 * MINUTE)
    await ledgerDebit(user.userId, 2_000_000, 'order_payment', 'order:41', T0 + 2 * MINUTE)
    await ledgerCredit(
      user.userId,
      2_000_000,
      'refund',
      'order:41',
      T0 + 3 * MINUTE,
      'Order cancelled before it started',
    )
    await addPayment(user.userId, 'dep_failed', 'failed', 10_000_000, T0 + 3 * MINUTE)
    await ledgerCredit(
      user.userId,
      1_500_000,
      'adjustment',
      'operator:goodwill',
      T0 + 4 * MINUTE,
      'Sorry for the delay',
    )
    await ledgerDebit(
      user.userId,
      500_000,
      'adjustment',
      'operator:correction',
      T0 + 4 * MINUTE,
      'Double credit',
    )
    await addPayment(user.userId, 'dep_pending', 'pending', 15_000_000, T0 + 6 * MINUTE, {
      currency: 'BTC',
      url: 'https://pay.example/inv/1',
    })
  })

  it('merges payments and ledger entries newest first, each payment once, in the contract shape', async () => {
    const response = await list(user.token)
    expect(response.status).toBe(200)
    const body = ListTransactionsResponse.parse(await response.json())
    expect(body.nextCursor).toBeNull()
    expect(body.transactions.map((entry) => [entry.type, entry.method, entry.amount, entry.status])).toEqual([
      ['deposit', 'BTC', 15, 'pending'],
      ['withdrawal', 'manual', 0.5, 'completed'],
      ['deposit', 'manual', 1.5, 'completed'],
      ['deposit', 'cryptomus', 10, 'failed'],
      ['refund', 'balance', 2, 'completed'],
      ['order_payment', 'balance', 2, 'completed'],
      ['deposit', 'USDT', 24.99, 'completed'],
      ['deposit', 'manual', 50, 'completed'],
    ])
    const [pending, correction, goodwill, , refund, , completed, opening] = body.transactions
    expect(pending).toMatchObject({
      id: 'dep_pending',
      date: new Date(T0 + 6 * MINUTE).toISOString(),
      currency: 'USD',
      txid: null,
      payment_details: {
        order_id: 'dep_pending',
        gateway: 'cryptomus',
        payment_url: 'https://pay.example/inv/1',
      },
    })
    expect(completed).toMatchObject({
      id: 'dep_completed',
      txid: '0xabc',
      payment_details: { amount_requested: 25, amount_credited: 24.99, currency: 'USDT', network: 'TRC20' },
    })
    expect(completed?.payment_details).not.toHaveProperty('payment_url')
    expect(refund?.payment_details).toMatchObject({
      order_id: '41',
      note: 'Order cancelled before it started',
    })
    expect(correction?.payment_details).toMatchObject({ adjustment: true, note: 'Double credit' })
    expect(goodwill?.payment_details).toMatchObject({ adjustment: true, note: 'Sorry for the delay' })
    expect(opening?.payment_details).toMatchObject({ reference: 'seed:opening-balance' })
  })

  it.each([1, 2, 3, 7])(
    'pages through the same history %i at a time, ties included, with nothing lost or repeated',
    async (limit) => {
      const full = ListTransactionsResponse.parse(await (await list(user.token)).json()).transactions
      const pages = await allPages(user.token, limit)
      expect(pages.every((page) => page.length <= limit)).toBe(true)
      expect(pages.flat().map((entry) => entry.id)).toEqual(full.map((entry) => entry.id))
    },
  )

  it('answers an empty history with no cursor', async () => {
    const fresh = await signUp(t)
    const response = await list(fresh.token)
    expect(await response.json()).toEqual({ transactions: [], nextCursor: null })
  })

  it.each([
    ['?cursor=abc', 'cursor', `cursor: ${CURSOR_INVALID}`],
    ['?cursor=1.x.2', 'cursor', `cursor: ${CURSOR_INVALID}`],
    ['?cursor=', 'cursor', `cursor: ${CURSOR_INVALID}`],
    ['?limit=0', 'limit', expect.stringMatching(/^limit: /)],
    ['?limit=101', 'limit', expect.stringMatching(/^limit: /)],
    ['?limit=abc', 'limit', expect.stringMatching(/^limit: /)],
  ])('refuses the query %s with 422 naming the field', async (query, field, detail) => {
    const response = await list(user.token, query)
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({ detail, field })
  })

  it('refuses a request without a token with 401', async () => {
    const response = await t.app.request('/api/wallet/transactions')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ detail: AUTHENTICATION_REQUIRED })
  })
})

describe("an operator's balance adjustment in the customer's history", () => {
  it('lists the credit and the debit the console wrote as manual deposit and withdrawal, in the contract shape', async () => {
    const customer = await signUp(t)
    const operator = await signUp(t)
    await t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', operator.userId).execute()
    const adjust = async (amount: number, reason: string, key: string) => {
      const response = await t.app.request(`/api/admin/users/${String(customer.userId)}/balance`, {
        method: 'POST',
        headers: authed(operator.token),
        body: JSON.stringify({ amount, reason, idempotency_key: key }),
      })
      expect(response.status).toBe(200)
      t.clock.advance(MINUTE)
    }
    await adjust(12.5, 'Goodwill for the delayed order', 'wallet-test-credit-1')
    await adjust(-2.25, 'Correction of a double credit', 'wallet-test-debit-1')

    const response = await list(customer.token)
    expect(response.status).toBe(200)
    const { transactions } = ListTransactionsResponse.parse(await response.json())
    expect(transactions).toEqual([
      expect.objectContaining({
        type: 'withdrawal',
        method: 'manual',
        amount: 2.25,
        currency: 'USD',
        status: 'completed',
        payment_details: expect.objectContaining({ adjustment: true, note: 'Correction of a double credit' }),
      }),
      expect.objectContaining({
        type: 'deposit',
        method: 'manual',
        amount: 12.5,
        status: 'completed',
        payment_details: expect.objectContaining({
          adjustment: true,
          note: 'Goodwill for the delayed order',
        }),
      }),
    ])

    // The same entries in the current-user call, which the panel parses with the contract too.
    const me = await t.app.request('/api/user/me', { headers: authed(customer.token) })
    expect(me.status).toBe(200)
    const meBody = MeResponse.parse(await me.json())
    expect(meBody.transactions.map((entry) => [entry.type, entry.amount])).toEqual([
      ['withdrawal', 2.25],
      ['deposit', 12.5],
    ])
    expect(meBody.balance).toBe(10.25)
  })
})
