// The sandbox gateway's whole flow over real HTTP, as a browser goes through it: the deposit's payment_url is a
// checkout page this server serves; its Pay and Fail forms post back, the server sends itself the signed
// webhook over HTTP, and the browser is redirected to the wallet with the outcome.

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ListTransactionsResponse, PaymentStatusResponse } from '@engage/contract'
import { getRequestListener } from '@hono/node-server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { paymentConfigFromEnv } from '../src/adapters/payments'
import { ledgerSum } from '../src/domain/ledger'
import type { Logger } from '../src/logger'
import { authed, createTestApp, signUp, type SignedUp, type TestApp } from './support/app'

let server: Server
let publicUrl: string
let t: TestApp
const started: { app?: TestApp['app'] } = {}
/** What the server logged as warnings: a webhook that had to be delivered in-process shows here. */
const warnings: string[] = []
const recordingLogger: Logger = {
  info: () => {},
  warn: (message) => warnings.push(message),
  error: (message) => warnings.push(message),
}

beforeAll(async () => {
  server = createServer(
    getRequestListener((request) => started.app?.fetch(request) ?? new Response('starting', { status: 503 })),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  t = await createTestApp({
    config: { publicUrl, payments: paymentConfigFromEnv({ SANDBOX_PAYMENTS: 'on' }) },
    logger: recordingLogger,
  })
  started.app = t.app
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await t.close()
})

let customer: SignedUp

beforeEach(async () => {
  customer = await signUp(t)
})

afterEach(async () => {
  expect(await balance(customer)).toBe(await ledgerSum(t.db, customer.userId))
})

async function balance(user: SignedUp): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', user.userId)
    .executeTakeFirstOrThrow()
  return row.balance
}

async function deposit(amount: number, user = customer) {
  const response = await fetch(`${publicUrl}/api/payments/sandbox/create`, {
    method: 'POST',
    headers: authed(user.token),
    body: JSON.stringify({ amount, currency: 'USD' }),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as { payment_url: string; order_id: string }
}

/** Posts a checkout form as a browser does (form-encoded, no body), without following the redirect. */
async function press(action: string) {
  return fetch(new URL(action, publicUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  })
}

function formActions(html: string): string[] {
  return [...html.matchAll(/<form method="post" action="([^"]+)">/g)].map((match) => match[1] ?? '')
}

async function status(orderId: string, user = customer) {
  const response = await fetch(`${publicUrl}/api/payments/status?order_id=${orderId}`, {
    headers: authed(user.token),
  })
  expect(response.status).toBe(200)
  return PaymentStatusResponse.parse(await response.json())
}

describe('sandbox checkout', () => {
  it('takes a new customer from a $25 deposit to $25 in the balance and the transactions', async () => {
    const { payment_url: paymentUrl, order_id: orderId } = await deposit(25)
    expect(paymentUrl).toBe(`${publicUrl}/sandbox/pay/${orderId}`)

    const page = await fetch(paymentUrl)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain('$25.00 USD')
    expect(html).toContain(orderId)
    expect(html).toMatch(/<button type="submit" class="pay"[^>]*>Pay<\/button>/)
    expect(html).toMatch(/<button type="submit" class="fail"[^>]*>Fail<\/button>/)
    const policy = page.headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/)
    expect(policy).toContain("form-action 'self'")
    expect(policy).not.toContain('unsafe-inline')

    const [payAction] = formActions(html)
    expect(payAction).toBe(`/sandbox/pay/${orderId}/pay`)
    const answer = await press(payAction ?? '')
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(
      `${publicUrl}/wallet?payment_status=success&order_id=${orderId}`,
    )

    expect(await status(orderId)).toEqual({ status: 'completed', amount: 25 })
    expect(await balance(customer)).toBe(25_000_000)
    const me = await fetch(`${publicUrl}/api/wallet/transactions`, { headers: authed(customer.token) })
    const [transaction, ...others] = ListTransactionsResponse.parse(await me.json()).transactions
    expect(others).toEqual([])
    expect(transaction).toMatchObject({
      id: orderId,
      type: 'deposit',
      amount: 25,
      status: 'completed',
      payment_details: { gateway: 'sandbox', gateway_status: 'paid', amount_credited: 25 },
    })
    expect(transaction?.txid).toMatch(/^sandbox-[0-9a-f]{32}$/)

    // The checkout is closed once paid.
    expect((await fetch(paymentUrl)).status).toBe(404)
  })

  it('marks the deposit failed with Fail and returns to the wallet with payment_status=failed', async () => {
    const { payment_url: paymentUrl, order_id: orderId } = await deposit(40)
    const [, failAction] = formActions(await (await fetch(paymentUrl)).text())
    const answer = await press(failAction ?? '')
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(
      `${publicUrl}/wallet?payment_status=failed&order_id=${orderId}`,
    )
    expect(await status(orderId)).toEqual({ status: 'failed', amount: 40 })
    expect(await balance(customer)).toBe(0)
  })

  it('keeps the first choice: Pay pressed twice, or Fail after Pay, credits once', async () => {
    const { order_id: orderId } = await deposit(10)
    const presses = await Promise.all([
      press(`/sandbox/pay/${orderId}/pay`),
      press(`/sandbox/pay/${orderId}/pay`),
      press(`/sandbox/pay/${orderId}/pay`),
    ])
    expect(presses.map((answer) => answer.status)).toEqual([303, 303, 303])
    const late = await press(`/sandbox/pay/${orderId}/fail`)
    expect(late.headers.get('location')).toContain('payment_status=success')
    expect(await status(orderId)).toEqual({ status: 'completed', amount: 10 })
    expect(await balance(customer)).toBe(10_000_000)
    const entries = await t.db
      .selectFrom('ledger_entries')
      .select('idempotency_key')
      .where('user_id', '=', customer.userId)
      .execute()
    expect(entries).toEqual([{ idempotency_key: `payment:sandbox:${orderId}` }])
  })

  it('answers an HTML 404 page for a checkout that does not exist or is not a sandbox payment', async () => {
    const unknown = await fetch(`${publicUrl}/sandbox/pay/dep_does_not_exist`)
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await unknown.text()).toContain('Sandbox checkout not found')
    expect((await press('/sandbox/pay/dep_does_not_exist/pay')).status).toBe(404)

    const now = t.clock.now()
    await t.db
      .insertInto('payments')
      .values({
        order_id: 'dep_cryptomus_one',
        user_id: customer.userId,
        gateway: 'cryptomus',
        gateway_id: 'inv-1',
        amount_requested: 5_000_000,
        amount_credited: null,
        currency: null,
        network: null,
        status: 'pending',
        gateway_status: null,
        txid: null,
        details: '{}',
        payment_url: 'https://pay.example/inv-1',
        created_at: now,
        updated_at: now,
        credited_at: null,
      })
      .execute()
    expect((await fetch(`${publicUrl}/sandbox/pay/dep_cryptomus_one`)).status).toBe(404)
    expect((await press('/sandbox/pay/dep_cryptomus_one/pay')).status).toBe(404)
    expect(await balance(customer)).toBe(0)
  })
})

describe('sandbox checkout without a reachable public URL', () => {
  it('delivers the webhook in-process when the server cannot reach itself', async () => {
    const fallbackWarnings: string[] = []
    const unreachable = await createTestApp({
      config: { publicUrl: 'http://127.0.0.1:9', payments: paymentConfigFromEnv({ SANDBOX_PAYMENTS: 'on' }) },
      logger: { ...recordingLogger, warn: (message) => fallbackWarnings.push(message) },
    })
    try {
      const user = await signUp(unreachable)
      const created = await unreachable.app.request('/api/payments/sandbox/create', {
        method: 'POST',
        headers: authed(user.token),
        body: JSON.stringify({ amount: 12.34 }),
      })
      const { order_id: orderId } = (await created.json()) as { order_id: string }
      const answer = await unreachable.app.request(`/sandbox/pay/${orderId}/pay`, { method: 'POST' })
      expect(answer.status).toBe(303)
      expect(fallbackWarnings).toEqual([
        'Sandbox webhook could not reach our endpoint; delivering it in-process',
      ])
      const row = await unreachable.db
        .selectFrom('users')
        .select('balance')
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow()
      expect(row.balance).toBe(12_340_000)
    } finally {
      await unreachable.close()
    }
  })
})

describe('sandbox switched off', () => {
  it('has no checkout, no methods, no deposits and no webhook', async () => {
    const off = await createTestApp({
      config: { payments: paymentConfigFromEnv({ SANDBOX_PAYMENTS: 'off' }) },
    })
    try {
      const user = await signUp(off)
      const methods = await off.app.request('/api/payments/sandbox/methods', { headers: authed(user.token) })
      expect(methods.status).toBe(404)
      const created = await off.app.request('/api/payments/sandbox/create', {
        method: 'POST',
        headers: authed(user.token),
        body: JSON.stringify({ amount: 25 }),
      })
      expect(created.status).toBe(404)
      expect((await off.app.request('/sandbox/pay/dep_x')).status).toBe(404)
      expect((await off.app.request('/sandbox/pay/dep_x/pay', { method: 'POST' })).status).toBe(404)
      const webhook = await off.app.request('/api/payments/sandbox/webhook', {
        method: 'POST',
        body: '{"order_id":"dep_x","status":"paid","amount":"25.00","txid":"t"}',
      })
      expect(webhook.status).toBe(404)
      expect(await off.db.selectFrom('payments').select('id').execute()).toEqual([])
    } finally {
      await off.close()
    }
  })
})
