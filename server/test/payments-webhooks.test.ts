// Deposits end to end against each gateway's local fake, over real HTTP: our API creates the invoice at the
// fake, the fake settles it and posts its signed webhook (IPN) to our webhook endpoint, and the customer's
// balance, transactions and payment status show the credit, once. Then what must credit nothing: forged,
// tampered, malformed and unknown webhooks. Signed bodies are made with the fakes' own signing code (md5 of
// base64, HMAC-SHA512 of sorted JSON), written independently of the adapters under test.

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ListTransactionsResponse, PaymentStatusResponse } from '@engage/contract'
import { getRequestListener } from '@hono/node-server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { paymentConfigFromEnv } from '../src/adapters/payments'
import { ledgerSum } from '../src/domain/ledger'
import { authed, createTestApp, signUp, type SignedUp, type TestApp } from './support/app'
import {
  md5Base64Sign,
  phpJsonEncodeUnescapedUnicode,
  startCryptomusFake,
  type CryptomusFake,
} from './payments/fakes/cryptomusFake'
import {
  hmacSha512Hex,
  sortedJson,
  startNowPaymentsFake,
  type NowPaymentsFake,
} from './payments/fakes/nowPaymentsFake'

const cryptomusMerchant = '8b03432e-385b-4670-8d06-064591096795'
const cryptomusKey = 'uQ4LFWCBE3dT84uQnt7ycL7p9WcgMPI8lzKl7Ct2I43R6SSC3gVDS3rkGX'
const heleketMerchant = 'f1c4a1d2-0b7e-4a8f-9d3c-2e5b6a7c8d9e'
const heleketKey = 'Hk7pQ2rS9tU4vW1xY6zA3bC8dE5fG0hJ2kL7mN4pQ9rS'
const nowPaymentsKey = 'NP-API-KEY-7F3K2M9'
const ipnSecret = 'ipn-secret-9x8y7z6w5v4u'

let cryptomus: CryptomusFake
let heleket: CryptomusFake
let nowPayments: NowPaymentsFake
let t: TestApp
let server: Server
let publicUrl: string

beforeAll(async () => {
  cryptomus = await startCryptomusFake({ merchantId: cryptomusMerchant, apiKey: cryptomusKey })
  heleket = await startCryptomusFake({ merchantId: heleketMerchant, apiKey: heleketKey })
  nowPayments = await startNowPaymentsFake({ apiKey: nowPaymentsKey, ipnSecret })
  // The server listens first so that its real address can be the public URL the gateways call back.
  const started: { app?: TestApp['app'] } = {}
  server = createServer(
    getRequestListener((request) => started.app?.fetch(request) ?? new Response('starting', { status: 503 })),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  t = await createTestApp({
    config: {
      publicUrl,
      payments: paymentConfigFromEnv({
        SANDBOX_PAYMENTS: 'on',
        CRYPTOMUS_MERCHANT_ID: cryptomusMerchant,
        CRYPTOMUS_API_KEY: cryptomusKey,
        CRYPTOMUS_BASE_URL: cryptomus.baseUrl,
        HELEKET_MERCHANT_ID: heleketMerchant,
        HELEKET_API_KEY: heleketKey,
        HELEKET_BASE_URL: heleket.baseUrl,
        NOWPAYMENTS_API_KEY: nowPaymentsKey,
        NOWPAYMENTS_IPN_SECRET: ipnSecret,
        NOWPAYMENTS_BASE_URL: nowPayments.baseUrl,
        PAYMENT_GATEWAY_TIMEOUT_MS: '2000',
      }),
    },
  })
  started.app = t.app
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await Promise.all([cryptomus.close(), heleket.close(), nowPayments.close()])
  await t.close()
})

let customer: SignedUp

beforeEach(async () => {
  customer = await signUp(t)
})

// Whatever a test did, the customer's balance is the sum of their ledger entries.
afterEach(async () => {
  expect(await balanceOf(customer.userId)).toBe(await ledgerSum(t.db, customer.userId))
})

async function api(path: string, init: RequestInit = {}) {
  return fetch(`${publicUrl}${path}`, init)
}

async function createDeposit(provider: string, amount: number, token = customer.token) {
  const response = await api(`/api/payments/${provider}/create`, {
    method: 'POST',
    headers: authed(token),
    body: JSON.stringify({ amount, currency: 'USD' }),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as { payment_url: string; order_id: string }
}

async function paymentRow(orderId: string) {
  return t.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
}

async function depositEntries(userId: number) {
  return t.db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'deposit')
    .execute()
}

async function balanceOf(userId: number): Promise<number> {
  const user = await t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return user.balance
}

async function statusOf(orderId: string, token = customer.token) {
  const response = await api(`/api/payments/status?order_id=${orderId}`, { headers: authed(token) })
  expect(response.status).toBe(200)
  return PaymentStatusResponse.parse(await response.json())
}

async function postWebhook(provider: string, body: string, headers: Record<string, string> = {}) {
  return api(`/api/payments/${provider}/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })
}

/** A Cryptomus/Heleket webhook body signed as the gateway's PHP signs it, written out in the test. */
function cryptomusWebhook(data: Record<string, unknown>, apiKey: string): string {
  const sign = md5Base64Sign(phpJsonEncodeUnescapedUnicode(data), apiKey)
  return phpJsonEncodeUnescapedUnicode({ ...data, sign })
}

describe.each([
  { name: 'cryptomus', fake: () => cryptomus, apiKey: cryptomusKey },
  { name: 'heleket', fake: () => heleket, apiKey: heleketKey },
])('$name deposits', ({ name, fake, apiKey }) => {
  it('credits a paid invoice once, when the signed webhook arrives over HTTP', async () => {
    const deposit = await createDeposit(name, 25)
    const row = await paymentRow(deposit.order_id)
    expect(row).toMatchObject({ status: 'pending', gateway: name, amount_requested: 25_000_000 })
    const invoice = fake().invoices.get(row.gateway_id ?? '')
    expect(invoice?.order_id).toBe(deposit.order_id)
    expect(deposit.payment_url).toBe(invoice?.url)
    expect(invoice?.url_callback).toBe(`${publicUrl}/api/payments/${name}/webhook`)
    expect(invoice?.url_success).toBe(
      `${publicUrl}/wallet?payment_status=success&order_id=${deposit.order_id}`,
    )
    expect(await statusOf(deposit.order_id)).toEqual({ status: 'pending', amount: 25 })

    fake().settle(invoice?.uuid ?? '', { status: 'check' })
    expect(await fake().sendWebhook(invoice?.uuid ?? '')).toBe(200)
    expect(await balanceOf(customer.userId)).toBe(0)

    fake().settle(invoice?.uuid ?? '', {
      status: 'paid',
      payer_currency: 'USDT',
      network: 'tron',
      payer_amount: '25.10000000',
      payment_amount: '25.10000000',
      payment_amount_usd: '25.08',
      txid: '0xfeedbeef',
    })
    expect(await fake().sendWebhook(invoice?.uuid ?? '')).toBe(200)
    expect(await fake().sendWebhook(invoice?.uuid ?? '')).toBe(200)

    // 'paid' means paid in full: the invoice is credited, not the rate-rounded USD figure.
    expect(await balanceOf(customer.userId)).toBe(25_000_000)
    expect(await depositEntries(customer.userId)).toHaveLength(1)
    expect(await ledgerSum(t.db, customer.userId)).toBe(25_000_000)
    expect(await statusOf(deposit.order_id)).toEqual({ status: 'completed', amount: 25 })
    expect(await paymentRow(deposit.order_id)).toMatchObject({
      status: 'completed',
      gateway_status: 'paid',
      amount_credited: 25_000_000,
      currency: 'USDT',
      network: 'TRON',
      txid: '0xfeedbeef',
    })

    const transactions = ListTransactionsResponse.parse(
      await (await api('/api/wallet/transactions', { headers: authed(customer.token) })).json(),
    ).transactions
    expect(transactions).toHaveLength(1)
    expect(transactions[0]).toMatchObject({
      id: deposit.order_id,
      type: 'deposit',
      method: 'USDT',
      amount: 25,
      status: 'completed',
      txid: '0xfeedbeef',
      payment_details: { gateway: name, network: 'TRON', gateway_status: 'paid' },
    })
  })

  it('credits what actually arrived for paid_over and for a final wrong amount', async () => {
    const over = await createDeposit(name, 20)
    const overInvoice = (await paymentRow(over.order_id)).gateway_id ?? ''
    fake().settle(overInvoice, {
      status: 'paid_over',
      payer_currency: 'BTC',
      network: 'btc',
      payment_amount_usd: '21.37',
      txid: 'btc-tx-1',
    })
    expect(await fake().sendWebhook(overInvoice)).toBe(200)

    const short = await createDeposit(name, 50)
    const shortInvoice = (await paymentRow(short.order_id)).gateway_id ?? ''
    fake().settle(shortInvoice, { status: 'wrong_amount_waiting', payment_amount_usd: '30.00' })
    expect(await fake().sendWebhook(shortInvoice)).toBe(200)
    // The customer may still top up: nothing is credited yet.
    expect(await statusOf(short.order_id)).toEqual({ status: 'pending', amount: 50 })
    fake().settle(shortInvoice, { status: 'wrong_amount', payment_amount_usd: '31.415926' })
    expect(await fake().sendWebhook(shortInvoice)).toBe(200)

    expect(await statusOf(over.order_id)).toEqual({ status: 'completed', amount: 21.37 })
    expect(await statusOf(short.order_id)).toEqual({ status: 'completed', amount: 31.415926 })
    expect(await balanceOf(customer.userId)).toBe(21_370_000 + 31_415_926)
    expect(await ledgerSum(t.db, customer.userId)).toBe(21_370_000 + 31_415_926)
  })

  it('marks a cancelled invoice failed, and a late paid webhook for it still credits', async () => {
    const deposit = await createDeposit(name, 10)
    const invoice = (await paymentRow(deposit.order_id)).gateway_id ?? ''
    fake().settle(invoice, { status: 'cancel' })
    expect(await fake().sendWebhook(invoice)).toBe(200)
    expect(await statusOf(deposit.order_id)).toEqual({ status: 'failed', amount: 10 })
    expect(await balanceOf(customer.userId)).toBe(0)

    fake().settle(invoice, { status: 'paid', payment_amount_usd: '10.00' })
    expect(await fake().sendWebhook(invoice)).toBe(200)
    expect(await statusOf(deposit.order_id)).toEqual({ status: 'completed', amount: 10 })

    // A refund reported afterwards does not take a credit back by itself.
    fake().settle(invoice, { status: 'refund_paid' })
    expect(await fake().sendWebhook(invoice)).toBe(200)
    expect(await statusOf(deposit.order_id)).toEqual({ status: 'completed', amount: 10 })
    expect(await balanceOf(customer.userId)).toBe(10_000_000)
  })

  it('refuses forged, tampered and malformed webhooks with 4xx and credits nothing', async () => {
    const deposit = await createDeposit(name, 25)
    const invoice = (await paymentRow(deposit.order_id)).gateway_id ?? ''
    fake().settle(invoice, { status: 'paid_over', payment_amount_usd: '25.00' })
    const genuine = fake().webhookBody(invoice)

    const tampered = genuine.replace('"payment_amount_usd":"25.00"', '"payment_amount_usd":"2500.00"')
    expect(tampered).not.toBe(genuine)
    const data = JSON.parse(genuine) as Record<string, unknown>
    delete data.sign
    const wrongKey = cryptomusWebhook(data, 'not-the-api-key')
    const { sign: _sign, ...unsigned } = JSON.parse(genuine) as Record<string, unknown>

    const refusals: [string, string, number][] = [
      ['tampered amount', tampered, 401],
      ['signed with another key', wrongKey, 401],
      ['without a sign', JSON.stringify(unsigned), 401],
      ['not JSON', genuine.slice(0, -5), 400],
      ['a JSON array', '[1,2,3]', 400],
      ['empty', '', 400],
    ]
    for (const [title, body, status] of refusals) {
      const response = await postWebhook(name, body)
      expect(response.status, title).toBe(status)
      expect(await response.json(), title).toHaveProperty('detail')
    }
    expect(await balanceOf(customer.userId)).toBe(0)
    expect(await statusOf(deposit.order_id)).toEqual({ status: 'pending', amount: 25 })

    // The other gateway's key, or the right body sent to another provider's endpoint: refused as well.
    const otherName = name === 'cryptomus' ? 'heleket' : 'cryptomus'
    expect((await postWebhook(otherName, genuine)).status).toBe(401)
    expect((await postWebhook('nowpayments', genuine)).status).toBe(401)
    expect(await balanceOf(customer.userId)).toBe(0)

    // The genuine one still works afterwards.
    expect((await postWebhook(name, genuine)).status).toBe(200)
    expect(await balanceOf(customer.userId)).toBe(25_000_000)
  })

  it('answers 404 to a correctly signed webhook about an order or invoice that is not ours', async () => {
    const deposit = await createDeposit(name, 25)
    const invoice = (await paymentRow(deposit.order_id)).gateway_id ?? ''
    const base = {
      type: 'payment',
      uuid: invoice,
      order_id: deposit.order_id,
      amount: '25.00000000',
      payment_amount_usd: '25.00',
      is_final: true,
      status: 'paid',
      currency: 'USD',
      txid: 'tx',
    }
    const unknownOrder = cryptomusWebhook({ ...base, order_id: 'dep_not_ours' }, apiKey)
    const otherInvoice = cryptomusWebhook({ ...base, uuid: '00000000-0000-4000-8000-000000000000' }, apiKey)
    expect((await postWebhook(name, unknownOrder)).status).toBe(404)
    expect((await postWebhook(name, otherInvoice)).status).toBe(404)
    expect(await balanceOf(customer.userId)).toBe(0)
    expect((await postWebhook(name, cryptomusWebhook(base, apiKey))).status).toBe(200)
    expect(await balanceOf(customer.userId)).toBe(25_000_000)
  })
})

describe('NOWPayments deposits', () => {
  it('credits a finished payment once, learning the payment id from the first IPN', async () => {
    const deposit = await createDeposit('nowpayments', 40)
    const row = await paymentRow(deposit.order_id)
    const invoice = nowPayments.invoices.get(row.gateway_id ?? '')
    expect(invoice).toMatchObject({
      order_id: deposit.order_id,
      price_amount: '40',
      ipn_callback_url: `${publicUrl}/api/payments/nowpayments/webhook`,
      success_url: `${publicUrl}/wallet?payment_status=success&order_id=${deposit.order_id}`,
      cancel_url: `${publicUrl}/wallet?payment_status=failed&order_id=${deposit.order_id}`,
    })
    expect(deposit.payment_url).toBe(invoice?.invoice_url)

    const paymentId = nowPayments.startPayment(row.gateway_id ?? '', 'usdttrc20', 40.2)
    expect(await nowPayments.sendIpn(paymentId)).toBe(200)
    expect(await paymentRow(deposit.order_id)).toMatchObject({
      status: 'pending',
      gateway_status: 'waiting',
      gateway_payment_id: String(paymentId),
      currency: 'USDTTRC20',
    })

    nowPayments.updatePayment(paymentId, {
      payment_status: 'finished',
      actually_paid: 40.2,
      actually_paid_at_fiat: 39.97,
      payin_hash: '0xnowpayments',
    })
    for (let delivery = 0; delivery < 3; delivery++) expect(await nowPayments.sendIpn(paymentId)).toBe(200)

    // finished credits the invoice, or more when more arrived; never the rate-rounded lower figure.
    expect(await statusOf(deposit.order_id)).toEqual({ status: 'completed', amount: 40 })
    expect(await depositEntries(customer.userId)).toHaveLength(1)
    expect(await balanceOf(customer.userId)).toBe(40_000_000)
    expect((await paymentRow(deposit.order_id)).txid).toBe('0xnowpayments')
  })

  it('credits only what arrived for a partially paid payment', async () => {
    const deposit = await createDeposit('nowpayments', 100)
    const gatewayId = (await paymentRow(deposit.order_id)).gateway_id ?? ''
    const paymentId = nowPayments.startPayment(gatewayId, 'btc', 0.001)
    nowPayments.updatePayment(paymentId, {
      payment_status: 'partially_paid',
      actually_paid: 0.0004,
      actually_paid_at_fiat: 0,
    })
    expect(await nowPayments.sendIpn(paymentId)).toBe(200)
    // No fiat figure: invoice × actually_paid ÷ pay_amount = 100 × 0.0004 ÷ 0.001.
    expect(await statusOf(deposit.order_id)).toEqual({ status: 'completed', amount: 40 })
    expect(await balanceOf(customer.userId)).toBe(40_000_000)
  })

  it('refuses a forged or tampered IPN and an IPN about an unknown order', async () => {
    const deposit = await createDeposit('nowpayments', 25)
    const gatewayId = (await paymentRow(deposit.order_id)).gateway_id ?? ''
    const paymentId = nowPayments.startPayment(gatewayId, 'btc', 0.0005)
    nowPayments.updatePayment(paymentId, { payment_status: 'finished', actually_paid: 0.0005 })
    const { rawBody, signature } = nowPayments.ipnFor(paymentId)

    const tampered = rawBody.replace('"price_amount":25', '"price_amount":2500')
    expect(tampered).not.toBe(rawBody)
    const payload = JSON.parse(rawBody) as Record<string, unknown>
    const foreign = JSON.stringify({ ...payload, order_id: 'dep_not_ours' })

    expect((await postWebhook('nowpayments', tampered, { 'x-nowpayments-sig': signature })).status).toBe(401)
    expect((await postWebhook('nowpayments', rawBody, { 'x-nowpayments-sig': 'ab'.repeat(64) })).status).toBe(
      401,
    )
    expect((await postWebhook('nowpayments', rawBody)).status).toBe(401)
    expect(
      (await postWebhook('nowpayments', '{"payment_id":', { 'x-nowpayments-sig': signature })).status,
    ).toBe(400)
    const foreignSignature = hmacSha512Hex(sortedJson(JSON.parse(foreign)), ipnSecret)
    expect(
      (await postWebhook('nowpayments', foreign, { 'x-nowpayments-sig': foreignSignature })).status,
    ).toBe(404)
    const missingFields = JSON.stringify({ payment_status: 'finished' })
    const missingSignature = hmacSha512Hex(sortedJson(JSON.parse(missingFields)), ipnSecret)
    expect(
      (await postWebhook('nowpayments', missingFields, { 'x-nowpayments-sig': missingSignature })).status,
    ).toBe(400)
    expect(await balanceOf(customer.userId)).toBe(0)

    expect((await postWebhook('nowpayments', rawBody, { 'x-nowpayments-sig': signature })).status).toBe(200)
    expect(await balanceOf(customer.userId)).toBe(25_000_000)
  })
})

describe('webhook endpoint', () => {
  it('answers 404 for an unknown provider', async () => {
    const response = await postWebhook('paypal', '{}')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ detail: 'Unknown payment provider' })
  })
})
