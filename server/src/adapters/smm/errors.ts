/**
 * The provider answered and refused the request (`{ "error": "..." }`, or a 4xx it would repeat). Permanent:
 * sending the same request again gets the same answer. The message is the provider's own text.
 */
export class SmmRejectedError extends Error {
  override readonly name = 'SmmRejectedError'
  /** The API v2 action that was refused, e.g. `add`. */
  readonly action: string

  constructor(action: string, upstreamMessage: string) {
    super(upstreamMessage)
    this.action = action
  }
}

/**
 * No usable answer: timeout, network failure, HTTP 5xx, 429 or 403, a rate-limit error text, or a body that is
 * not the protocol's JSON.
 * The job system retries these. For `add`, the provider may still have created the order.
 */
export class SmmTransientError extends Error {
  override readonly name = 'SmmTransientError'
  /** The API v2 action that failed, e.g. `status`. */
  readonly action: string
  /** The HTTP status when the provider answered at all. */
  readonly httpStatus: number | null
  /** How long the provider asked us to wait (its `Retry-After`), in ms; the job system waits at least this. */
  readonly retryAfterMs: number | null

  constructor(
    action: string,
    message: string,
    options: { httpStatus?: number; retryAfterMs?: number | null; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause })
    this.action = action
    this.httpStatus = options.httpStatus ?? null
    this.retryAfterMs = options.retryAfterMs ?? null
  }
}
