// A local Cryptomus (or Heleket: same API) merchant API. It checks every request the way the real one does
// (merchant uuid, sign = md5(base64(raw body) + API key)), keeps invoices, answers /v1/payment/info, and sends
// webhooks signed as the gateway's PHP does. Its signing code is written here on purpose, not imported from the
// adapter, so that a mistake in one cannot hide a mistake in the other.

import { createHash, randomUUID } from 'node:crypto'
import { startFakeHttpServer, type FakeReply, type FakeRequest, type Misbehaviour } from './http'

export interface CryptomusService {
  network: string
  currency: string
  is_available: boolean
}

export interface CryptomusFakeInvoice {
  uuid: string
  order_id: string
  amount: string
  currency: string
  url: string
  url_callback: string
  url_return: string | null
  url_success: string | null
  additional_data: string | null
  status: string
  payer_currency: string | null
  network: string | null
  payer_amount: string | null
  payment_amount: string | null
  payment_amount_usd: string | null
  txid: string | null
  created_at: string
}

export interface Settlement {
  status: string
  payer_currency?: string
  network?: string
  payer_amount?: string
  payment_amount?: string
  payment_amount_usd?: string
  txid?: string
}

export interface CryptomusFake {
  baseUrl: string
  requests: FakeRequest[]
  invoices: Map<string, CryptomusFakeInvoice>
  misbehave(kind: Misbehaviour, count?: number): void
  /** Moves an invoice to a new status, as the blockchain and the gateway would. */
  settle(uuid: string, settlement: Settlement): void
  /** The webhook body the gateway would POST for an invoice now: PHP json_encode of the fields plus sign. */
  webhookBody(uuid: string): string
  /** POSTs that body to the invoice's url_callback; resolves with the receiver's HTTP status. */
  sendWebhook(uuid: string): Promise<number>
  close(): Promise<void>
}

/** PHP's json_encode($data, JSON_UNESCAPED_UNICODE): compact, unicode as is, '/' escaped as '\/'. */
export function phpJsonEncodeUnescapedUnicode(data: unknown): string {
  return JSON.stringify(data).replaceAll('/', '\\/')
}

export function md5Base64Sign(text: string, apiKey: string): string {
  return createHash('md5')
    .update(Buffer.from(text).toString('base64') + apiKey)
    .digest('hex')
}

export const defaultCryptomusServices: CryptomusService[] = [
  { network: 'BTC', currency: 'BTC', is_available: true },
  { network: 'TRON', currency: 'usdt', is_available: true },
  { network: 'BSC', currency: 'usdt', is_available: true },
  { network: 'ETH', currency: 'eth', is_available: true },
  { network: 'DOGE', currency: 'DOGE', is_available: false },
]

export async function startCryptomusFake(options: {
  merchantId: string
  apiKey: string
  services?: CryptomusService[]
}): Promise<CryptomusFake> {
  const invoices = new Map<string, CryptomusFakeInvoice>()
  const services = options.services ?? defaultCryptomusServices
  let baseUrl = ''

  const refuse = (status: number, message: string): FakeReply => ({ status, body: { state: 1, message } })
  const invalid = (errors: Record<string, string[]>): FakeReply => ({
    status: 422,
    body: { state: 1, errors },
  })

  function infoOf(invoice: CryptomusFakeInvoice) {
    const final = !['check', 'process', 'confirm_check', 'wrong_amount_waiting', 'locked'].includes(
      invoice.status,
    )
    return {
      uuid: invoice.uuid,
      order_id: invoice.order_id,
      amount: invoice.amount,
      payment_amount: invoice.payment_amount,
      payer_amount: invoice.payer_amount,
      discount_percent: null,
      discount: '0.00000000',
      payer_currency: invoice.payer_currency,
      currency: invoice.currency,
      merchant_amount: null,
      network: invoice.network,
      address: null,
      from: null,
      txid: invoice.txid,
      payment_status: invoice.status,
      url: invoice.url,
      expired_at: Math.floor(Date.parse(invoice.created_at) / 1000) + 3600,
      status: invoice.status,
      is_final: final,
      additional_data: invoice.additional_data,
      created_at: invoice.created_at,
      updated_at: invoice.created_at,
    }
  }

  function handle(request: FakeRequest): FakeReply {
    if (request.method !== 'POST') return refuse(405, 'Method not allowed')
    if (request.headers.merchant !== options.merchantId) return refuse(401, 'Merchant not found')
    if (request.headers.sign !== md5Base64Sign(request.rawBody, options.apiKey))
      return refuse(401, 'Invalid Sign')
    let body: Record<string, unknown>
    try {
      body = JSON.parse(request.rawBody) as Record<string, unknown>
    } catch {
      return refuse(400, 'Invalid JSON')
    }

    if (request.path === '/v1/payment/services') {
      return {
        status: 200,
        body: {
          state: 0,
          result: services.map((service) => ({
            ...service,
            limit: { min_amount: '1.00000000', max_amount: '1000000.00000000' },
            commission: { fee_amount: '0.00', percent: '2.00' },
          })),
        },
      }
    }

    if (request.path === '/v1/payment') {
      const errors: Record<string, string[]> = {}
      if (typeof body.amount !== 'string' || !/^\d+(\.\d+)?$/.test(body.amount))
        errors.amount = ['validation.numeric']
      if (typeof body.currency !== 'string') errors.currency = ['validation.required']
      if (typeof body.order_id !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(body.order_id)) {
        errors.order_id = ['validation.alpha_dash']
      }
      if (typeof body.url_callback !== 'string') errors.url_callback = ['validation.url']
      if (Object.keys(errors).length > 0) return invalid(errors)
      // Cryptomus answers a repeated order_id of a live invoice with that same invoice.
      const existing = [...invoices.values()].find((invoice) => invoice.order_id === body.order_id)
      if (existing) return { status: 200, body: { state: 0, result: infoOf(existing) } }
      const uuid = randomUUID()
      const invoice: CryptomusFakeInvoice = {
        uuid,
        order_id: body.order_id as string,
        amount: Number(body.amount).toFixed(8),
        currency: body.currency as string,
        url: `${baseUrl}/pay/${uuid}`,
        url_callback: body.url_callback as string,
        url_return: typeof body.url_return === 'string' ? body.url_return : null,
        url_success: typeof body.url_success === 'string' ? body.url_success : null,
        additional_data: typeof body.additional_data === 'string' ? body.additional_data : null,
        status: 'check',
        payer_currency: null,
        network: null,
        payer_amount: null,
        payment_amount: null,
        payment_amount_usd: null,
        txid: null,
        created_at: new Date().toISOString(),
      }
      invoices.set(uuid, invoice)
      return { status: 200, body: { state: 0, result: infoOf(invoice) } }
    }

    if (request.path === '/v1/payment/info') {
      const invoice =
        typeof body.uuid === 'string'
          ? invoices.get(body.uuid)
          : [...invoices.values()].find((candidate) => candidate.order_id === body.order_id)
      if (!invoice) return refuse(404, 'Payment not found')
      return { status: 200, body: { state: 0, result: infoOf(invoice) } }
    }

    return refuse(404, 'Not found')
  }

  const server = await startFakeHttpServer(handle)
  baseUrl = server.baseUrl

  function invoiceOf(uuid: string): CryptomusFakeInvoice {
    const invoice = invoices.get(uuid)
    if (!invoice) throw new Error(`the fake has no invoice ${uuid}`)
    return invoice
  }

  function webhookBody(uuid: string): string {
    const invoice = invoiceOf(uuid)
    // Field order as on the webhook documentation page; the sign is computed without itself, then appended.
    const data = {
      type: 'payment',
      uuid: invoice.uuid,
      order_id: invoice.order_id,
      amount: invoice.amount,
      payment_amount: invoice.payment_amount,
      payment_amount_usd: invoice.payment_amount_usd,
      merchant_amount: invoice.payment_amount,
      commission: '0.00000000',
      is_final: !['check', 'process', 'confirm_check', 'wrong_amount_waiting', 'locked'].includes(
        invoice.status,
      ),
      status: invoice.status,
      from: null,
      wallet_address_uuid: null,
      network: invoice.network,
      currency: invoice.currency,
      payer_currency: invoice.payer_currency,
      additional_data: invoice.additional_data,
      txid: invoice.txid,
    }
    const sign = md5Base64Sign(phpJsonEncodeUnescapedUnicode(data), options.apiKey)
    return phpJsonEncodeUnescapedUnicode({ ...data, sign })
  }

  return {
    baseUrl,
    requests: server.requests,
    invoices,
    misbehave: server.misbehave,
    settle(uuid, settlement) {
      Object.assign(invoiceOf(uuid), settlement)
    },
    webhookBody,
    async sendWebhook(uuid) {
      const response = await fetch(invoiceOf(uuid).url_callback, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: webhookBody(uuid),
      })
      return response.status
    },
    close: server.close,
  }
}
