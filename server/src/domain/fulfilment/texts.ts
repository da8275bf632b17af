// What the customer reads in an order's paused_reason when fulfilment stops or a cancel fails.

/** An `add` whose outcome is unknown (no answer, a crash before its id was stored). */
export const PLACEMENT_UNCONFIRMED = 'Upstream placement could not be confirmed; under review'
export const NO_PROVIDER = 'This service is not connected to a provider yet'
/** The service's provider is there but switched off by the operator. */
export const PROVIDER_DISABLED = 'The provider of this service is disabled; the order waits until it is back'
/** The service points at a provider that no longer exists. */
export const PROVIDER_REMOVED = 'The provider of this service was removed; the order waits for another one'

export function providerRefusedReason(message: string): string {
  return `The provider refused the order: ${message}`
}

export function providerUnreachableReason(message: string): string {
  return `The provider could not be reached: ${message}`
}

/** Shown on a processing order whose cancellation the provider refused; the order goes on. */
export function cancelRefusedNote(message: string): string {
  return `The provider did not cancel this order: ${message}`
}

/** Shown on a processing order whose cancellation could not be sent after every retry. */
export function cancelUnsentNote(message: string): string {
  return `The cancellation could not be sent to the provider: ${message}`
}

/**
 * A processing order whose provider reports a status word the panel does not know; held for review. The word
 * comes from the provider: it is cut short and its control characters dropped before anyone reads it.
 */
export function unknownStatusReason(word: string): string {
  const shown = word
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 40)
  return `The provider reports the status "${shown}", which needs checking; under review`
}
