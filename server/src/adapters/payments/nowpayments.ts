// NOWPayments API (https://documenter.getpostman.com/view/7907941/2s93JusNJt). Requests carry `x-api-key`.
// Instant payment notifications (IPN) carry `x-nowpayments-sig`: HMAC-SHA512, hex, under the IPN secret, of
// the body re-serialised with its keys sorted recursively.

import { createHmac } from 'node:crypto'
import { z } from 'zod'
import { formatMicroUsd, largerOf, parseMicroUsd, proportionalMicroUsd } from './amounts'
import { PaymentGatewayError, WebhookRejectedError } from './errors'
import { requestGateway } from './http'
import { signaturesMatch } from './signatures'
import type { PaymentGateway, PaymentReport, PaymentState } from './types'

export interface NowPaymentsConfig {
  apiKey: string
  ipnSecret: string
  /** e.g. https://api.nowpayments.io, without a trailing slash. */
  baseUrl: string
  /**
   * The dashboard login. Optional: listing the payments of an invoice needs a JWT from /v1/auth, so without
   * it a payment whose IPN never arrived cannot be found by its invoice.
   */
  account?: { email: string; password: string }
}

/**
 * The documented sortObject: every object's keys sorted, at every depth. Arrays keep their order (their
 * objects are sorted inside). Null-prototype objects so that a key named __proto__ stays an ordinary key.
 */
export function sortKeysRecursively(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysRecursively)
  if (value === null || typeof value !== 'object') return value
  const sorted: Record<string, unknown> = Object.create(null)
  for (const key of Object.keys(value).sort()) {
    sorted[key] = sortKeysRecursively((value as Record<string, unknown>)[key])
  }
  return sorted
}

/** The x-nowpayments-sig of an IPN payload. */
export function signNowPaymentsPayload(payload: unknown, ipnSecret: string): string {
  return createHmac('sha512', ipnSecret)
    .update(JSON.stringify(sortKeysRecursively(payload)))
    .digest('hex')
}

// confirmed (enough confirmations) and sending (on its way to the merchant's wallet) are not yet finished.
// partially_paid is final: that payment will not receive more, and the customer gets a new one to top up.
const statusMeanings = new Map<string, { state: PaymentState; final: boolean }>([
  ['waiting', { state: 'pending', final: false }],
  ['confirming', { state: 'pending', final: false }],
  ['confirmed', { state: 'pending', final: false }],
  ['sending', { state: 'pending', final: false }],
  ['partially_paid', { state: 'partially_paid', final: true }],
  ['finished', { state: 'paid', final: true }],
  ['failed', { state: 'failed', final: true }],
  ['refunded', { state: 'failed', final: true }],
  ['expired', { state: 'expired', final: true }],
])

export function nowPaymentsStatusMeaning(status: string): { state: PaymentState; final: boolean } {
  return statusMeanings.get(status) ?? { state: 'pending', final: false }
}

const amountField = z.union([z.string(), z.number()]).nullish()
const idField = z.union([z.string().min(1), z.number()])

const paymentRecordSchema = z.object({
  payment_id: idField,
  invoice_id: idField.nullish(),
  payment_status: z.string().min(1),
  order_id: z.string().min(1),
  price_amount: amountField,
  price_currency: z.string().nullish(),
  pay_amount: amountField,
  actually_paid: amountField,
  actually_paid_at_fiat: amountField,
  pay_currency: z.string().nullish(),
  network: z.string().nullish(),
  payin_hash: z.string().nullish(),
})
type PaymentRecord = z.infer<typeof paymentRecordSchema>

const fullCurrenciesSchema = z.object({
  currencies: z.array(
    z.object({ code: z.string(), name: z.string(), enable: z.boolean(), network: z.string().nullish() }),
  ),
})
const merchantCoinsSchema = z.object({ selectedCurrencies: z.array(z.string()) })
const createdInvoiceSchema = z.object({ id: idField, invoice_url: z.string().min(1) })
const paymentListSchema = z.object({ data: z.array(z.record(z.string(), z.unknown())) })
const authSchema = z.object({ token: z.string().min(1) })

/**
 * The USD to credit. We invoice in USD, so `price_amount` is the invoiced USD. "What arrived" is
 * `actually_paid_at_fiat` when the gateway fills it in, otherwise invoice × actually_paid ÷ pay_amount (both
 * in the pay currency). finished credits the invoice, or what arrived when that is more (NOWPayments has no
 * separate overpaid status); partially_paid credits what arrived, never more than the invoice. The
 * `outcome_amount` is not used: it is in the merchant's payout coin, after fees.
 */
function receivedMicroUsd(record: PaymentRecord, state: PaymentState): bigint | undefined {
  const invoiced =
    record.price_currency?.toLowerCase() === 'usd' ? parseMicroUsd(record.price_amount) : undefined
  const fiat = parseMicroUsd(record.actually_paid_at_fiat)
  const arrived =
    fiat !== undefined && fiat > 0n
      ? fiat
      : invoiced === undefined
        ? undefined
        : proportionalMicroUsd(invoiced, record.actually_paid, record.pay_amount)
  if (state === 'paid') return invoiced === undefined ? arrived : largerOf(invoiced, arrived)
  if (state === 'partially_paid') {
    if (arrived === undefined || invoiced === undefined) return arrived
    return arrived < invoiced ? arrived : invoiced
  }
  return undefined
}

function reportFromRecord(details: Record<string, unknown>): PaymentReport | { problem: string } {
  const parsed = paymentRecordSchema.safeParse(details)
  if (!parsed.success) {
    return { problem: `unexpected payment fields: ${parsed.error.issues[0]?.message ?? ''}` }
  }
  const record = parsed.data
  const { state, final } = nowPaymentsStatusMeaning(record.payment_status)
  const received = receivedMicroUsd(record, state)
  if (final && (state === 'paid' || state === 'partially_paid') && received === undefined) {
    return { problem: `a ${record.payment_status} payment without a usable amount` }
  }
  const paymentId = String(record.payment_id)
  return {
    gateway: 'nowpayments',
    orderId: record.order_id,
    // Invoices are what createInvoice returns; a payment made against one carries its invoice_id.
    gatewayId:
      record.invoice_id === null || record.invoice_id === undefined ? paymentId : String(record.invoice_id),
    gatewayPaymentId: paymentId,
    gatewayStatus: record.payment_status,
    state,
    final,
    amountReceivedUsd: received === undefined ? undefined : formatMicroUsd(received),
    currency: record.pay_currency?.toUpperCase() || undefined,
    network: record.network?.toUpperCase() || undefined,
    txid: record.payin_hash || undefined,
    details,
  }
}

// When an invoice has several payments (the customer retried in another coin), the furthest along wins.
const statusRank = new Map([
  ['finished', 5],
  ['partially_paid', 4],
  ['sending', 3],
  ['confirmed', 3],
  ['confirming', 3],
  ['waiting', 2],
])

export function createNowPaymentsGateway(
  config: NowPaymentsConfig,
  options: { timeoutMs: number },
): PaymentGateway {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    payload?: Record<string, unknown>,
    bearerToken?: string,
  ): Promise<unknown> {
    const { json } = await requestGateway({
      gateway: 'nowpayments',
      method,
      url: `${config.baseUrl}${path}`,
      headers: {
        'x-api-key': config.apiKey,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(bearerToken === undefined ? {} : { authorization: `Bearer ${bearerToken}` }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      timeoutMs: options.timeoutMs,
    })
    return json
  }

  function reportOrThrow(details: Record<string, unknown>): PaymentReport {
    const report = reportFromRecord(details)
    if ('problem' in report) {
      throw new PaymentGatewayError('nowpayments', `nowpayments payment: ${report.problem}`)
    }
    return report
  }

  function unknownYet(reference: { orderId: string; gatewayId?: string }, reason: string): PaymentReport {
    return {
      gateway: 'nowpayments',
      orderId: reference.orderId,
      gatewayId: reference.gatewayId ?? '',
      gatewayStatus: 'unknown',
      state: 'pending',
      final: false,
      details: { reason },
    }
  }

  return {
    name: 'nowpayments',

    async listMethods() {
      const [coinsAnswer, currenciesAnswer] = await Promise.all([
        call('GET', '/v1/merchant/coins'),
        call('GET', '/v1/full-currencies'),
      ])
      const coins = merchantCoinsSchema.safeParse(coinsAnswer)
      const currencies = fullCurrenciesSchema.safeParse(currenciesAnswer)
      if (!coins.success || !currencies.success) {
        throw new PaymentGatewayError('nowpayments', 'nowpayments listed its currencies in an unknown shape')
      }
      // An empty selection in the dashboard means every enabled coin is accepted.
      const selected = new Set(coins.data.selectedCurrencies.map((code) => code.toUpperCase()))
      return currencies.data.currencies
        .filter(
          (currency) => currency.enable && (selected.size === 0 || selected.has(currency.code.toUpperCase())),
        )
        .map((currency) => ({
          currency: currency.code.toUpperCase(),
          network: (currency.network ?? '').toUpperCase(),
          name: currency.name,
        }))
    },

    async createInvoice(input) {
      const answer = await call('POST', '/v1/invoice', {
        price_amount: Number(input.amountUsd),
        price_currency: 'usd',
        order_id: input.orderId,
        ...(input.description === undefined ? {} : { order_description: input.description }),
        ipn_callback_url: input.callbackUrl,
        success_url: input.successUrl,
        cancel_url: input.failUrl,
      })
      const invoice = createdInvoiceSchema.safeParse(answer)
      if (!invoice.success) {
        throw new PaymentGatewayError(
          'nowpayments',
          'nowpayments created an invoice without id or invoice_url',
        )
      }
      return { gatewayId: String(invoice.data.id), paymentUrl: invoice.data.invoice_url, raw: answer }
    },

    verifyWebhook({ rawBody, headers }) {
      const signature = headers.get('x-nowpayments-sig')?.trim()
      if (!signature) {
        throw new WebhookRejectedError(
          'nowpayments',
          'missing_signature',
          'the IPN has no x-nowpayments-sig header',
        )
      }
      let payload: unknown
      try {
        payload = JSON.parse(rawBody)
      } catch (error) {
        throw new WebhookRejectedError(
          'nowpayments',
          'malformed',
          `the IPN body is not JSON: ${(error as Error).message}`,
        )
      }
      if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
        throw new WebhookRejectedError('nowpayments', 'malformed', 'the IPN body is not an object')
      }
      const expected = signNowPaymentsPayload(payload, config.ipnSecret)
      if (!signaturesMatch(expected, signature.toLowerCase())) {
        throw new WebhookRejectedError('nowpayments', 'bad_signature', 'the IPN signature does not match')
      }
      const report = reportFromRecord(payload as Record<string, unknown>)
      if ('problem' in report) {
        throw new WebhookRejectedError('nowpayments', 'invalid_payload', report.problem)
      }
      return report
    },

    async fetchStatus(reference) {
      if (reference.gatewayPaymentId) {
        const answer = await call('GET', `/v1/payment/${encodeURIComponent(reference.gatewayPaymentId)}`)
        if (answer === null || typeof answer !== 'object') {
          throw new PaymentGatewayError(
            'nowpayments',
            'nowpayments answered a payment status without a payment',
          )
        }
        return reportOrThrow(answer as Record<string, unknown>)
      }
      if (!reference.gatewayId) return unknownYet(reference, 'no invoice id to look the payment up by')
      if (!config.account) {
        return unknownYet(
          reference,
          'no IPN has named a payment yet, and listing an invoice’s payments needs NOWPAYMENTS_EMAIL and NOWPAYMENTS_PASSWORD',
        )
      }

      const auth = authSchema.safeParse(await call('POST', '/v1/auth', { ...config.account }))
      if (!auth.success) throw new PaymentGatewayError('nowpayments', 'nowpayments /v1/auth gave no token')
      const query = new URLSearchParams({ invoiceId: reference.gatewayId, limit: '100', page: '0' })
      const list = paymentListSchema.safeParse(
        await call('GET', `/v1/payment/?${query}`, undefined, auth.data.token),
      )
      if (!list.success) {
        throw new PaymentGatewayError('nowpayments', 'nowpayments listed payments in an unknown shape')
      }

      const reports = list.data.data.map(reportOrThrow)
      const best = reports.reduce<PaymentReport | undefined>((leader, report) => {
        if (!leader) return report
        const rank = (candidate: PaymentReport) => statusRank.get(candidate.gatewayStatus) ?? 1
        return rank(report) > rank(leader) ? report : leader
      }, undefined)
      return best ?? unknownYet(reference, 'the invoice has no payment yet')
    },
  }
}
