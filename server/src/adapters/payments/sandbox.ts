// The built-in gateway that works offline. Its "remote" is a checkout page this server serves at
// /sandbox/pay/{orderId}; the page's Pay and Fail buttons make the server send itself a signed webhook, exactly
// as a real gateway would, so the deposit goes through the same verified, credit-once webhook path.

import { createHmac, randomBytes } from 'node:crypto'
import { z } from 'zod'
import { formatMicroUsd, parseMicroUsd } from './amounts'
import { WebhookRejectedError } from './errors'
import { signaturesMatch } from './signatures'
import type { PaymentGateway, PaymentMethod, PaymentReport } from './types'

export const sandboxSignatureHeader = 'x-sandbox-signature'

export type SandboxOutcomeStatus = 'paid' | 'failed'

/** What the customer chose on the sandbox checkout page. */
export interface SandboxOutcome {
  orderId: string
  status: SandboxOutcomeStatus
  /** Decimal USD string, e.g. '25.00'. */
  amountUsd: string
  txid: string
}

/** The server's record of sandbox checkouts; undefined while the customer has not pressed a button. */
export type SandboxOutcomeLookup = (orderId: string) => Promise<SandboxOutcome | undefined>

export interface SandboxGateway extends PaymentGateway {
  readonly name: 'sandbox'
  /** The webhook the checkout page's button sends: JSON body and its x-sandbox-signature header. */
  buildWebhook(outcome: Omit<SandboxOutcome, 'txid'> & { txid?: string }): {
    rawBody: string
    headers: Record<string, string>
  }
}

/** Hex HMAC-SHA256 of the exact body under the sandbox secret. */
export function signSandboxBody(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex')
}

// The spec's built-in fallback list, so the deposit form looks the same as with a real gateway.
const sandboxMethods: readonly PaymentMethod[] = [
  { currency: 'BTC', network: 'BTC', name: 'Bitcoin (sandbox)' },
  { currency: 'ETH', network: 'ETH', name: 'Ethereum (sandbox)' },
  { currency: 'USDT', network: 'TRC20', name: 'Tether (sandbox)' },
  { currency: 'USDC', network: 'ERC20', name: 'USD Coin (sandbox)' },
  { currency: 'BNB', network: 'BSC', name: 'BNB (sandbox)' },
  { currency: 'DOGE', network: 'DOGE', name: 'Dogecoin (sandbox)' },
  { currency: 'ADA', network: 'ADA', name: 'Cardano (sandbox)' },
  { currency: 'SOL', network: 'SOL', name: 'Solana (sandbox)' },
  { currency: 'XRP', network: 'XRP', name: 'XRP (sandbox)' },
  { currency: 'DOT', network: 'DOT', name: 'Polkadot (sandbox)' },
  { currency: 'LTC', network: 'LTC', name: 'Litecoin (sandbox)' },
  { currency: 'TRX', network: 'TRON', name: 'TRON (sandbox)' },
]

const webhookSchema = z.object({
  order_id: z.string().min(1),
  status: z.enum(['paid', 'failed']),
  amount: z.string().regex(/^\d+(\.\d{1,6})?$/),
  txid: z.string().min(1),
})

function reportFromOutcome(outcome: SandboxOutcome, details: Record<string, unknown>): PaymentReport {
  const paid = outcome.status === 'paid'
  const received = parseMicroUsd(outcome.amountUsd)
  return {
    gateway: 'sandbox',
    orderId: outcome.orderId,
    // The sandbox has no invoice of its own; our order id is unique, so it is the gateway id too.
    gatewayId: outcome.orderId,
    gatewayStatus: outcome.status,
    state: paid ? 'paid' : 'failed',
    final: true,
    amountReceivedUsd: paid && received !== undefined ? formatMicroUsd(received) : undefined,
    currency: 'USD',
    txid: outcome.txid,
    details,
  }
}

export function createSandboxGateway(options: {
  /** Where browsers reach this server, e.g. http://127.0.0.1:8787. */
  publicUrl: string
  secret: string
  lookupOutcome: SandboxOutcomeLookup
}): SandboxGateway {
  const publicUrl = options.publicUrl.replace(/\/+$/, '')

  return {
    name: 'sandbox',

    async listMethods() {
      return sandboxMethods.map((method) => ({ ...method }))
    },

    async createInvoice(input) {
      return {
        gatewayId: input.orderId,
        paymentUrl: `${publicUrl}/sandbox/pay/${encodeURIComponent(input.orderId)}`,
        raw: { order_id: input.orderId, amount: input.amountUsd, sandbox: true },
      }
    },

    buildWebhook(outcome) {
      const rawBody = JSON.stringify({
        order_id: outcome.orderId,
        status: outcome.status,
        amount: outcome.amountUsd,
        txid: outcome.txid ?? `sandbox-${randomBytes(16).toString('hex')}`,
      })
      return {
        rawBody,
        headers: {
          'content-type': 'application/json',
          [sandboxSignatureHeader]: signSandboxBody(rawBody, options.secret),
        },
      }
    },

    verifyWebhook({ rawBody, headers }) {
      const signature = headers.get(sandboxSignatureHeader)?.trim()
      if (!signature) {
        throw new WebhookRejectedError(
          'sandbox',
          'missing_signature',
          `the webhook has no ${sandboxSignatureHeader} header`,
        )
      }
      // The signature covers the raw bytes, so it is checked before the body is even parsed.
      if (!signaturesMatch(signSandboxBody(rawBody, options.secret), signature.toLowerCase())) {
        throw new WebhookRejectedError('sandbox', 'bad_signature', 'the webhook signature does not match')
      }
      let body: unknown
      try {
        body = JSON.parse(rawBody)
      } catch (error) {
        throw new WebhookRejectedError(
          'sandbox',
          'malformed',
          `the webhook body is not JSON: ${(error as Error).message}`,
        )
      }
      const parsed = webhookSchema.safeParse(body)
      if (!parsed.success) {
        throw new WebhookRejectedError(
          'sandbox',
          'invalid_payload',
          'the webhook lacks order_id, status, amount or txid',
        )
      }
      const { order_id: orderId, status, amount: amountUsd, txid } = parsed.data
      return reportFromOutcome({ orderId, status, amountUsd, txid }, body as Record<string, unknown>)
    },

    async fetchStatus(reference) {
      const outcome = await options.lookupOutcome(reference.orderId)
      if (!outcome) {
        return {
          gateway: 'sandbox',
          orderId: reference.orderId,
          gatewayId: reference.gatewayId ?? reference.orderId,
          gatewayStatus: 'waiting',
          state: 'pending',
          final: false,
          details: { reason: 'the sandbox checkout has not been answered yet' },
        }
      }
      const { orderId, status, amountUsd, txid } = outcome
      return reportFromOutcome(outcome, { order_id: orderId, status, amount: amountUsd, txid })
    },
  }
}
