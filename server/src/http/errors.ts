import { API_V2_PATH, CONTROL_CHARACTERS_MESSAGE, INTERNAL_SERVER_ERROR, NOT_FOUND } from '@engage/contract'
import type { ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from './env'

// One error shape for the whole API: `{ "detail": "..." }` with the right status; the SMM API v2 alone
// answers `{ "error": "..." }`, as panels do.

/**
 * A refusal a handler or domain function raises on purpose: the status and detail go to the client as they
 * are. `headers` carries e.g. Retry-After or WWW-Authenticate; `fields` adds members beside `detail`.
 */
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly options: { headers?: Record<string, string>; fields?: Record<string, unknown> } = {},
  ) {
    super(detail)
  }
}

/** House text for a body over the size limit (no contract constant: only the server says it). */
export const REQUEST_BODY_TOO_LARGE = 'Request body too large'

/**
 * PostgreSQL refuses text it cannot store (NUL, an invalid byte sequence). Validation refuses such text where
 * it enters; should one reach a statement anyway, it is still the client's input, not a server failure.
 */
function isUnstorableText(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined
  return code === '22021' || code === '22P05'
}

export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  // The SMM API v2 answers every refusal in its own shape, a body over the limit included.
  if (c.req.path === API_V2_PATH || c.req.path.startsWith(`${API_V2_PATH}/`)) {
    if (error instanceof HttpError && error.status === 413) {
      return c.json({ error: error.detail }, 413, error.options.headers)
    }
  }
  if (isUnstorableText(error)) {
    return c.json({ detail: CONTROL_CHARACTERS_MESSAGE }, 422)
  }
  if (error instanceof HttpError) {
    return c.json({ ...error.options.fields, detail: error.detail }, error.status, error.options.headers)
  }
  if (error instanceof HTTPException) {
    // Hono's own refusals (malformed JSON, body too large): keep the status, answer in our shape.
    const status = error.status === 500 ? 500 : (error.status as ContentfulStatusCode)
    return c.json({ detail: error.message || INTERNAL_SERVER_ERROR }, status)
  }
  // Unexpected: log what identifies the failure (name, message, stack, route), never headers or bodies,
  // which may hold tokens and passwords.
  const logger = c.get('deps')?.logger
  const fields = {
    method: c.req.method,
    path: c.req.path,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  }
  if (logger) logger.error('Unhandled error', fields)
  else console.error('Unhandled error', fields)
  return c.json({ detail: INTERNAL_SERVER_ERROR }, 500)
}

export const handleNotFound: NotFoundHandler<AppEnv> = (c) => c.json({ detail: NOT_FOUND }, 404)
