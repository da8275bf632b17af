// The built-in sandbox gateway and its checkout page.

import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  renderSandboxCheckoutPage,
  WebhookRejectedError,
  type SandboxOutcome,
} from '../../src/adapters/payments'
import { createSandboxGateway } from '../../src/adapters/payments/sandbox'

const secret = 'sandbox-test-secret-0123456789'

function sandboxWith(outcomes: SandboxOutcome[] = []) {
  return createSandboxGateway({
    publicUrl: 'http://127.0.0.1:8787/',
    secret,
    lookupOutcome: async (orderId) => outcomes.find((outcome) => outcome.orderId === orderId),
  })
}

function signed(rawBody: string) {
  return {
    rawBody,
    headers: new Headers({
      'x-sandbox-signature': createHmac('sha256', secret).update(rawBody).digest('hex'),
    }),
  }
}

describe('sandbox gateway', () => {
  it('sends the browser to this server’s own checkout page for the order', async () => {
    const invoice = await sandboxWith().createInvoice({
      orderId: 'dep_sbx_1',
      amountUsd: '25.00',
      returnUrl: 'http://127.0.0.1:8787/wallet',
      successUrl: 'http://127.0.0.1:8787/wallet?payment_status=success&order_id=dep_sbx_1',
      failUrl: 'http://127.0.0.1:8787/wallet?payment_status=failed&order_id=dep_sbx_1',
      callbackUrl: 'http://127.0.0.1:8787/api/payments/sandbox/webhook',
    })
    expect(invoice).toMatchObject({
      gatewayId: 'dep_sbx_1',
      paymentUrl: 'http://127.0.0.1:8787/sandbox/pay/dep_sbx_1',
    })
  })

  it('offers the spec’s fallback coins, upper-cased and marked as sandbox', async () => {
    const methods = await sandboxWith().listMethods()
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
    expect(methods.find((method) => method.currency === 'USDT')?.network).toBe('TRC20')
    for (const method of methods) expect(method.name).toMatch(/\(sandbox\)$/)
  })

  it('turns the Pay button’s webhook into a final paid report for the amount', () => {
    const sandbox = sandboxWith()
    const webhook = sandbox.buildWebhook({ orderId: 'dep_sbx_2', status: 'paid', amountUsd: '25.00' })
    const report = sandbox.verifyWebhook({ rawBody: webhook.rawBody, headers: new Headers(webhook.headers) })
    expect(report).toMatchObject({
      gateway: 'sandbox',
      orderId: 'dep_sbx_2',
      gatewayId: 'dep_sbx_2',
      gatewayStatus: 'paid',
      state: 'paid',
      final: true,
      amountReceivedUsd: '25.00',
    })
    expect(report.txid).toMatch(/^sandbox-[0-9a-f]{32}$/)
  })

  it('turns the Fail button’s webhook into a final failed report that credits nothing', () => {
    const sandbox = sandboxWith()
    const webhook = sandbox.buildWebhook({ orderId: 'dep_sbx_3', status: 'failed', amountUsd: '25.00' })
    const report = sandbox.verifyWebhook({ rawBody: webhook.rawBody, headers: new Headers(webhook.headers) })
    expect(report).toMatchObject({ state: 'failed', final: true, amountReceivedUsd: undefined })
  })

  it.each([
    [
      'bad_signature',
      'a tampered amount',
      () => {
        const { rawBody, headers } = signed('{"order_id":"o","status":"paid","amount":"5.00","txid":"t"}')
        return { rawBody: rawBody.replace('5.00', '5000.00'), headers }
      },
    ],
    [
      'bad_signature',
      'a signature under another secret',
      () => {
        const rawBody = '{"order_id":"o","status":"paid","amount":"5.00","txid":"t"}'
        return {
          rawBody,
          headers: new Headers({
            'x-sandbox-signature': createHmac('sha256', 'guess').update(rawBody).digest('hex'),
          }),
        }
      },
    ],
    [
      'missing_signature',
      'no signature header',
      () => ({ rawBody: '{"order_id":"o"}', headers: new Headers() }),
    ],
    ['malformed', 'a signed body that is not JSON', () => signed('{"order_id":')],
    [
      'invalid_payload',
      'a signed body with an unknown status',
      () => signed('{"order_id":"o","status":"won","amount":"5.00","txid":"t"}'),
    ],
    [
      'invalid_payload',
      'a signed body with a negative amount',
      () => signed('{"order_id":"o","status":"paid","amount":"-5.00","txid":"t"}'),
    ],
  ])('rejects (%s) %s', (reason, _title, input) => {
    const attempt = () => sandboxWith().verifyWebhook(input())
    expect(attempt).toThrow(WebhookRejectedError)
    expect(attempt).toThrow(expect.objectContaining({ reason }))
  })

  it('answers a status request from the server’s record of the checkout', async () => {
    const sandbox = sandboxWith([
      { orderId: 'dep_sbx_4', status: 'paid', amountUsd: '40.50', txid: 'sandbox-tx' },
    ])
    expect(await sandbox.fetchStatus({ orderId: 'dep_sbx_4' })).toMatchObject({
      state: 'paid',
      final: true,
      amountReceivedUsd: '40.50',
      txid: 'sandbox-tx',
    })
    expect(await sandbox.fetchStatus({ orderId: 'dep_sbx_unanswered' })).toMatchObject({
      gatewayStatus: 'waiting',
      state: 'pending',
      final: false,
    })
  })
})

describe('sandbox checkout page', () => {
  const page = renderSandboxCheckoutPage({
    orderId: 'dep_<script>alert(1)</script>',
    amountUsd: '10000.5',
    payAction: '/sandbox/pay/dep_1/pay?x=1&y=2',
    failAction: '/sandbox/pay/dep_1/fail',
  })

  it('is a complete English document with a title and a heading', () => {
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/)
    expect(page).toContain('<title>Sandbox checkout: $10,000.50</title>')
    expect(page).toContain('<h1 id="checkout-title">Sandbox checkout</h1>')
    expect(page).toContain('<dd>$10,000.50 USD</dd>')
  })

  it('has real Pay and Fail buttons that post forms to the given actions', () => {
    const forms = [
      ...page.matchAll(/<form method="post" action="([^"]*)">\s*<button type="submit"[^>]*>(\w+)<\/button>/g),
    ]
    expect(forms.map((form) => [form[1], form[2]])).toEqual([
      ['/sandbox/pay/dep_1/pay?x=1&amp;y=2', 'Pay'],
      ['/sandbox/pay/dep_1/fail', 'Fail'],
    ])
  })

  it('escapes the order id so that it cannot inject markup', () => {
    expect(page).not.toContain('<script>')
    expect(page).toContain('dep_&lt;script&gt;alert(1)&lt;/script&gt;')
  })
})
