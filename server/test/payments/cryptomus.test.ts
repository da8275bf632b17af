// The Cryptomus adapter against a local fake speaking the real protocol, once as Cryptomus and once as
// Heleket (same API, its own host and keys).

import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  PaymentGatewayError,
  PaymentGatewayUnavailableError,
  WebhookRejectedError,
  type PaymentGateway,
} from '../../src/adapters/payments'
import { createCryptomusGateway, type CryptomusGatewayName } from '../../src/adapters/payments/cryptomus'
import { startCryptomusFake, type CryptomusFake } from './fakes/cryptomusFake'
import { setUpGatewayWithWebhooks } from '../support/payment-gateways'

const merchantId = '8b03432e-385b-4670-8d06-064591096795'
const apiKey = 'uQ4LFWCBE3dT84uQnt7ycL7p9WcgMPI8lzKl7Ct2I43R6SSC3gVDS3rkGX'

describe.each<CryptomusGatewayName>(['cryptomus', 'heleket'])('%s adapter', (name) => {
  let fake: CryptomusFake
  let gateway: PaymentGateway
  const { invoiceInput, deliveredReport, lastDelivery, receiverUrl } = setUpGatewayWithWebhooks(async () => {
    fake = await startCryptomusFake({ merchantId, apiKey })
    gateway = createCryptomusGateway(name, { merchantId, apiKey, baseUrl: fake.baseUrl }, { timeoutMs: 2000 })
    return { gateway, close: () => fake.close() }
  })

  it('lists only available services, with currency and network upper-cased and a readable name', async () => {
    const methods = await gateway.listMethods()
    expect(methods).toEqual([
      { currency: 'BTC', network: 'BTC', name: 'Bitcoin' },
      { currency: 'USDT', network: 'TRON', name: 'Tether' },
      { currency: 'USDT', network: 'BSC', name: 'Tether' },
      { currency: 'ETH', network: 'ETH', name: 'Ethereum' },
    ])
  })

  it('creates a USD invoice with a request signed over the exact bytes it sent', async () => {
    const invoice = await gateway.createInvoice(invoiceInput('dep_001'))

    const request = fake.requests.find((candidate) => candidate.path === '/v1/payment')
    expect(request?.headers.merchant).toBe(merchantId)
    const expectedSign = createHash('md5')
      .update(Buffer.from(request?.rawBody ?? '').toString('base64') + apiKey)
      .digest('hex')
    expect(request?.headers.sign).toBe(expectedSign)
    expect(JSON.parse(request?.rawBody ?? '')).toEqual({
      amount: '25.00',
      currency: 'USD',
      order_id: 'dep_001',
      url_return: 'http://127.0.0.1:8787/wallet?order_id=dep_001',
      url_success: 'http://127.0.0.1:8787/wallet?payment_status=success&order_id=dep_001',
      url_callback: receiverUrl(),
      additional_data: 'Wallet deposit',
    })
    const stored = [...fake.invoices.values()][0]
    expect(invoice.gatewayId).toBe(stored?.uuid)
    expect(invoice.paymentUrl).toBe(`${fake.baseUrl}/pay/${stored?.uuid}`)
  })

  it('gets the same invoice back when the creation is retried with the same order id', async () => {
    const first = await gateway.createInvoice(invoiceInput('dep_retry'))
    const second = await gateway.createInvoice(invoiceInput('dep_retry'))
    expect(second.gatewayId).toBe(first.gatewayId)
    expect(fake.invoices.size).toBe(1)
  })

  it('surfaces a refused API key as a permanent gateway error, not a transient one', async () => {
    const wrongKey = createCryptomusGateway(
      name,
      { merchantId, apiKey: 'wrong', baseUrl: fake.baseUrl },
      { timeoutMs: 2000 },
    )
    const attempt = wrongKey.listMethods()
    await expect(attempt).rejects.toThrow(PaymentGatewayError)
    await expect(attempt).rejects.not.toThrow(PaymentGatewayUnavailableError)
    await expect(attempt).rejects.toMatchObject({
      status: 401,
      message: expect.stringContaining('Invalid Sign'),
    })
  })

  it('surfaces a validation error of the gateway with its field errors', async () => {
    const attempt = gateway.createInvoice(invoiceInput('not allowed!'))
    await expect(attempt).rejects.toMatchObject({ name: 'PaymentGatewayError', status: 422 })
    await expect(attempt).rejects.toThrow(/order_id/)
  })

  it('surfaces a 5xx answer as a transient error', async () => {
    fake.misbehave('server_error')
    const attempt = gateway.createInvoice(invoiceInput('dep_5xx'))
    await expect(attempt).rejects.toThrow(PaymentGatewayUnavailableError)
    await expect(attempt).rejects.toMatchObject({ status: 502 })
  })

  it('surfaces a gateway that never answers as a transient error after the timeout', async () => {
    const impatient = createCryptomusGateway(
      name,
      { merchantId, apiKey, baseUrl: fake.baseUrl },
      { timeoutMs: 200 },
    )
    fake.misbehave('hang')
    await expect(impatient.listMethods()).rejects.toThrow(/did not answer within 200 ms/)
  })

  it('surfaces an unreachable gateway as a transient error', async () => {
    const nowhere = createCryptomusGateway(
      name,
      { merchantId, apiKey, baseUrl: 'http://127.0.0.1:9' },
      { timeoutMs: 2000 },
    )
    await expect(nowhere.listMethods()).rejects.toThrow(PaymentGatewayUnavailableError)
  })

  it('receives a signed webhook for a paid invoice and credits the invoiced amount', async () => {
    const { gatewayId } = await gateway.createInvoice(invoiceInput('dep_paid'))
    fake.settle(gatewayId, {
      status: 'paid',
      payer_currency: 'USDT',
      network: 'tron',
      payer_amount: '25.00000000',
      payment_amount: '25.00000000',
      payment_amount_usd: '24.98',
      txid: 'a1b2c3',
    })

    expect(await fake.sendWebhook(gatewayId)).toBe(200)
    expect(await deliveredReport()).toMatchObject({
      gateway: name,
      orderId: 'dep_paid',
      gatewayId,
      gatewayStatus: 'paid',
      state: 'paid',
      final: true,
      amountReceivedUsd: '25.00',
      currency: 'USDT',
      network: 'TRON',
      txid: 'a1b2c3',
    })
  })

  it('accepts a webhook whose description carries slashes and unicode, signed as PHP encodes it', async () => {
    const { gatewayId } = await gateway.createInvoice({
      ...invoiceInput('dep_unicode'),
      description: 'Dépôt für Zoë / https://x.test/a — 😀',
    })
    fake.settle(gatewayId, {
      status: 'paid',
      payment_amount_usd: '25.00',
      payer_currency: 'BTC',
      network: 'btc',
    })

    expect(fake.webhookBody(gatewayId)).toContain(String.raw`Dépôt für Zoë \/ https:\/\/x.test\/a — 😀`)
    expect(await fake.sendWebhook(gatewayId)).toBe(200)
    expect((await deliveredReport()).details.additional_data).toBe('Dépôt für Zoë / https://x.test/a — 😀')
  })

  it.each([
    ['paid_over', { payment_amount_usd: '31.40' }, 'paid', '31.40'],
    ['paid_over', { payment_amount_usd: '24.99' }, 'paid', '25.00'],
    ['wrong_amount', { payment_amount_usd: '12.40' }, 'partially_paid', '12.40'],
    ['wrong_amount', { payment_amount_usd: '26.00' }, 'partially_paid', '25.00'],
  ] as const)('credits %s with %o as %s of %s USD', async (status, amounts, state, credited) => {
    const { gatewayId } = await gateway.createInvoice(invoiceInput('dep_amount'))
    fake.settle(gatewayId, { status, payer_currency: 'USDT', network: 'tron', ...amounts })
    await fake.sendWebhook(gatewayId)
    expect(await deliveredReport()).toMatchObject({ state, final: true, amountReceivedUsd: credited })
  })

  it.each([
    ['paid', 'paid', true],
    ['paid_over', 'paid', true],
    ['wrong_amount', 'partially_paid', true],
    ['wrong_amount_waiting', 'partially_paid', false],
    ['process', 'pending', false],
    ['check', 'pending', false],
    ['confirm_check', 'pending', false],
    ['locked', 'pending', false],
    ['fail', 'failed', true],
    ['cancel', 'expired', true],
    ['system_fail', 'failed', true],
    ['refund_process', 'failed', true],
    ['refund_fail', 'failed', true],
    ['refund_paid', 'failed', true],
    ['a_status_added_later', 'pending', false],
  ] as const)('maps the webhook status %s to %s (final: %s)', async (status, state, final) => {
    const { gatewayId } = await gateway.createInvoice(invoiceInput('dep_status'))
    fake.settle(gatewayId, { status, payment_amount_usd: '12.00', payer_currency: 'USDT', network: 'tron' })
    await fake.sendWebhook(gatewayId)
    const report = await deliveredReport()
    expect(report).toMatchObject({ gatewayStatus: status, state, final })
    if (state === 'failed' || state === 'expired' || state === 'pending')
      expect(report.amountReceivedUsd).toBeUndefined()
  })

  it('rejects a webhook signed with another merchant’s key, and the receiver answers 400', async () => {
    const impostor = await startCryptomusFake({ merchantId, apiKey: 'someone-elses-key' })
    try {
      const impostorGateway = createCryptomusGateway(
        name,
        { merchantId, apiKey: 'someone-elses-key', baseUrl: impostor.baseUrl },
        { timeoutMs: 2000 },
      )
      const { gatewayId } = await impostorGateway.createInvoice(invoiceInput('dep_forged'))
      impostor.settle(gatewayId, { status: 'paid', payment_amount_usd: '25.00' })

      expect(await impostor.sendWebhook(gatewayId)).toBe(400)
      expect(lastDelivery()).toBeInstanceOf(WebhookRejectedError)
      expect(lastDelivery()).toMatchObject({ reason: 'bad_signature' })
    } finally {
      await impostor.close()
    }
  })

  it('rejects a genuine webhook whose amount was changed on the way', async () => {
    const { gatewayId } = await gateway.createInvoice(invoiceInput('dep_tampered'))
    fake.settle(gatewayId, { status: 'wrong_amount', payment_amount_usd: '5.00' })
    const tampered = fake
      .webhookBody(gatewayId)
      .replace('"payment_amount_usd":"5.00"', '"payment_amount_usd":"500.00"')
    expect(() => gateway.verifyWebhook({ rawBody: tampered, headers: new Headers() })).toThrow(
      expect.objectContaining({ reason: 'bad_signature' }),
    )
  })

  it('rejects a correctly signed webhook about a static wallet rather than an invoice', async () => {
    const data = { type: 'wallet', uuid: 'u', order_id: 'o', amount: '1', currency: 'USD', status: 'paid' }
    const encoded = JSON.stringify(data)
    const sign = createHash('md5')
      .update(Buffer.from(encoded).toString('base64') + apiKey)
      .digest('hex')
    const rawBody = JSON.stringify({ ...data, sign })
    expect(() => gateway.verifyWebhook({ rawBody, headers: new Headers() })).toThrow(
      expect.objectContaining({ reason: 'invalid_payload' }),
    )
  })

  it('fetches the status of an invoice by its uuid, deriving the USD received from the crypto amounts', async () => {
    const { gatewayId } = await gateway.createInvoice(invoiceInput('dep_info'))
    fake.settle(gatewayId, {
      status: 'wrong_amount',
      payer_currency: 'USDT',
      network: 'tron',
      payer_amount: '25.10000000',
      payment_amount: '12.55000000',
      txid: 'ff00',
    })

    const report = await gateway.fetchStatus({ orderId: 'dep_info', gatewayId })
    expect(report).toMatchObject({
      orderId: 'dep_info',
      gatewayId,
      gatewayStatus: 'wrong_amount',
      state: 'partially_paid',
      final: true,
      amountReceivedUsd: '12.50',
      currency: 'USDT',
      txid: 'ff00',
    })
    const infoRequest = fake.requests.find((request) => request.path === '/v1/payment/info')
    expect(JSON.parse(infoRequest?.rawBody ?? '')).toEqual({ uuid: gatewayId })
  })

  it('fetches the status by our order id when the uuid is not known', async () => {
    const { gatewayId } = await gateway.createInvoice(invoiceInput('dep_by_order'))
    expect(await gateway.fetchStatus({ orderId: 'dep_by_order' })).toMatchObject({
      gatewayId,
      gatewayStatus: 'check',
      state: 'pending',
      final: false,
    })
  })

  it('reports an invoice the gateway does not know as a permanent error with status 404', async () => {
    await expect(gateway.fetchStatus({ orderId: 'dep_missing' })).rejects.toMatchObject({
      name: 'PaymentGatewayError',
      status: 404,
    })
  })
})
