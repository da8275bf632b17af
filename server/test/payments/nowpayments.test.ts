// The NOWPayments adapter against a local fake speaking the real protocol.

import { describe, expect, it } from 'vitest'
import {
  PaymentGatewayError,
  PaymentGatewayUnavailableError,
  WebhookRejectedError,
  type PaymentGateway,
} from '../../src/adapters/payments'
import { createNowPaymentsGateway } from '../../src/adapters/payments/nowpayments'
import { startNowPaymentsFake, type NowPaymentsFake } from './fakes/nowPaymentsFake'
import { setUpGatewayWithWebhooks } from '../support/payment-gateways'

const apiKey = 'NP-API-KEY-1234567'
const ipnSecret = 'np-ipn-secret-abcdefgh'
const account = { email: 'operator@engage.test', password: 'correct horse battery staple' }

describe('nowpayments adapter', () => {
  let fake: NowPaymentsFake
  let gateway: PaymentGateway
  const { invoiceInput, deliveredReport, lastDelivery, receiverUrl } = setUpGatewayWithWebhooks(async () => {
    fake = await startNowPaymentsFake({
      apiKey,
      ipnSecret,
      account,
      selectedCurrencies: ['BTC', 'USDTTRC20', 'XMR'],
    })
    gateway = createNowPaymentsGateway({ apiKey, ipnSecret, baseUrl: fake.baseUrl }, { timeoutMs: 2000 })
    return { gateway, close: () => fake.close() }
  })

  it('lists the enabled coins the merchant selected, upper-cased, with the gateway’s names', async () => {
    expect(await gateway.listMethods()).toEqual([
      { currency: 'BTC', network: 'BTC', name: 'Bitcoin' },
      { currency: 'USDTTRC20', network: 'TRX', name: 'Tether USD (Tron)' },
    ])
  })

  it('lists every enabled coin when the merchant selected none', async () => {
    const everything = await startNowPaymentsFake({ apiKey, ipnSecret })
    try {
      const open = createNowPaymentsGateway(
        { apiKey, ipnSecret, baseUrl: everything.baseUrl },
        { timeoutMs: 2000 },
      )
      expect((await open.listMethods()).map((method) => method.currency)).toEqual([
        'BTC',
        'USDTTRC20',
        'ETH',
        'DOGE',
      ])
    } finally {
      await everything.close()
    }
  })

  it('creates a USD invoice with the API key, our order id and the return and IPN URLs', async () => {
    const invoice = await gateway.createInvoice(invoiceInput('dep_np_001'))

    const request = fake.requests.find((candidate) => candidate.path === '/v1/invoice')
    expect(request?.headers['x-api-key']).toBe(apiKey)
    expect(JSON.parse(request?.rawBody ?? '')).toEqual({
      price_amount: 25,
      price_currency: 'usd',
      order_id: 'dep_np_001',
      order_description: 'Wallet deposit',
      ipn_callback_url: receiverUrl(),
      success_url: 'http://127.0.0.1:8787/wallet?payment_status=success&order_id=dep_np_001',
      cancel_url: 'http://127.0.0.1:8787/wallet?payment_status=failed&order_id=dep_np_001',
    })
    const stored = [...fake.invoices.values()][0]
    expect(invoice.gatewayId).toBe(stored?.id)
    expect(invoice.paymentUrl).toBe(`${fake.baseUrl}/payment/?iid=${stored?.id}`)
  })

  it('surfaces a refused API key as a permanent gateway error', async () => {
    const wrongKey = createNowPaymentsGateway(
      { apiKey: 'nope', ipnSecret, baseUrl: fake.baseUrl },
      { timeoutMs: 2000 },
    )
    const attempt = wrongKey.createInvoice(invoiceInput('dep_np_key'))
    await expect(attempt).rejects.toThrow(PaymentGatewayError)
    await expect(attempt).rejects.not.toThrow(PaymentGatewayUnavailableError)
    await expect(attempt).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining('Invalid api key'),
    })
  })

  it('surfaces a 5xx answer and a hanging gateway as transient errors', async () => {
    fake.misbehave('server_error')
    await expect(gateway.createInvoice(invoiceInput('dep_np_5xx'))).rejects.toThrow(
      PaymentGatewayUnavailableError,
    )

    const impatient = createNowPaymentsGateway(
      { apiKey, ipnSecret, baseUrl: fake.baseUrl },
      { timeoutMs: 200 },
    )
    fake.misbehave('hang')
    await expect(impatient.createInvoice(invoiceInput('dep_np_hang'))).rejects.toThrow(
      PaymentGatewayUnavailableError,
    )
  })

  it('receives a signed IPN for a finished payment and credits the invoiced amount', async () => {
    const { gatewayId } = await gateway.createInvoice(invoiceInput('dep_np_paid'))
    const paymentId = fake.startPayment(gatewayId, 'usdttrc20', 25.1)
    fake.updatePayment(paymentId, { payment_status: 'finished', actually_paid: 25.1, outcome_amount: 24.6 })

    expect(await fake.sendIpn(paymentId)).toBe(200)
    expect(await deliveredReport()).toMatchObject({
      gateway: 'nowpayments',
      orderId: 'dep_np_paid',
      gatewayId,
      gatewayPaymentId: String(paymentId),
      gatewayStatus: 'finished',
      state: 'paid',
      final: true,
      amountReceivedUsd: '25.00',
      currency: 'USDTTRC20',
    })
  })

  it.each([
    ['pays the fiat value when it exceeds the invoice', { actually_paid_at_fiat: 27.5 }, 'finished', '27.50'],
    [
      'pays what a partial payment was worth in fiat',
      { actually_paid_at_fiat: 10.2, actually_paid: 10.24 },
      'partially_paid',
      '10.20',
    ],
    [
      'derives a partial payment from the crypto amounts when fiat is 0',
      { actually_paid: 12.55 },
      'partially_paid',
      '12.50',
    ],
  ])('%s', async (_title, changes, status, credited) => {
    const { gatewayId } = await gateway.createInvoice(invoiceInput('dep_np_amount'))
    const paymentId = fake.startPayment(gatewayId, 'usdttrc20', 25.1)
    fake.updatePayment(paymentId, { payment_status: status, ...changes })
    await fake.sendIpn(paymentId)
    expect((await deliveredReport()).amountReceivedUsd).toBe(credited)
  })

  it.each([
    ['waiting', 'pending', false],
    ['confirming', 'pending', false],
    ['confirmed', 'pending', false],
    ['sending', 'pending', false],
    ['partially_paid', 'partially_paid', true],
    ['finished', 'paid', true],
    ['failed', 'failed', true],
    ['refunded', 'failed', true],
    ['expired', 'expired', true],
  ] as const)('maps the IPN status %s to %s (final: %s)', async (status, state, final) => {
    const { gatewayId } = await gateway.createInvoice(invoiceInput('dep_np_status'))
    const paymentId = fake.startPayment(gatewayId, 'btc', 0.00025)
    fake.updatePayment(paymentId, { payment_status: status, actually_paid: 0.0001 })
    await fake.sendIpn(paymentId)
    expect(await deliveredReport()).toMatchObject({ gatewayStatus: status, state, final })
  })

  it('rejects an IPN signed with another IPN secret, and the receiver answers 400', async () => {
    const impostor = await startNowPaymentsFake({ apiKey, ipnSecret: 'not-our-secret' })
    try {
      const impostorGateway = createNowPaymentsGateway(
        { apiKey, ipnSecret: 'x', baseUrl: impostor.baseUrl },
        { timeoutMs: 2000 },
      )
      const { gatewayId } = await impostorGateway.createInvoice(invoiceInput('dep_np_forged'))
      const paymentId = impostor.startPayment(gatewayId, 'btc', 0.00025)
      impostor.updatePayment(paymentId, { payment_status: 'finished', actually_paid: 0.00025 })

      expect(await impostor.sendIpn(paymentId)).toBe(400)
      expect(lastDelivery()).toBeInstanceOf(WebhookRejectedError)
      expect(lastDelivery()).toMatchObject({ reason: 'bad_signature' })
    } finally {
      await impostor.close()
    }
  })

  it('rejects a genuine IPN whose amount was changed on the way', async () => {
    const { gatewayId } = await gateway.createInvoice(invoiceInput('dep_np_tampered'))
    const paymentId = fake.startPayment(gatewayId, 'btc', 0.00025)
    fake.updatePayment(paymentId, { payment_status: 'partially_paid', actually_paid: 0.0001 })
    const { rawBody, signature } = fake.ipnFor(paymentId)
    const tampered = rawBody.replace('"actually_paid":0.0001', '"actually_paid":0.00025')
    expect(tampered).not.toBe(rawBody)
    const attempt = () =>
      gateway.verifyWebhook({ rawBody: tampered, headers: new Headers({ 'x-nowpayments-sig': signature }) })
    expect(attempt).toThrow(expect.objectContaining({ reason: 'bad_signature' }))
  })

  it('fetches a payment’s status by the payment id an IPN named', async () => {
    const { gatewayId } = await gateway.createInvoice(invoiceInput('dep_np_poll'))
    const paymentId = fake.startPayment(gatewayId, 'btc', 0.00025)
    fake.updatePayment(paymentId, { payment_status: 'confirming', payin_hash: 'beef' })

    expect(
      await gateway.fetchStatus({ orderId: 'dep_np_poll', gatewayId, gatewayPaymentId: String(paymentId) }),
    ).toMatchObject({
      gatewayId,
      gatewayPaymentId: String(paymentId),
      state: 'pending',
      final: false,
      txid: 'beef',
    })
    expect(fake.requests.at(-1)?.path).toBe(`/v1/payment/${paymentId}`)
  })

  it('finds the furthest-along payment of an invoice through the dashboard login when no IPN arrived', async () => {
    const withAccount = createNowPaymentsGateway(
      { apiKey, ipnSecret, baseUrl: fake.baseUrl, account },
      { timeoutMs: 2000 },
    )
    const { gatewayId } = await withAccount.createInvoice(invoiceInput('dep_np_lost_ipn'))
    const abandoned = fake.startPayment(gatewayId, 'btc', 0.00025)
    fake.updatePayment(abandoned, { payment_status: 'expired' })
    const finished = fake.startPayment(gatewayId, 'usdttrc20', 25.1)
    fake.updatePayment(finished, { payment_status: 'finished', actually_paid: 25.1 })

    expect(await withAccount.fetchStatus({ orderId: 'dep_np_lost_ipn', gatewayId })).toMatchObject({
      gatewayPaymentId: String(finished),
      state: 'paid',
      final: true,
      amountReceivedUsd: '25.00',
    })
    const listRequest = fake.requests.find((request) => request.path === '/v1/payment/')
    expect(listRequest?.query.get('invoiceId')).toBe(gatewayId)
    expect(listRequest?.headers.authorization).toMatch(/^Bearer [0-9a-f]{32}$/)
  })

  it('reports an invoice without payments as pending', async () => {
    const withAccount = createNowPaymentsGateway(
      { apiKey, ipnSecret, baseUrl: fake.baseUrl, account },
      { timeoutMs: 2000 },
    )
    const { gatewayId } = await withAccount.createInvoice(invoiceInput('dep_np_unpaid'))
    expect(await withAccount.fetchStatus({ orderId: 'dep_np_unpaid', gatewayId })).toMatchObject({
      gatewayId,
      gatewayStatus: 'unknown',
      state: 'pending',
      final: false,
    })
  })

  it('surfaces a wrong dashboard login as a permanent error', async () => {
    const wrongLogin = createNowPaymentsGateway(
      { apiKey, ipnSecret, baseUrl: fake.baseUrl, account: { ...account, password: 'wrong' } },
      { timeoutMs: 2000 },
    )
    const { gatewayId } = await wrongLogin.createInvoice(invoiceInput('dep_np_login'))
    await expect(wrongLogin.fetchStatus({ orderId: 'dep_np_login', gatewayId })).rejects.toMatchObject({
      name: 'PaymentGatewayError',
      status: 401,
    })
  })

  it('says the status is unknown, without asking, when neither a payment id nor a login is available', async () => {
    const { gatewayId } = await gateway.createInvoice(invoiceInput('dep_np_blind'))
    const requestsBefore = fake.requests.length
    const report = await gateway.fetchStatus({ orderId: 'dep_np_blind', gatewayId })
    expect(report).toMatchObject({ gatewayId, gatewayStatus: 'unknown', state: 'pending', final: false })
    expect(report.details.reason).toMatch(/NOWPAYMENTS_EMAIL/)
    expect(fake.requests.length).toBe(requestsBefore)
  })
})
