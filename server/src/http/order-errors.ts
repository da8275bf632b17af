import { CURSOR_INVALID } from '@engage/contract'
import type { ErrorHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { InvalidCursorError, OrderRefusal, type RefusalKind } from '../domain/orders'
import type { AppEnv } from './env'
import { handleError, HttpError } from './errors'

// The order rules' refusals in the API's error shape, shared by the customer's order and wallet routes and by
// the console, whose cancel and retry run the customer's own rules.

const REFUSAL_STATUS: Record<RefusalKind, ContentfulStatusCode> = {
  invalid: 422,
  not_found: 404,
  conflict: 409,
  insufficient_funds: 402,
}

/**
 * The order rules' refusals in the API's error shape. A 422 names its field as the request validator does
 * ('items[2].url: Valid URL required', with `field`); other refusals keep their detail plain for the toast and
 * add `field` when one is at fault (the link of a duplicate active order).
 */
export const handleOrderErrors: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof OrderRefusal) {
    const status = REFUSAL_STATUS[error.kind]
    const fields = error.field ? { field: error.field } : undefined
    const detail = status === 422 && error.field ? `${error.field}: ${error.detail}` : error.detail
    return handleError(new HttpError(status, detail, fields ? { fields } : {}), c)
  }
  if (error instanceof InvalidCursorError) {
    return handleError(new HttpError(422, `cursor: ${CURSOR_INVALID}`, { fields: { field: 'cursor' } }), c)
  }
  return handleError(error, c)
}
