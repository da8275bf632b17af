// A local NOWPayments API: checks `x-api-key` on every request (and the JWT where the real API wants one),
// keeps invoices and the payments customers make against them, and sends IPNs signed with HMAC-SHA512 over the
// body with its keys sorted at every depth. The sorting here is its own code, independent of the adapter's.

import { createHmac, randomBytes } from 'node:crypto'
import { startFakeHttpServer, type FakeReply, type FakeRequest, type Misbehaviour } from './http'

export interface FullCurrency {
  code: string
  name: string
  enable: boolean
  network: string
}

export interface NowPaymentsFakeInvoice {
  id: string
  order_id: string
  order_description: string | null
  price_amount: string
  price_currency: string
  ipn_callback_url: string
  invoice_url: string
  success_url: string | null
  cancel_url: string | null
}

export type NowPaymentsFakePayment = Record<string, unknown> & { payment_id: number; invoice_id: number }

export interface NowPaymentsFake {
  baseUrl: string
  requests: FakeRequest[]
  invoices: Map<string, NowPaymentsFakeInvoice>
  payments: Map<number, NowPaymentsFakePayment>
  misbehave(kind: Misbehaviour, count?: number): void
  /** The customer picks a coin on the invoice page: a payment is created in `waiting`. Returns its id. */
  startPayment(invoiceId: string, payCurrency: string, payAmount: number): number
  updatePayment(paymentId: number, changes: Record<string, unknown>): void
  /** The IPN body (as NOWPayments sends it, keys in its own order) and its x-nowpayments-sig. */
  ipnFor(paymentId: number): { rawBody: string; signature: string }
  /** POSTs the IPN to the invoice's ipn_callback_url; resolves with the receiver's HTTP status. */
  sendIpn(paymentId: number): Promise<number>
  close(): Promise<void>
}

/** JSON with every object's keys in sorted order, arrays left in place. */
export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([first], [second]) =>
      first < second ? -1 : first > second ? 1 : 0,
    )
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${sortedJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

export function hmacSha512Hex(text: string, secret: string): string {
  return createHmac('sha512', secret).update(text).digest('hex')
}

export const defaultFullCurrencies: FullCurrency[] = [
  { code: 'BTC', name: 'Bitcoin', enable: true, network: 'btc' },
  { code: 'USDTTRC20', name: 'Tether USD (Tron)', enable: true, network: 'trx' },
  { code: 'ETH', name: 'Ethereum', enable: true, network: 'eth' },
  { code: 'XMR', name: 'Monero', enable: false, network: 'xmr' },
  { code: 'DOGE', name: 'Dogecoin', enable: true, network: 'doge' },
]

export async function startNowPaymentsFake(options: {
  apiKey: string
  ipnSecret: string
  account?: { email: string; password: string }
  fullCurrencies?: FullCurrency[]
  /** Upper-case codes chosen in the dashboard; empty means all. */
  selectedCurrencies?: string[]
}): Promise<NowPaymentsFake> {
  const invoices = new Map<string, NowPaymentsFakeInvoice>()
  const payments = new Map<number, NowPaymentsFakePayment>()
  const tokens = new Set<string>()
  let nextId = 5_000_000_001
  let baseUrl = ''

  const refuse = (status: number, code: string, message: string): FakeReply => ({
    status,
    body: { status: false, statusCode: status, code, message },
  })

  function handle(request: FakeRequest): FakeReply {
    if (request.headers['x-api-key'] !== options.apiKey)
      return refuse(403, 'INVALID_API_KEY', 'Invalid api key')
    const route = `${request.method} ${request.path}`

    if (route === 'GET /v1/merchant/coins') {
      return { status: 200, body: { selectedCurrencies: options.selectedCurrencies ?? [] } }
    }
    if (route === 'GET /v1/full-currencies') {
      return { status: 200, body: { currencies: options.fullCurrencies ?? defaultFullCurrencies } }
    }

    if (route === 'POST /v1/invoice') {
      let body: Record<string, unknown>
      try {
        body = JSON.parse(request.rawBody) as Record<string, unknown>
      } catch {
        return refuse(400, 'INVALID_REQUEST_PARAMS', 'body is not JSON')
      }
      if (typeof body.price_amount !== 'number' || body.price_amount <= 0) {
        return refuse(400, 'INVALID_REQUEST_PARAMS', '"price_amount" must be a positive number')
      }
      if (typeof body.price_currency !== 'string') {
        return refuse(400, 'INVALID_REQUEST_PARAMS', '"price_currency" is required')
      }
      const id = String(nextId++)
      const invoice: NowPaymentsFakeInvoice = {
        id,
        order_id: String(body.order_id),
        order_description: typeof body.order_description === 'string' ? body.order_description : null,
        price_amount: String(body.price_amount),
        price_currency: body.price_currency,
        ipn_callback_url: String(body.ipn_callback_url),
        invoice_url: `${baseUrl}/payment/?iid=${id}`,
        success_url: typeof body.success_url === 'string' ? body.success_url : null,
        cancel_url: typeof body.cancel_url === 'string' ? body.cancel_url : null,
      }
      invoices.set(id, invoice)
      const now = new Date().toISOString()
      return {
        status: 200,
        body: { ...invoice, token_id: 'tok', pay_currency: null, created_at: now, updated_at: now },
      }
    }

    if (route === 'POST /v1/auth') {
      const body = JSON.parse(request.rawBody) as { email?: string; password?: string }
      if (
        !options.account ||
        body.email !== options.account.email ||
        body.password !== options.account.password
      ) {
        return refuse(401, 'AUTH_REQUIRED', 'Invalid credentials')
      }
      const token = randomBytes(16).toString('hex')
      tokens.add(token)
      return { status: 200, body: { token } }
    }

    if (route === 'GET /v1/payment/') {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
      if (!token || !tokens.has(token)) return refuse(401, 'AUTH_REQUIRED', 'Authorization header is empty')
      const invoiceId = request.query.get('invoiceId')
      const data = [...payments.values()].filter((payment) => String(payment.invoice_id) === invoiceId)
      return { status: 200, body: { data, limit: 100, page: 0, pagesCount: 1, total: data.length } }
    }

    const paymentMatch = /^GET \/v1\/payment\/(\d+)$/.exec(route)
    if (paymentMatch) {
      const payment = payments.get(Number(paymentMatch[1]))
      if (!payment) return refuse(404, 'PAYMENT_NOT_FOUND', 'Payment not found')
      return { status: 200, body: payment }
    }

    return refuse(404, 'NOT_FOUND', 'Not found')
  }

  const server = await startFakeHttpServer(handle)
  baseUrl = server.baseUrl

  function paymentOf(paymentId: number): NowPaymentsFakePayment {
    const payment = payments.get(paymentId)
    if (!payment) throw new Error(`the fake has no payment ${paymentId}`)
    return payment
  }

  function ipnFor(paymentId: number) {
    const rawBody = JSON.stringify(paymentOf(paymentId))
    return { rawBody, signature: hmacSha512Hex(sortedJson(JSON.parse(rawBody)), options.ipnSecret) }
  }

  return {
    baseUrl,
    requests: server.requests,
    invoices,
    payments,
    misbehave: server.misbehave,
    startPayment(invoiceId, payCurrency, payAmount) {
      const invoice = invoices.get(invoiceId)
      if (!invoice) throw new Error(`the fake has no invoice ${invoiceId}`)
      const paymentId = nextId++
      const now = new Date().toISOString()
      // Field order as NOWPayments sends it: not sorted, which is why the receiver must sort.
      payments.set(paymentId, {
        payment_id: paymentId,
        parent_payment_id: null,
        invoice_id: Number(invoiceId),
        payment_status: 'waiting',
        pay_address: 'TQrZ9wBzfGTxtJLB6Lb4hZ9pWVNgYdJtE8',
        payin_extra_id: null,
        price_amount: Number(invoice.price_amount),
        price_currency: invoice.price_currency,
        pay_amount: payAmount,
        actually_paid: 0,
        actually_paid_at_fiat: 0,
        pay_currency: payCurrency,
        order_id: invoice.order_id,
        order_description: invoice.order_description,
        purchase_id: String(paymentId + 7),
        outcome_amount: 0,
        outcome_currency: payCurrency,
        payment_extra_ids: null,
        fee: { currency: payCurrency, depositFee: 0, withdrawalFee: 0, serviceFee: 0 },
        created_at: now,
        updated_at: now,
      })
      return paymentId
    },
    updatePayment(paymentId, changes) {
      Object.assign(paymentOf(paymentId), changes, { updated_at: new Date().toISOString() })
    },
    ipnFor,
    async sendIpn(paymentId) {
      const invoice = invoices.get(String(paymentOf(paymentId).invoice_id))
      if (!invoice) throw new Error(`payment ${paymentId} has no invoice`)
      const { rawBody, signature } = ipnFor(paymentId)
      const response = await fetch(invoice.ipn_callback_url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signature },
        body: rawBody,
      })
      return response.status
    },
    close: server.close,
  }
}
