import { aiProviderNames, type AiProvider } from './providers'

/** What the adapter was doing, which becomes the start of the message shown to the customer. */
export type AiOperation = 'fetch-models' | 'generate'

const operationMessages: Record<AiOperation, string> = {
  'fetch-models': 'Failed to fetch models',
  generate: 'Failed to generate texts',
}

export interface AiProviderErrorDetails {
  provider: AiProvider
  operation: AiOperation
  /** Already redacted: safe to show and to log. */
  reason: string
  /** The provider's HTTP status when it answered at all. */
  upstreamStatus?: number
}

/**
 * A provider call that did not give a usable answer. The message is `Failed to fetch models: <reason>` or
 * `Failed to generate texts: <reason>`, where the reason is the provider's own text with every key removed,
 * so it can go into a response body and a log line as it is. Never thrown itself: see the two subclasses.
 */
export abstract class AiProviderError extends Error {
  readonly provider: AiProvider
  readonly operation: AiOperation
  readonly reason: string
  readonly upstreamStatus: number | undefined
  /** Whether the same call may succeed later; a job retries these with backoff. */
  abstract readonly retryable: boolean
  /** The status our API should answer with `{ detail: message }`. */
  abstract readonly httpStatus: number

  constructor(details: AiProviderErrorDetails) {
    super(`${operationMessages[details.operation]}: ${details.reason}`)
    this.provider = details.provider
    this.operation = details.operation
    this.reason = details.reason
    this.upstreamStatus = details.upstreamStatus
  }

  /** The provider's name for people, e.g. "OpenRouter". */
  get providerName(): string {
    return aiProviderNames[this.provider]
  }
}

/**
 * The provider refused what the customer gave it: a wrong or unauthorised key (401/403), no credit (402), an
 * unknown model or rejected parameters (400/404/422), a model whose output is not text, or answers that were
 * all empty or repeated. Sending the same call again gets the same answer, so a job pauses the order at once.
 * Our API answers 422: the customer's input is well-formed but unusable, and it is not our server's fault.
 */
export class AiPermanentError extends AiProviderError {
  override readonly name = 'AiPermanentError'
  readonly retryable = false
  readonly httpStatus = 422
}

/**
 * No usable answer for now: timeout, network failure, 408/409/425/429, 5xx, a body that is not the protocol's
 * JSON, or a prediction that failed while running. A job retries these; our API answers 502.
 */
export class AiTransientError extends AiProviderError {
  override readonly name = 'AiTransientError'
  readonly retryable = true
  readonly httpStatus = 502
}

const transientStatuses = new Set([408, 409, 425, 429])

/** Sorts an HTTP failure: 5xx and the "try later" 4xx are transient, every other 4xx is permanent. */
export function isTransientStatus(status: number): boolean {
  return status >= 500 || transientStatuses.has(status)
}
