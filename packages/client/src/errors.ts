// The one error type of the client: every failed call rejects with an ApiError.

/**
 * - `http`: the server answered with a non-OK status (`status` is set, `detail` is the server's text).
 * - `network`: no answer after the retries (offline, connection refused or reset).
 * - `missing-token`: an authenticated call was made without a stored token; no request was sent.
 * - `invalid-response`: the answer did not match the contract schema.
 */
export type ApiErrorKind = 'http' | 'network' | 'missing-token' | 'invalid-response'

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly kind: ApiErrorKind
  /** The HTTP status, or null when there was no answer. */
  readonly status: number | null
  /** The server's `detail`, or the spec's fallback text for the call: what a screen shows. */
  readonly detail: string
  /** For a 422: the invalid field ('target_url', 'items[1].url'), else null. */
  readonly field: string | null
  /** For a 422: the message alone, without the '<field>: ' prefix, for display beside the input. */
  readonly fieldMessage: string | null

  constructor(options: {
    kind: ApiErrorKind
    status: number | null
    detail: string
    /** Defaults to `detail`; auth calls use '{Mode} failed: {detail}'. */
    message?: string
    field?: string | null
    cause?: unknown
  }) {
    super(options.message ?? options.detail, { cause: options.cause })
    this.kind = options.kind
    this.status = options.status
    this.detail = options.detail
    this.field = options.field || null
    const prefix = `${this.field ?? ''}: `
    this.fieldMessage =
      this.field === null
        ? null
        : this.detail.startsWith(prefix)
          ? this.detail.slice(prefix.length)
          : this.detail
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/**
 * the current-user call logs out (and the app reloads) on 401, 403, 500 or 503, on a missing token, and
 * on a thrown error that mentions auth. Other failures keep the data already shown.
 */
export function isSessionEndingError(error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.kind === 'missing-token') return true
    if (error.status !== null && [401, 403, 500, 503].includes(error.status)) return true
  }
  return error instanceof Error && /auth/i.test(error.message)
}
