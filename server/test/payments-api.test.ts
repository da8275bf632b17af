// The customer's side of /api/payments: the methods list, starting a deposit with the deposit rules (minimum
// and maximum amounts), gateway failures, the owner-only status call, and deposits in the transaction history.
// Gateways are the sandbox and the Cryptomus fake over HTTP.

import {
  FAILED_TO_PROCESS_PAYMENT,
  ListTransactionsResponse,
  PAYMENT_NOT_FOUND,
  PaymentMethodsResponse,
} from '@engage/contract'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { paymentConfigFromEnv } from '../src/adapters/payments'
import { PAYMENT_METHODS_UNAVAILABLE } from '../src/routes/payments'
import { authed, createTestApp, signUp, type SignedUp, type TestApp } from './support/app'
import { startCryptomusFake, type CryptomusFake } from './payments/fakes/cryptomusFake'

const merchantId = '8b03432e-385b-4670-8d06-064591096795'
const apiKey = 'uQ4LFWCBE3dT84uQnt7ycL7p9WcgMPI8lzKl7Ct2I43R6SSC3gVDS3rkGX'

let cryptomus: CryptomusFake
let t: TestApp

beforeAll(async () => {
  cryptomus = await startCryptomusFake({ merchantId, apiKey })
  t = await createTestApp({
    config: {
      publicUrl: 'http://panel.invalid',
      payments: paymentConfigFromEnv({
        SANDBOX_PAYMENTS: 'on',
        CRYPTOMUS_MERCHANT_ID: merchantId,
        CRYPTOMUS_API_KEY: apiKey,
        CRYPTOMUS_BASE_URL: cryptomus.baseUrl,
        // Heleket pointed at the Cryptomus fake with credentials it does not know: every request is refused.
        HELEKET_MERCHANT_ID: '00000000-0000-4000-8000-000000000000',
        HELEKET_API_KEY: 'a-key-the-gateway-does-not-know',
        HELEKET_BASE_URL: cryptomus.baseUrl,
        // Long enough for a loaded CI machine; the hanging-gateway tests wait this long.
        PAYMENT_GATEWAY_TIMEOUT_MS: '3000',
      }),
    },
  })
})

afterAll(async () => {
  await cryptomus.close()
  await t.close()
})

let customer: SignedUp

beforeEach(async () => {
  customer = await signUp(t)
})

function get(path: string, token = customer.token) {
  return t.app.request(path, { headers: authed(token) })
}

function create(provider: string, body: unknown, token = customer.token) {
  return t.app.request(`/api/payments/${provider}/create`, {
    method: 'POST',
    headers: authed(token),
    body: JSON.stringify(body),
  })
}

async function paymentsOf(userId: number) {
  return t.db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('id').execute()
}

describe('GET /api/payments/{provider}/methods', () => {
  it('lists the sandbox methods with upper-cased currencies', async () => {
    const response = await get('/api/payments/sandbox/methods')
    expect(response.status).toBe(200)
    const methods = PaymentMethodsResponse.parse(await response.json())
    expect(methods.map((method) => method.currency)).toEqual([
      'BTC',
      'ETH',
      'USDT',
      'USDC',
      'BNB',
      'DOGE',
      'ADA',
      'SOL',
      'XRP',
      'DOT',
      'LTC',
      'TRX',
    ])
    expect(methods).toContainEqual({ currency: 'USDT', network: 'TRC20', name: 'Tether (sandbox)' })
  })

  it("lists a real gateway's available methods, currency upper-cased", async () => {
    const response = await get('/api/payments/cryptomus/methods')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual([
      { currency: 'BTC', network: 'BTC', name: 'Bitcoin' },
      { currency: 'USDT', network: 'TRON', name: 'Tether' },
      { currency: 'USDT', network: 'BSC', name: 'Tether' },
      { currency: 'ETH', network: 'ETH', name: 'Ethereum' },
    ])
  })

  it.each([
    ['an unknown provider', 'paypal'],
    ['a known provider that is not configured', 'nowpayments'],
  ])('answers 404 for %s', async (_title, provider) => {
    const response = await get(`/api/payments/${provider}/methods`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ detail: 'Unknown payment provider' })
  })

  it('answers 503 when the gateway is unreachable and 502 when it refuses', async () => {
    cryptomus.misbehave('server_error')
    const unavailable = await get('/api/payments/cryptomus/methods')
    expect(unavailable.status).toBe(503)
    expect(await unavailable.json()).toEqual({ detail: PAYMENT_METHODS_UNAVAILABLE })
    const refused = await get('/api/payments/heleket/methods')
    expect(refused.status).toBe(502)
    expect(await refused.json()).toEqual({ detail: PAYMENT_METHODS_UNAVAILABLE })
  })

  it('needs a signed-in customer', async () => {
    const response = await t.app.request('/api/payments/sandbox/methods')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ detail: 'Authentication required' })
  })
})

describe('POST /api/payments/{provider}/create', () => {
  it('records a pending payment and answers the checkout URL and our order id', async () => {
    const response = await create('sandbox', { amount: 25, currency: 'USD', method: 'usdt' })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { payment_url: string; order_id: string }
    expect(body.order_id).toMatch(/^dep_[0-9a-f]{32}$/)
    expect(body.payment_url).toBe(`http://panel.invalid/sandbox/pay/${body.order_id}`)
    expect(await paymentsOf(customer.userId)).toMatchObject([
      {
        order_id: body.order_id,
        gateway: 'sandbox',
        gateway_id: body.order_id,
        amount_requested: 25_000_000,
        amount_credited: null,
        status: 'pending',
        currency: 'USDT',
        payment_url: body.payment_url,
        credited_at: null,
      },
    ])
  })

  it('gives the gateway our order id, the amount and the return and webhook URLs', async () => {
    const response = await create('cryptomus', { amount: 10000, currency: 'USD' })
    expect(response.status).toBe(200)
    const { order_id: orderId, payment_url: paymentUrl } = (await response.json()) as {
      order_id: string
      payment_url: string
    }
    const sent = cryptomus.requests.filter((request) => request.path === '/v1/payment').at(-1)
    expect(JSON.parse(sent?.rawBody ?? '{}')).toMatchObject({
      amount: '10000.00',
      currency: 'USD',
      order_id: orderId,
      url_callback: 'http://panel.invalid/api/payments/cryptomus/webhook',
      url_success: `http://panel.invalid/wallet?payment_status=success&order_id=${orderId}`,
      url_return: `http://panel.invalid/wallet?payment_status=success&order_id=${orderId}`,
    })
    const [payment] = await paymentsOf(customer.userId)
    const invoice = cryptomus.invoices.get(payment?.gateway_id ?? '')
    expect(invoice?.order_id).toBe(orderId)
    expect(paymentUrl).toBe(invoice?.url)
    expect(payment).toMatchObject({ status: 'pending', amount_requested: 10_000_000_000 })
  })

  it.each([
    [{ amount: 4.99, currency: 'USD' }, 'amount: Minimum deposit is $5.00'],
    [{ amount: 10000.01, currency: 'USD' }, 'amount: Maximum deposit is $10,000.00'],
    [{ amount: 10.001, currency: 'USD' }, 'amount: Amount must have at most 2 decimal places'],
    [{ currency: 'USD' }, 'amount: Amount is required'],
    [{ amount: '25', currency: 'USD' }, 'amount: Amount is required'],
    [{ amount: 25, currency: 'EUR' }, 'currency: Only USD deposits are accepted'],
  ])('refuses %j with 422 %j and records nothing', async (body, detail) => {
    const response = await create('sandbox', body)
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ detail })
    expect(await paymentsOf(customer.userId)).toEqual([])
  })

  it('accepts the limits themselves, $5.00 and $10,000.00, with USD as the default currency', async () => {
    expect((await create('sandbox', { amount: 5 })).status).toBe(200)
    expect((await create('sandbox', { amount: 10000, currency: 'USD' })).status).toBe(200)
    const payments = await paymentsOf(customer.userId)
    expect(payments.map((payment) => payment.amount_requested)).toEqual([5_000_000, 10_000_000_000])
  })

  it('answers 404 for an unknown or unconfigured provider', async () => {
    for (const provider of ['paypal', 'nowpayments']) {
      const response = await create(provider, { amount: 25, currency: 'USD' })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ detail: 'Unknown payment provider' })
    }
    expect(await paymentsOf(customer.userId)).toEqual([])
  })

  it('answers 503 or 502 with the deposit message when the gateway fails, and the payment is failed', async () => {
    cryptomus.misbehave('hang')
    const unavailable = await create('cryptomus', { amount: 25, currency: 'USD' })
    expect(unavailable.status).toBe(503)
    expect(await unavailable.json()).toEqual({ detail: FAILED_TO_PROCESS_PAYMENT })
    const refused = await create('heleket', { amount: 30, currency: 'USD' })
    expect(refused.status).toBe(502)
    expect(await refused.json()).toEqual({ detail: FAILED_TO_PROCESS_PAYMENT })

    const payments = await paymentsOf(customer.userId)
    expect(payments.map((payment) => [payment.gateway, payment.status, payment.payment_url])).toEqual([
      ['cryptomus', 'failed', null],
      ['heleket', 'failed', null],
    ])
    // The gateway's own words are kept for the operator, not shown to the customer.
    expect(JSON.parse(payments[1]?.details ?? '{}')).toMatchObject({
      error: expect.stringMatching(/refused/),
    })
  })

  it('needs a signed-in customer', async () => {
    const response = await t.app.request('/api/payments/sandbox/create', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 25, currency: 'USD' }),
    })
    expect(response.status).toBe(401)
  })
})

describe('GET /api/payments/status', () => {
  it('answers status and amount to the owner only; anyone else gets 404 as for a missing payment', async () => {
    const created = (await (await create('sandbox', { amount: 42.5 })).json()) as { order_id: string }
    const stranger = await signUp(t)

    const own = await get(`/api/payments/status?order_id=${created.order_id}`)
    expect(own.status).toBe(200)
    expect(await own.json()).toEqual({ status: 'pending', amount: 42.5 })

    for (const response of [
      await get(`/api/payments/status?order_id=${created.order_id}`, stranger.token),
      await get('/api/payments/status?order_id=dep_unknown'),
    ]) {
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ detail: PAYMENT_NOT_FOUND })
    }
    expect((await get('/api/payments/status')).status).toBe(422)
    expect((await t.app.request(`/api/payments/status?order_id=${created.order_id}`)).status).toBe(401)
  })
})

describe('deposits in the transaction history', () => {
  it('shows pending, completed and failed deposits with method, txid and payment details', async () => {
    const pending = (await (await create('sandbox', { amount: 10, method: 'BTC' })).json()) as {
      order_id: string
    }
    t.clock.advance(1000)
    const completed = (await (await create('sandbox', { amount: 20 })).json()) as { order_id: string }
    t.clock.advance(1000)
    const failed = (await (await create('sandbox', { amount: 30 })).json()) as { order_id: string }
    await t.app.request(`/sandbox/pay/${completed.order_id}/pay`, { method: 'POST' })
    await t.app.request(`/sandbox/pay/${failed.order_id}/fail`, { method: 'POST' })

    const response = await get('/api/wallet/transactions')
    const { transactions } = ListTransactionsResponse.parse(await response.json())
    expect(transactions.map((entry) => [entry.id, entry.type, entry.status, entry.amount])).toEqual([
      [failed.order_id, 'deposit', 'failed', 30],
      [completed.order_id, 'deposit', 'completed', 20],
      [pending.order_id, 'deposit', 'pending', 10],
    ])
    const [failedEntry, completedEntry, pendingEntry] = transactions
    expect(pendingEntry).toMatchObject({
      method: 'BTC',
      txid: null,
      payment_details: {
        gateway: 'sandbox',
        order_id: pending.order_id,
        payment_url: `http://panel.invalid/sandbox/pay/${pending.order_id}`,
      },
    })
    expect(completedEntry).toMatchObject({
      method: 'sandbox',
      payment_details: { gateway: 'sandbox', gateway_status: 'paid', amount_credited: 20 },
    })
    expect(completedEntry?.txid).toMatch(/^sandbox-/)
    expect(failedEntry).toMatchObject({ payment_details: { gateway_status: 'failed' } })
  })
})
