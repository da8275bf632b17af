// The one shape every payment gateway adapter has. Routes, the ledger and the reconcile job speak only this.

export const paymentGatewayNames = ['sandbox', 'cryptomus', 'heleket', 'nowpayments'] as const
export type PaymentGatewayName = (typeof paymentGatewayNames)[number]

export function isPaymentGatewayName(value: string): value is PaymentGatewayName {
  return (paymentGatewayNames as readonly string[]).includes(value)
}

/**
 * A gateway's status word, normalised.
 * - pending: nothing to credit yet; ask again later.
 * - paid: paid in full (or more); credit `amountReceivedUsd` once `final` is true.
 * - partially_paid: less than invoiced arrived; when `final`, credit `amountReceivedUsd` (what arrived),
 *   when not final the customer may still top up, so credit nothing yet.
 * - failed: errors, refunds; nothing to credit.
 * - expired: the customer never paid before the invoice ran out.
 */
export const paymentStates = ['pending', 'paid', 'partially_paid', 'failed', 'expired'] as const
export type PaymentState = (typeof paymentStates)[number]

export interface PaymentMethod {
  /** Upper-cased code the gateway uses, e.g. 'BTC', 'USDT' (NOWPayments folds the network in: 'USDTTRC20'). */
  currency: string
  /** Upper-cased network, e.g. 'TRON', 'BSC'. */
  network: string
  /** Human name, e.g. 'Tether'. */
  name: string
}

export interface CreateInvoiceInput {
  /** Our own order id for this deposit; unique, 1 to 128 of [A-Za-z0-9_-]. */
  orderId: string
  /** Amount in USD as a decimal string with two places, e.g. '25.00'. */
  amountUsd: string
  /** Where the customer goes when leaving the checkout without paying. */
  returnUrl: string
  /** Where the customer goes after paying. */
  successUrl: string
  /** Where the customer goes when the payment fails or is cancelled. */
  failUrl: string
  /** Our webhook endpoint for this gateway, /api/payments/{provider}/webhook on the public URL. */
  callbackUrl: string
  description?: string
}

export interface CreatedInvoice {
  /** The gateway's id for the invoice; with the gateway name, the payment's unique key. */
  gatewayId: string
  /** The checkout page to send the browser to. */
  paymentUrl: string
  /** The gateway's answer as received, for payment details. */
  raw: unknown
}

/** What a gateway says about one payment, from a webhook or from a status request. */
export interface PaymentReport {
  gateway: PaymentGatewayName
  orderId: string
  /** The invoice id createInvoice returned. */
  gatewayId: string
  /** NOWPayments only: the id of the payment made against the invoice (needed to ask for its status). */
  gatewayPaymentId?: string
  /** The gateway's own status word, e.g. 'paid_over' or 'finished'. */
  gatewayStatus: string
  state: PaymentState
  /** True when the gateway will not change this payment's outcome any more. */
  final: boolean
  /** USD to credit when `state` is paid or partially_paid; decimal string, at most 6 places, rounded down. */
  amountReceivedUsd?: string
  /** Upper-cased crypto currency the customer paid with, when known. */
  currency?: string
  network?: string
  txid?: string
  /** The gateway's fields as received (without the signature), kept as the transaction's payment details. */
  details: Record<string, unknown>
}

export interface VerifyWebhookInput {
  /** The request body exactly as received, before any JSON parsing. */
  rawBody: string
  headers: Headers
}

export interface PaymentReference {
  orderId: string
  gatewayId?: string
  gatewayPaymentId?: string
}

export interface PaymentGateway {
  readonly name: PaymentGatewayName
  listMethods(): Promise<PaymentMethod[]>
  createInvoice(input: CreateInvoiceInput): Promise<CreatedInvoice>
  /** Throws WebhookRejectedError when the body is forged, tampered with or malformed. */
  verifyWebhook(input: VerifyWebhookInput): PaymentReport
  fetchStatus(reference: PaymentReference): Promise<PaymentReport>
}
