// The reconcile job: deposits whose webhook never came are settled by asking the gateway, through the real
// job worker (createWorker with the payment jobs, drained by hand as the test clock moves), against the
// gateways' local fakes.

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type PaymentGateways, paymentConfigFromEnv } from '../src/adapters/payments'
import { ledgerSum } from '../src/domain/ledger'
import {
  createAppPaymentGateways,
  RECONCILE_AFTER_MS,
  RECONCILE_WITHIN_MS,
  recordSandboxOutcome,
} from '../src/domain/payments'
import { paymentJobs, RECONCILE_PAYMENTS_INTERVAL_MS } from '../src/jobs/handlers/reconcile-payments'
import { createWorker, type Worker } from '../src/jobs/worker'
import { authed, createTestApp, signUp, type SignedUp, type TestApp } from './support/app'
import { startCryptomusFake, type CryptomusFake } from './payments/fakes/cryptomusFake'
import { startNowPaymentsFake, type NowPaymentsFake } from './payments/fakes/nowPaymentsFake'

const MINUTE = 60_000
const merchantId = '8b03432e-385b-4670-8d06-064591096795'
const apiKey = 'uQ4LFWCBE3dT84uQnt7ycL7p9WcgMPI8lzKl7Ct2I43R6SSC3gVDS3rkGX'
const nowPaymentsKey = 'NP-API-KEY-7F3K2M9'
const ipnSecret = 'ipn-secret-9x8y7z6w5v4u'

let cryptomus: CryptomusFake
let nowPayments: NowPaymentsFake
let t: TestApp
let gateways: PaymentGateways
let worker: Worker

beforeAll(async () => {
  cryptomus = await startCryptomusFake({ merchantId, apiKey })
  nowPayments = await startNowPaymentsFake({ apiKey: nowPaymentsKey, ipnSecret })
  t = await createTestApp({
    config: {
      // Nothing listens here: webhooks are not what this file is about.
      publicUrl: 'http://127.0.0.1:9',
      payments: paymentConfigFromEnv({
        SANDBOX_PAYMENTS: 'on',
        CRYPTOMUS_MERCHANT_ID: merchantId,
        CRYPTOMUS_API_KEY: apiKey,
        CRYPTOMUS_BASE_URL: cryptomus.baseUrl,
        NOWPAYMENTS_API_KEY: nowPaymentsKey,
        NOWPAYMENTS_IPN_SECRET: ipnSecret,
        NOWPAYMENTS_BASE_URL: nowPayments.baseUrl,
        PAYMENT_GATEWAY_TIMEOUT_MS: '1000',
      }),
    },
  })
  // The worker's own gateways, from the same configuration, as jobs/runtime.ts builds them.
  gateways = createAppPaymentGateways(t.db, t.config)
  const { handlers, recurring } = paymentJobs({ db: t.db, clock: t.clock, logger: t.deps.logger, gateways })
  worker = createWorker({ db: t.db, clock: t.clock, handlers, recurring, random: () => 0.5 })
})

afterAll(async () => {
  await Promise.all([cryptomus.close(), nowPayments.close()])
  await t.close()
})

let customer: SignedUp

beforeEach(async () => {
  customer = await signUp(t)
})

afterEach(async () => {
  const user = await t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', customer.userId)
    .executeTakeFirstOrThrow()
  expect(user.balance).toBe(await ledgerSum(t.db, customer.userId))
})

async function createDeposit(provider: string, amount: number) {
  const response = await t.app.request(`/api/payments/${provider}/create`, {
    method: 'POST',
    headers: authed(customer.token),
    body: JSON.stringify({ amount, currency: 'USD' }),
  })
  expect(response.status).toBe(200)
  const body = (await response.json()) as { order_id: string }
  return t.db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', body.order_id)
    .executeTakeFirstOrThrow()
}

async function payment(orderId: string) {
  return t.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
}

async function balance(): Promise<number> {
  const user = await t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', customer.userId)
    .executeTakeFirstOrThrow()
  return user.balance
}

/** Moves the clock to the job's next round and runs what is due. */
async function nextRound(): Promise<void> {
  t.clock.advance(RECONCILE_PAYMENTS_INTERVAL_MS)
  await worker.drain()
}

function infoRequests(uuid: string): number {
  return cryptomus.requests.filter(
    (request) =>
      request.path === '/v1/payment/info' && (JSON.parse(request.rawBody) as { uuid?: string }).uuid === uuid,
  ).length
}

describe('reconcile-payments', () => {
  it('credits a paid Cryptomus invoice whose webhook never came, once, and only after it is due', async () => {
    const deposit = await createDeposit('cryptomus', 30)
    const uuid = deposit.gateway_id ?? ''
    cryptomus.settle(uuid, {
      status: 'paid',
      payer_currency: 'USDT',
      network: 'tron',
      payer_amount: '30.20000000',
      payment_amount: '30.20000000',
      txid: '0xreconciled',
    })

    // Younger than RECONCILE_AFTER_MS: the webhook may still come, the gateway is not asked.
    await worker.drain()
    expect(infoRequests(uuid)).toBe(0)
    expect((await payment(deposit.order_id)).status).toBe('pending')

    t.clock.advance(RECONCILE_AFTER_MS)
    await nextRound()
    expect(infoRequests(uuid)).toBe(1)
    expect(await payment(deposit.order_id)).toMatchObject({
      status: 'completed',
      amount_credited: 30_000_000,
      gateway_status: 'paid',
      txid: '0xreconciled',
      currency: 'USDT',
    })
    expect(await balance()).toBe(30_000_000)

    // Completed payments are not asked about again, and the late webhook changes nothing.
    await nextRound()
    expect(infoRequests(uuid)).toBe(1)
    const late = await t.app.request('/api/payments/cryptomus/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: cryptomus.webhookBody(uuid),
    })
    expect(late.status).toBe(200)
    expect(await balance()).toBe(30_000_000)
    const entries = await t.db
      .selectFrom('ledger_entries')
      .select('amount')
      .where('user_id', '=', customer.userId)
      .execute()
    expect(entries).toEqual([{ amount: 30_000_000 }])
  })

  it('keeps asking while the gateway says pending or cannot be reached, and records the round error', async () => {
    const deposit = await createDeposit('cryptomus', 12.5)
    const uuid = deposit.gateway_id ?? ''
    t.clock.advance(RECONCILE_AFTER_MS)
    await nextRound()
    expect(infoRequests(uuid)).toBe(1)
    expect((await payment(deposit.order_id)).status).toBe('pending')

    cryptomus.settle(uuid, { status: 'paid', payment_amount_usd: '12.50' })
    // The next round meets a gateway error page.
    cryptomus.misbehave('server_error', 1)
    await nextRound()
    const job = await t.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'reconcile-payments')
      .executeTakeFirstOrThrow()
    expect(job.last_error).toMatch(/could not be checked/)
    expect((await payment(deposit.order_id)).status).toBe('pending')
    expect(await balance()).toBe(0)

    // The failed round is retried, and this time the gateway answers.
    await nextRound()
    expect(infoRequests(uuid)).toBe(3)
    expect((await payment(deposit.order_id)).status).toBe('completed')
    expect(await balance()).toBe(12_500_000)
  })

  it('asks NOWPayments for the payment an earlier IPN named, when the final IPN is lost', async () => {
    const deposit = await createDeposit('nowpayments', 60)
    const paymentId = nowPayments.startPayment(deposit.gateway_id ?? '', 'btc', 0.0006)
    // The waiting IPN arrives and names the payment...
    expect(
      (
        await t.app.request('/api/payments/nowpayments/webhook', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-nowpayments-sig': nowPayments.ipnFor(paymentId).signature,
          },
          body: nowPayments.ipnFor(paymentId).rawBody,
        })
      ).status,
    ).toBe(200)
    // ...the finished one never does.
    nowPayments.updatePayment(paymentId, {
      payment_status: 'finished',
      actually_paid: 0.0006,
      actually_paid_at_fiat: 60.01,
      payin_hash: 'btc-final',
    })

    t.clock.advance(RECONCILE_AFTER_MS)
    await nextRound()
    expect(nowPayments.requests.some((request) => request.path === `/v1/payment/${paymentId}`)).toBe(true)
    expect(await payment(deposit.order_id)).toMatchObject({
      status: 'completed',
      amount_credited: 60_010_000,
      txid: 'btc-final',
    })
    expect(await balance()).toBe(60_010_000)
  })

  it('settles a sandbox checkout whose webhook was lost, from the outcome the sandbox recorded', async () => {
    const paid = await createDeposit('sandbox', 25)
    const failed = await createDeposit('sandbox', 15)
    const unanswered = await createDeposit('sandbox', 5)
    await recordSandboxOutcome(t.db, { orderId: paid.order_id, status: 'paid', now: t.clock.now() })
    await recordSandboxOutcome(t.db, { orderId: failed.order_id, status: 'failed', now: t.clock.now() })

    t.clock.advance(RECONCILE_AFTER_MS)
    await nextRound()
    expect((await payment(paid.order_id)).status).toBe('completed')
    expect((await payment(failed.order_id)).status).toBe('failed')
    expect((await payment(unanswered.order_id)).status).toBe('pending')
    expect(await balance()).toBe(25_000_000)
  })

  it('marks failed what is still pending after the reconcile window, and a late paid webhook still credits', async () => {
    const deposit = await createDeposit('cryptomus', 8)
    const uuid = deposit.gateway_id ?? ''
    t.clock.advance(RECONCILE_WITHIN_MS + MINUTE)
    await nextRound()
    expect((await payment(deposit.order_id)).status).toBe('failed')

    cryptomus.settle(uuid, { status: 'paid', payment_amount_usd: '8.00' })
    const late = await t.app.request('/api/payments/cryptomus/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: cryptomus.webhookBody(uuid),
    })
    expect(late.status).toBe(200)
    expect((await payment(deposit.order_id)).status).toBe('completed')
    expect(await balance()).toBe(8_000_000)
  })
})
