import type { PaymentGatewayName } from './types'

export const webhookRejectionReasons = [
  'malformed',
  'missing_signature',
  'bad_signature',
  'invalid_payload',
] as const
export type WebhookRejectionReason = (typeof webhookRejectionReasons)[number]

/** A webhook that must not be believed: answer 4xx and credit nothing. */
export class WebhookRejectedError extends Error {
  override readonly name = 'WebhookRejectedError'
  constructor(
    readonly gateway: PaymentGatewayName,
    readonly reason: WebhookRejectionReason,
    message: string,
  ) {
    super(message)
  }
}

/** The gateway refused or answered something we cannot use; retrying the same request will not help. */
export class PaymentGatewayError extends Error {
  override readonly name: string = 'PaymentGatewayError'
  constructor(
    readonly gateway: PaymentGatewayName,
    message: string,
    /** HTTP status of the gateway's answer, when there was one. */
    readonly status?: number,
  ) {
    super(message)
  }
}

/** The gateway could not be reached, timed out, or had a server error; the same request may work later. */
export class PaymentGatewayUnavailableError extends PaymentGatewayError {
  override readonly name = 'PaymentGatewayUnavailableError'
}
