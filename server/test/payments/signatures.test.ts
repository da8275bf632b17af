// Signature test vectors. Every expected string here is written out by hand from the gateways' documented
// algorithms, and every expected digest is computed in this file with node:crypto, so the code under test is
// never its own oracle.

import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createCryptomusGateway, signCryptomusBody } from '../../src/adapters/payments/cryptomus'
import { createNowPaymentsGateway, sortKeysRecursively } from '../../src/adapters/payments/nowpayments'
import { encodePhpJson, parsePhpJson } from '../../src/adapters/payments/php-json'
import { createSandboxGateway } from '../../src/adapters/payments/sandbox'
import { WebhookRejectedError } from '../../src/adapters/payments'

const apiKey = 'vector-api-key-Qm9vbGVhbg'
const unreachable = { timeoutMs: 1000 }

function md5Hex(text: string): string {
  return createHash('md5').update(text).digest('hex')
}

describe('PHP json_encode, as Cryptomus and Heleket sign webhooks', () => {
  it.each([
    [
      'escapes forward slashes as \\/',
      '{"url":"https://x.test/a/b"}',
      String.raw`{"url":"https:\/\/x.test\/a\/b"}`,
    ],
    [
      're-escapes slashes that arrived escaped',
      String.raw`{"url":"https:\/\/x.test"}`,
      String.raw`{"url":"https:\/\/x.test"}`,
    ],
    ['drops insignificant whitespace', '{ "a" : [ 1 , 2 ] ,\n "b" : null }', '{"a":[1,2],"b":null}'],
    ['keeps key order, integer-like keys included', '{"b":1,"10":2,"a":3}', '{"b":1,"10":2,"a":3}'],
    ['writes an empty object back as a PHP empty array', '{"convert":{}}', '{"convert":[]}'],
    [
      'writes a 0..n-1 keyed object back as a list',
      '{"g":{"0":"x","1":"y"},"h":{"1":"x"}}',
      '{"g":["x","y"],"h":{"1":"x"}}',
    ],
    [
      'prints floats with serialize_precision -1 and no forced .0',
      '{"a":1.0,"b":0.00001,"c":1e2,"d":0.0001,"e":25.50,"f":0.1}',
      '{"a":1,"b":1.0e-5,"c":100,"d":0.0001,"e":25.5,"f":0.1}',
    ],
    [
      'keeps int64 integers and turns bigger ones into floats',
      '{"a":-0,"b":9223372036854775807,"c":12345678901234567890}',
      '{"a":0,"b":9223372036854775807,"c":1.2345678901234567e+19}',
    ],
    [
      'escapes quotes, backslashes and control characters',
      String.raw`{"t":"a\"b\\c\n\u0001\t"}`,
      String.raw`{"t":"a\"b\\c\n\u0001\t"}`,
    ],
  ])('%s', (_title, input, expected) => {
    expect(encodePhpJson(parsePhpJson(input), { escapeUnicode: false })).toBe(expected)
  })

  it('leaves unicode as is with JSON_UNESCAPED_UNICODE, except U+2028 and U+2029', () => {
    const input = '{"note":"Оплата ✓ 😀 \u2028"}'
    expect(encodePhpJson(parsePhpJson(input), { escapeUnicode: false })).toBe(
      '{"note":"Оплата ✓ 😀 \\u2028"}',
    )
  })

  it('escapes unicode as lower-case \\uXXXX, astral characters as surrogate pairs, without the flag', () => {
    const input = '{"note":"Оплата ✓ 😀","url":"https://x.test/a/b"}'
    expect(encodePhpJson(parsePhpJson(input), { escapeUnicode: true })).toBe(
      String.raw`{"note":"\u041e\u043f\u043b\u0430\u0442\u0430 \u2713 \ud83d\ude00","url":"https:\/\/x.test\/a\/b"}`,
    )
  })

  it.each([
    ['a lone surrogate escape', String.raw`{"a":"\ud83d"}`],
    ['a trailing comma', '{"a":1,}'],
    ['single quotes', "{'a':1}"],
    ['data after the value', '{"a":1} {"b":2}'],
    ['a leading zero', '{"a":012}'],
  ])('refuses %s, as json_decode does', (_title, input) => {
    expect(() => parsePhpJson(input)).toThrow()
  })
})

describe('Cryptomus and Heleket signatures', () => {
  it('signs a request as md5(base64(exact body) + API key)', () => {
    const body = '{"amount":"25.00","currency":"USD","order_id":"dep_1"}'
    expect(signCryptomusBody(body, apiKey)).toBe(md5Hex(Buffer.from(body).toString('base64') + apiKey))
  })

  // The webhook as the gateway's PHP sends it: json_encode of the data with the sign appended.
  const encodedWithoutSign = String.raw`{"type":"payment","uuid":"6b0b1c1e-4b8f-4d0c-9a4e-0f6f3c1d2e7a","order_id":"dep_vector_1","amount":"25.00000000","payment_amount":"25.10000000","payment_amount_usd":"25.09","merchant_amount":"24.60000000","commission":"0.50000000","is_final":true,"status":"paid","from":null,"wallet_address_uuid":null,"network":"tron","currency":"USD","payer_currency":"USDT","additional_data":"Dépôt Zoë – https:\/\/x.test\/a\/b","txid":"0f3a"}`
  const sign = md5Hex(Buffer.from(encodedWithoutSign).toString('base64') + apiKey)
  const rawBody = `${encodedWithoutSign.slice(0, -1)},"sign":"${sign}"}`
  const gateway = createCryptomusGateway(
    'cryptomus',
    { merchantId: 'm', apiKey, baseUrl: 'http://127.0.0.1:9' },
    unreachable,
  )

  it('accepts a webhook whose sign covers the PHP encoding with slashes escaped and unicode as is', () => {
    const report = gateway.verifyWebhook({ rawBody, headers: new Headers() })
    expect(report).toMatchObject({
      gateway: 'cryptomus',
      orderId: 'dep_vector_1',
      gatewayId: '6b0b1c1e-4b8f-4d0c-9a4e-0f6f3c1d2e7a',
      gatewayStatus: 'paid',
      state: 'paid',
      final: true,
      amountReceivedUsd: '25.00',
      currency: 'USDT',
      network: 'TRON',
      txid: '0f3a',
    })
    expect(report.details).not.toHaveProperty('sign')
    expect(report.details.additional_data).toBe('Dépôt Zoë – https://x.test/a/b')
  })

  it('accepts the same data signed with unicode escaped as \\uXXXX', () => {
    const escaped = encodedWithoutSign.replace('Dépôt Zoë – ', String.raw`D\u00e9p\u00f4t Zo\u00eb \u2013 `)
    const escapedSign = md5Hex(Buffer.from(escaped).toString('base64') + apiKey)
    const body = `${escaped.slice(0, -1)},"sign":"${escapedSign}"}`
    expect(gateway.verifyWebhook({ rawBody: body, headers: new Headers() }).state).toBe('paid')
  })

  it('rejects a sign computed over JSON.stringify output, whose slashes are not escaped', () => {
    const naive = JSON.stringify(JSON.parse(encodedWithoutSign))
    const naiveSign = md5Hex(Buffer.from(naive).toString('base64') + apiKey)
    const body = `${encodedWithoutSign.slice(0, -1)},"sign":"${naiveSign}"}`
    expect(() => gateway.verifyWebhook({ rawBody: body, headers: new Headers() })).toThrow(
      WebhookRejectedError,
    )
  })

  it.each([
    [
      'bad_signature',
      'a tampered amount',
      rawBody.replace('"payment_amount_usd":"25.09"', '"payment_amount_usd":"95.09"'),
    ],
    ['bad_signature', 'a tampered status', rawBody.replace('"status":"paid"', '"status":"paid_over"')],
    [
      'bad_signature',
      'a sign made with another key',
      rawBody.replace(sign, md5Hex(Buffer.from(encodedWithoutSign).toString('base64') + 'other-key')),
    ],
    ['missing_signature', 'no sign', encodedWithoutSign],
    ['missing_signature', 'an empty sign', `${encodedWithoutSign.slice(0, -1)},"sign":""}`],
    ['malformed', 'a body that is not JSON', rawBody.slice(0, -2)],
    ['malformed', 'a body that is a list', `[${rawBody}]`],
  ])('rejects (%s) %s', (reason, _title, body) => {
    const attempt = () => gateway.verifyWebhook({ rawBody: body, headers: new Headers() })
    expect(attempt).toThrow(WebhookRejectedError)
    expect(attempt).toThrow(expect.objectContaining({ reason }))
  })
})

describe('NOWPayments IPN signature', () => {
  const ipnSecret = 'vector-ipn-secret-TW9uZXk'
  // Keys as NOWPayments sends them (unsorted, nested fee object unsorted too).
  const rawBody =
    '{"payment_status":"finished","payment_id":5077125051,"fee":{"serviceFee":0,"currency":"usdttrc20","withdrawalFee":0.1,"depositFee":0},"order_id":"dep_np_1","invoice_id":4522625843,"price_amount":25,"price_currency":"usd","pay_amount":25.1,"actually_paid":25.1,"actually_paid_at_fiat":25.08,"pay_currency":"usdttrc20","note":"https://x.test/a","list":[{"b":1,"a":2}]}'
  const sortedByHand =
    '{"actually_paid":25.1,"actually_paid_at_fiat":25.08,"fee":{"currency":"usdttrc20","depositFee":0,"serviceFee":0,"withdrawalFee":0.1},"invoice_id":4522625843,"list":[{"a":2,"b":1}],"note":"https://x.test/a","order_id":"dep_np_1","pay_amount":25.1,"pay_currency":"usdttrc20","payment_id":5077125051,"payment_status":"finished","price_amount":25,"price_currency":"usd"}'
  const signature = createHmac('sha512', ipnSecret).update(sortedByHand).digest('hex')
  const gateway = createNowPaymentsGateway(
    { apiKey: 'k', ipnSecret, baseUrl: 'http://127.0.0.1:9' },
    unreachable,
  )

  it('sorts keys at every depth before signing, leaving arrays in order', () => {
    expect(JSON.stringify(sortKeysRecursively(JSON.parse(rawBody)))).toBe(sortedByHand)
  })

  it('accepts an IPN whose x-nowpayments-sig is the HMAC-SHA512 of the sorted body', () => {
    const report = gateway.verifyWebhook({
      rawBody,
      headers: new Headers({ 'x-nowpayments-sig': signature }),
    })
    expect(report).toMatchObject({
      gateway: 'nowpayments',
      orderId: 'dep_np_1',
      gatewayId: '4522625843',
      gatewayPaymentId: '5077125051',
      state: 'paid',
      final: true,
      amountReceivedUsd: '25.08',
      currency: 'USDTTRC20',
    })
  })

  it('accepts the signature written in upper case hex', () => {
    const headers = new Headers({ 'x-nowpayments-sig': signature.toUpperCase() })
    expect(gateway.verifyWebhook({ rawBody, headers }).state).toBe('paid')
  })

  it.each([
    [
      'bad_signature',
      'a tampered amount',
      rawBody.replace('"actually_paid_at_fiat":25.08', '"actually_paid_at_fiat":95.08'),
      signature,
    ],
    [
      'bad_signature',
      'a tampered nested fee',
      rawBody.replace('"withdrawalFee":0.1', '"withdrawalFee":0'),
      signature,
    ],
    [
      'bad_signature',
      'a signature made with another secret',
      rawBody,
      createHmac('sha512', 'other').update(sortedByHand).digest('hex'),
    ],
    [
      'bad_signature',
      'a signature over the unsorted body',
      rawBody,
      createHmac('sha512', ipnSecret).update(rawBody).digest('hex'),
    ],
    ['missing_signature', 'no signature header', rawBody, ''],
    ['malformed', 'a body that is not JSON', rawBody.slice(1), signature],
  ])('rejects (%s) %s', (reason, _title, body, header) => {
    const headers = new Headers(header === '' ? {} : { 'x-nowpayments-sig': header })
    const attempt = () => gateway.verifyWebhook({ rawBody: body, headers })
    expect(attempt).toThrow(WebhookRejectedError)
    expect(attempt).toThrow(expect.objectContaining({ reason }))
  })
})

describe('sandbox webhook signature', () => {
  const secret = 'sandbox-secret-at-least-16'
  const gateway = createSandboxGateway({
    publicUrl: 'http://127.0.0.1:8787',
    secret,
    lookupOutcome: async () => undefined,
  })

  it('signs the body with HMAC-SHA256 under the sandbox secret in x-sandbox-signature', () => {
    const { rawBody, headers } = gateway.buildWebhook({
      orderId: 'dep_s_1',
      status: 'paid',
      amountUsd: '25.00',
      txid: 'tx1',
    })
    expect(JSON.parse(rawBody)).toEqual({ order_id: 'dep_s_1', status: 'paid', amount: '25.00', txid: 'tx1' })
    expect(headers['x-sandbox-signature']).toBe(createHmac('sha256', secret).update(rawBody).digest('hex'))
  })

  it('accepts a body signed by hand with the same HMAC', () => {
    const rawBody = '{"order_id":"dep_s_2","status":"failed","amount":"10.00","txid":"tx2"}'
    const headers = new Headers({
      'x-sandbox-signature': createHmac('sha256', secret).update(rawBody).digest('hex'),
    })
    expect(gateway.verifyWebhook({ rawBody, headers })).toMatchObject({
      orderId: 'dep_s_2',
      state: 'failed',
      final: true,
    })
  })
})
