// Cryptomus merchant API (https://doc.cryptomus.com), and Heleket, which serves the same API from its own host.
// Requests: POST JSON to {base}/v1/..., headers `merchant` (merchant uuid) and
// `sign` = md5(base64(body) + payment API key), computed over the exact body string sent.
// Webhooks carry `sign` inside the JSON body; see verifyWebhook for how it is checked.

import { createHash } from 'node:crypto'
import { z } from 'zod'
import { formatMicroUsd, largerOf, parseMicroUsd, proportionalMicroUsd } from './amounts'
import { PaymentGatewayError, WebhookRejectedError } from './errors'
import { requestGateway } from './http'
import { currencyDisplayName } from './method-names'
import { encodePhpJson, parsePhpJson, type PhpJsonValue } from './php-json'
import { signaturesMatch } from './signatures'
import type { PaymentGateway, PaymentReport, PaymentState } from './types'

export interface CryptomusConfig {
  merchantId: string
  apiKey: string
  /** e.g. https://api.cryptomus.com, without a trailing slash. */
  baseUrl: string
}

export type CryptomusGatewayName = 'cryptomus' | 'heleket'

/** md5(base64(body) + API key), hex: the `sign` header of a request, and the `sign` field of a webhook. */
export function signCryptomusBody(body: string, apiKey: string): string {
  return createHash('md5')
    .update(Buffer.from(body, 'utf8').toString('base64') + apiKey)
    .digest('hex')
}

// From the "Payment statuses" page. `cancel` means the customer never paid before the invoice ran out, which
// is what we call expired; refunds count as failed because a refunded deposit must not stay credited.
const statusMeanings = new Map<string, { state: PaymentState; final: boolean }>([
  ['paid', { state: 'paid', final: true }],
  ['paid_over', { state: 'paid', final: true }],
  ['wrong_amount', { state: 'partially_paid', final: true }],
  ['wrong_amount_waiting', { state: 'partially_paid', final: false }],
  ['process', { state: 'pending', final: false }],
  ['check', { state: 'pending', final: false }],
  ['confirm_check', { state: 'pending', final: false }],
  ['locked', { state: 'pending', final: false }],
  ['fail', { state: 'failed', final: true }],
  ['system_fail', { state: 'failed', final: true }],
  ['refund_process', { state: 'failed', final: true }],
  ['refund_fail', { state: 'failed', final: true }],
  ['refund_paid', { state: 'failed', final: true }],
  ['cancel', { state: 'expired', final: true }],
])

export function cryptomusStatusMeaning(status: string): { state: PaymentState; final: boolean } {
  // A status word added by the gateway after this was written credits nothing until it is understood.
  return statusMeanings.get(status) ?? { state: 'pending', final: false }
}

const amountField = z.union([z.string(), z.number()]).nullish()

// The fields we read from a webhook (`status`) or from /v1/payment/info (`payment_status`).
const paymentRecordSchema = z.object({
  uuid: z.string().min(1),
  order_id: z.string().min(1),
  amount: amountField,
  currency: z.string().nullish(),
  payment_amount: amountField,
  payer_amount: amountField,
  payment_amount_usd: amountField,
  payer_currency: z.string().nullish(),
  network: z.string().nullish(),
  txid: z.string().nullish(),
  status: z.string().nullish(),
  payment_status: z.string().nullish(),
})
type PaymentRecord = z.infer<typeof paymentRecordSchema>

const envelopeSchema = z.object({
  state: z.number(),
  result: z.unknown().optional(),
  message: z.string().optional(),
})

const servicesSchema = z.array(
  z.object({ network: z.string(), currency: z.string(), is_available: z.boolean() }),
)

const createdInvoiceSchema = z.object({ uuid: z.string().min(1), url: z.string().min(1) })

function withoutSign(details: Record<string, unknown>): Record<string, unknown> {
  const { sign: _sign, ...rest } = details
  return rest
}

/**
 * The USD to credit. We invoice in USD, so `amount` is the invoiced USD. For `paid` the gateway says the
 * invoice was paid in full: credit the invoice (payment_amount_usd can be a few cents off through rate
 * rounding). For `paid_over`, credit what arrived, never less than the invoice. For a partial payment, credit
 * what arrived, never more than the invoice. "What arrived" is `payment_amount_usd`, documented as "amount
 * actually paid by client in USD" (not `merchant_amount`, which has the gateway's commission taken off and
 * would charge the fee to the customer); /v1/payment/info does not send it, so there it is derived from the
 * crypto amounts: invoice × payment_amount ÷ payer_amount.
 */
function receivedMicroUsd(record: PaymentRecord, status: string, state: PaymentState): bigint | undefined {
  const invoiced = record.currency?.toUpperCase() === 'USD' ? parseMicroUsd(record.amount) : undefined
  const arrived =
    parseMicroUsd(record.payment_amount_usd) ??
    (invoiced === undefined
      ? undefined
      : proportionalMicroUsd(invoiced, record.payment_amount, record.payer_amount))
  if (state === 'paid') {
    if (invoiced === undefined) return arrived
    return status === 'paid_over' ? largerOf(invoiced, arrived) : invoiced
  }
  if (state === 'partially_paid') {
    if (arrived === undefined || invoiced === undefined) return arrived
    return arrived < invoiced ? arrived : invoiced
  }
  return undefined
}

/** Turns a webhook body or a /v1/payment/info result into a report; returns a problem text when unusable. */
function reportFromRecord(
  gateway: CryptomusGatewayName,
  details: Record<string, unknown>,
): PaymentReport | { problem: string } {
  const parsed = paymentRecordSchema.safeParse(details)
  if (!parsed.success) {
    return { problem: `unexpected payment fields: ${parsed.error.issues[0]?.message ?? ''}` }
  }
  const record = parsed.data
  const status = record.status ?? record.payment_status
  if (!status) return { problem: 'the payment has no status' }
  const { state, final } = cryptomusStatusMeaning(status)
  const received = receivedMicroUsd(record, status, state)
  if (final && (state === 'paid' || state === 'partially_paid') && received === undefined) {
    return { problem: `a ${status} payment without a usable amount` }
  }
  return {
    gateway,
    orderId: record.order_id,
    gatewayId: record.uuid,
    gatewayStatus: status,
    state,
    final,
    amountReceivedUsd: received === undefined ? undefined : formatMicroUsd(received),
    currency: record.payer_currency?.toUpperCase() || undefined,
    network: record.network?.toUpperCase() || undefined,
    txid: record.txid || undefined,
    details,
  }
}

export function createCryptomusGateway(
  name: CryptomusGatewayName,
  config: CryptomusConfig,
  options: { timeoutMs: number },
): PaymentGateway {
  async function post(path: string, payload: Record<string, unknown>): Promise<unknown> {
    const body = JSON.stringify(payload)
    const { json } = await requestGateway({
      gateway: name,
      method: 'POST',
      url: `${config.baseUrl}${path}`,
      headers: {
        'content-type': 'application/json',
        merchant: config.merchantId,
        sign: signCryptomusBody(body, config.apiKey),
      },
      body,
      timeoutMs: options.timeoutMs,
    })
    const envelope = envelopeSchema.safeParse(json)
    if (!envelope.success) throw new PaymentGatewayError(name, `${name} answered ${path} in an unknown shape`)
    if (envelope.data.state !== 0) {
      throw new PaymentGatewayError(
        name,
        `${name} refused ${path}: ${envelope.data.message ?? 'no reason given'}`,
      )
    }
    return envelope.data.result
  }

  return {
    name,

    async listMethods() {
      const services = servicesSchema.safeParse(await post('/v1/payment/services', {}))
      if (!services.success) {
        throw new PaymentGatewayError(name, `${name} listed its services in an unknown shape`)
      }
      return services.data
        .filter((service) => service.is_available)
        .map((service) => ({
          currency: service.currency.toUpperCase(),
          network: service.network.toUpperCase(),
          name: currencyDisplayName(service.currency),
        }))
    },

    async createInvoice(input) {
      const result = await post('/v1/payment', {
        amount: input.amountUsd,
        currency: 'USD',
        order_id: input.orderId,
        url_return: input.returnUrl,
        url_success: input.successUrl,
        url_callback: input.callbackUrl,
        ...(input.description === undefined ? {} : { additional_data: input.description }),
      })
      const invoice = createdInvoiceSchema.safeParse(result)
      if (!invoice.success) {
        throw new PaymentGatewayError(name, `${name} created an invoice without uuid or url`)
      }
      return { gatewayId: invoice.data.uuid, paymentUrl: invoice.data.url, raw: result }
    },

    /**
     * The documented check (PHP): $data = json_decode($body, true); unset($data['sign']);
     * md5(base64_encode(json_encode($data, JSON_UNESCAPED_UNICODE)) . $apiKey) must equal the sign.
     * The body is re-encoded as PHP would (slashes escaped as \/), see php-json.ts. The request-signing page
     * shows plain json_encode($data), which escapes unicode as \uxxxx instead; both spellings of the same data
     * are accepted, since either one needs the API key to produce.
     */
    verifyWebhook({ rawBody }) {
      let parsed: PhpJsonValue
      try {
        parsed = parsePhpJson(rawBody)
      } catch (error) {
        throw new WebhookRejectedError(
          name,
          'malformed',
          `the webhook body is not JSON: ${(error as Error).message}`,
        )
      }
      if (!(parsed instanceof Map)) {
        throw new WebhookRejectedError(name, 'malformed', 'the webhook body is not an object')
      }
      const sign = parsed.get('sign')
      if (typeof sign !== 'string' || sign === '') {
        throw new WebhookRejectedError(name, 'missing_signature', 'the webhook body has no sign')
      }
      parsed.delete('sign')

      let expectedSigns: string[]
      try {
        expectedSigns = [false, true].map((escapeUnicode) =>
          signCryptomusBody(encodePhpJson(parsed, { escapeUnicode }), config.apiKey),
        )
      } catch (error) {
        throw new WebhookRejectedError(
          name,
          'malformed',
          `the webhook body cannot be re-encoded: ${(error as Error).message}`,
        )
      }
      const matches = expectedSigns.map((expected) => signaturesMatch(expected, sign.toLowerCase()))
      if (!matches.includes(true)) {
        throw new WebhookRejectedError(name, 'bad_signature', 'the webhook sign does not match')
      }

      const details = withoutSign(JSON.parse(rawBody) as Record<string, unknown>)
      if (details.type !== undefined && details.type !== 'payment') {
        throw new WebhookRejectedError(
          name,
          'invalid_payload',
          `a ${String(details.type)} webhook is not for an invoice`,
        )
      }
      const report = reportFromRecord(name, details)
      if ('problem' in report) throw new WebhookRejectedError(name, 'invalid_payload', report.problem)
      return report
    },

    async fetchStatus(reference) {
      const result = await post(
        '/v1/payment/info',
        reference.gatewayId ? { uuid: reference.gatewayId } : { order_id: reference.orderId },
      )
      if (result === null || typeof result !== 'object') {
        throw new PaymentGatewayError(name, `${name} answered /v1/payment/info without a result`)
      }
      const report = reportFromRecord(name, result as Record<string, unknown>)
      if ('problem' in report) throw new PaymentGatewayError(name, `${name} payment info: ${report.problem}`)
      return report
    },
  }
}
