// Gateways repeat webhooks and deliver them out of order; several can arrive at the same moment. Whatever the
// order and however many copies, a deposit credits exactly once and the balance stays the sum of the ledger.
// Each test sends the same signed webhooks (pending, paid, paid over, failed) many times, shuffled by a seeded
// generator (so a failure can be replayed), in concurrent batches.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { paymentConfigFromEnv } from '../src/adapters/payments'
import { ledgerSum } from '../src/domain/ledger'
import { createAppPaymentGateways } from '../src/domain/payments'
import { authed, createTestApp, signUp, type SignedUp, type TestApp } from './support/app'
import { startCryptomusFake, type CryptomusFake } from './payments/fakes/cryptomusFake'
import { startNowPaymentsFake, type NowPaymentsFake } from './payments/fakes/nowPaymentsFake'

const merchantId = '8b03432e-385b-4670-8d06-064591096795'
const apiKey = 'uQ4LFWCBE3dT84uQnt7ycL7p9WcgMPI8lzKl7Ct2I43R6SSC3gVDS3rkGX'
const nowPaymentsKey = 'NP-API-KEY-7F3K2M9'
const ipnSecret = 'ipn-secret-9x8y7z6w5v4u'

/** mulberry32: a small seeded generator, so that every run shuffles the same way. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = state
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296
  }
}

function shuffled<Item>(items: readonly Item[], random: () => number): Item[] {
  const result = [...items]
  for (let index = result.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1))
    const swap = result[index] as Item
    result[index] = result[other] as Item
    result[other] = swap
  }
  return result
}

function repeated<Item>(items: readonly Item[], times: number): Item[] {
  return Array.from({ length: times }, () => items).flat()
}

interface Delivery {
  provider: string
  body: string
  headers?: Record<string, string>
}

let cryptomus: CryptomusFake
let nowPayments: NowPaymentsFake
let t: TestApp

beforeAll(async () => {
  cryptomus = await startCryptomusFake({ merchantId, apiKey })
  nowPayments = await startNowPaymentsFake({ apiKey: nowPaymentsKey, ipnSecret })
  t = await createTestApp({
    config: {
      publicUrl: 'http://127.0.0.1:9',
      payments: paymentConfigFromEnv({
        SANDBOX_PAYMENTS: 'on',
        CRYPTOMUS_MERCHANT_ID: merchantId,
        CRYPTOMUS_API_KEY: apiKey,
        CRYPTOMUS_BASE_URL: cryptomus.baseUrl,
        NOWPAYMENTS_API_KEY: nowPaymentsKey,
        NOWPAYMENTS_IPN_SECRET: ipnSecret,
        NOWPAYMENTS_BASE_URL: nowPayments.baseUrl,
      }),
    },
  })
})

afterAll(async () => {
  await Promise.all([cryptomus.close(), nowPayments.close()])
  await t.close()
})

let customer: SignedUp

beforeEach(async () => {
  customer = await signUp(t)
})

async function createDeposit(provider: string, amount: number) {
  const response = await t.app.request(`/api/payments/${provider}/create`, {
    method: 'POST',
    headers: authed(customer.token),
    body: JSON.stringify({ amount, currency: 'USD' }),
  })
  expect(response.status).toBe(200)
  const { order_id: orderId } = (await response.json()) as { order_id: string }
  return t.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
}

/** Sends the deliveries `concurrency` at a time; answers the HTTP statuses in delivery order. */
async function deliver(deliveries: readonly Delivery[], concurrency: number): Promise<number[]> {
  const statuses: number[] = []
  for (let start = 0; start < deliveries.length; start += concurrency) {
    const batch = deliveries.slice(start, start + concurrency)
    const answers = await Promise.all(
      batch.map((delivery) =>
        t.app.request(`/api/payments/${delivery.provider}/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...delivery.headers },
          body: delivery.body,
        }),
      ),
    )
    statuses.push(...answers.map((answer) => answer.status))
  }
  return statuses
}

/** The customer's balance, their ledger sum, and their deposit entries. */
async function money(userId: number) {
  const user = await t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const entries = await t.db
    .selectFrom('ledger_entries')
    .select(['amount', 'kind', 'idempotency_key'])
    .where('user_id', '=', userId)
    .execute()
  return { balance: user.balance, ledger: await ledgerSum(t.db, userId), entries }
}

/** The four webhooks Cryptomus could send about one invoice, each signed by the fake as the gateway would. */
function cryptomusWebhooks(uuid: string, amounts: { paid: string; over: string }): Record<string, string> {
  const bodies: Record<string, string> = {}
  const settlements = {
    pending: { status: 'check' },
    paid: { status: 'paid', payment_amount_usd: amounts.paid, txid: 'tx-paid' },
    paid_over: { status: 'paid_over', payment_amount_usd: amounts.over, txid: 'tx-over' },
    failed: { status: 'fail' },
  }
  for (const [name, settlement] of Object.entries(settlements)) {
    cryptomus.settle(uuid, settlement)
    bodies[name] = cryptomus.webhookBody(uuid)
  }
  return bodies
}

describe('replayed and reordered webhooks', () => {
  it('credits a Cryptomus deposit once across 100 shuffled, concurrent deliveries of its four webhooks', async () => {
    const payment = await createDeposit('cryptomus', 25)
    const bodies = cryptomusWebhooks(payment.gateway_id ?? '', { paid: '25.00', over: '26.50' })
    const deliveries = shuffled(
      repeated(
        Object.values(bodies).map((body) => ({ provider: 'cryptomus', body })),
        25,
      ),
      seededRandom(6),
    )
    expect(deliveries).toHaveLength(100)

    const statuses = await deliver(deliveries, 10)
    expect(statuses.every((status) => status === 200)).toBe(true)

    const after = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow()
    expect(after.status).toBe('completed')
    // Whichever final paid webhook came first is the one credited: the invoice, or what arrived when over.
    expect([25_000_000, 26_500_000]).toContain(after.amount_credited)
    const { balance, ledger, entries } = await money(customer.userId)
    expect(entries).toEqual([
      {
        amount: after.amount_credited,
        kind: 'deposit',
        idempotency_key: `payment:cryptomus:${after.order_id}`,
      },
    ])
    expect(balance).toBe(after.amount_credited)
    expect(ledger).toBe(balance)
  })

  it('credits each of 25 deposits exactly once when their webhooks arrive interleaved in any order', async () => {
    const random = seededRandom(2026)
    const payments = []
    for (let index = 0; index < 25; index++) payments.push(await createDeposit('cryptomus', 5 + index))
    const deliveries: Delivery[] = []
    for (const payment of payments) {
      const amount = payment.amount_requested / 1_000_000
      const bodies = cryptomusWebhooks(payment.gateway_id ?? '', {
        paid: amount.toFixed(2),
        over: (amount + 1.25).toFixed(2),
      })
      // A different order for each deposit, each webhook four times.
      const order = shuffled(Object.values(bodies), random)
      deliveries.push(...repeated(order, 4).map((body) => ({ provider: 'cryptomus', body })))
    }
    const statuses = await deliver(shuffled(deliveries, random), 16)
    expect(statuses).toHaveLength(400)
    expect(statuses.every((status) => status === 200)).toBe(true)

    const after = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('user_id', '=', customer.userId)
      .orderBy('id')
      .execute()
    for (const payment of after) {
      expect(payment.status).toBe('completed')
      expect([payment.amount_requested, payment.amount_requested + 1_250_000]).toContain(
        payment.amount_credited,
      )
    }
    const { balance, ledger, entries } = await money(customer.userId)
    expect(entries).toHaveLength(25)
    expect(new Set(entries.map((entry) => entry.idempotency_key)).size).toBe(25)
    const credited = after.reduce((sum, payment) => sum + (payment.amount_credited ?? 0), 0)
    expect(balance).toBe(credited)
    expect(ledger).toBe(balance)
  })

  it('credits a NOWPayments deposit once across 100 shuffled IPNs, forged copies among them', async () => {
    const payment = await createDeposit('nowpayments', 30)
    const paymentId = nowPayments.startPayment(payment.gateway_id ?? '', 'ltc', 0.4)
    const signed: Delivery[] = []
    for (const changes of [
      { payment_status: 'waiting' },
      { payment_status: 'confirming', actually_paid: 0.4 },
      { payment_status: 'finished', actually_paid: 0.4, actually_paid_at_fiat: 30, payin_hash: 'ltc-tx' },
      { payment_status: 'expired' },
    ]) {
      nowPayments.updatePayment(paymentId, changes)
      const { rawBody, signature } = nowPayments.ipnFor(paymentId)
      signed.push({ provider: 'nowpayments', body: rawBody, headers: { 'x-nowpayments-sig': signature } })
    }
    const finished = signed[2] as Delivery
    const forged: Delivery[] = [
      {
        ...finished,
        body: finished.body.replace('"actually_paid_at_fiat":30', '"actually_paid_at_fiat":3000'),
      },
      { ...finished, headers: { 'x-nowpayments-sig': '0'.repeat(128) } },
    ]
    const deliveries = shuffled([...repeated(signed, 23), ...repeated(forged, 4)], seededRandom(30))
    expect(deliveries).toHaveLength(100)

    const statuses = await deliver(deliveries, 10)
    expect(statuses.filter((status) => status === 401)).toHaveLength(8)
    expect(statuses.filter((status) => status === 200)).toHaveLength(92)

    const { balance, ledger, entries } = await money(customer.userId)
    expect(entries).toEqual([
      { amount: 30_000_000, kind: 'deposit', idempotency_key: `payment:nowpayments:${payment.order_id}` },
    ])
    expect(balance).toBe(30_000_000)
    expect(ledger).toBe(balance)
  })

  it('credits a sandbox deposit once across 100 concurrent paid and failed webhooks', async () => {
    const payment = await createDeposit('sandbox', 15)
    // Gateways made from the app's configuration share its sandbox secret, so they sign as the app checks.
    const gateway = createAppPaymentGateways(t.db, t.config).sandbox
    if (!gateway) throw new Error('the sandbox is on in this test')
    const paid = gateway.buildWebhook({
      orderId: payment.order_id,
      status: 'paid',
      amountUsd: '15.00',
      txid: 'p',
    })
    const failed = gateway.buildWebhook({
      orderId: payment.order_id,
      status: 'failed',
      amountUsd: '15.00',
      txid: 'f',
    })
    const deliveries = shuffled(
      repeated(
        [paid, failed].map((webhook) => ({
          provider: 'sandbox',
          body: webhook.rawBody,
          headers: webhook.headers,
        })),
        50,
      ),
      seededRandom(15),
    )
    const statuses = await deliver(deliveries, 20)
    expect(statuses.every((status) => status === 200)).toBe(true)
    const { balance, ledger, entries } = await money(customer.userId)
    expect(entries).toHaveLength(1)
    expect(balance).toBe(15_000_000)
    expect(ledger).toBe(balance)
  })
})
