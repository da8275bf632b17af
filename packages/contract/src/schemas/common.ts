// Building blocks shared by the endpoint schemas.

import * as z from 'zod'
import { CURSOR_INVALID, LIMIT_RANGE_MESSAGE } from '../messages'
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../constants'

/** Every error answer of the API: `{ "detail": "..." }` with a 4xx or 5xx status. */
export const ErrorResponse = z.object({ detail: z.string() })
export type ErrorResponse = z.infer<typeof ErrorResponse>

/** The answer of calls whose result the spec does not show: a human-readable confirmation. */
export const MessageResponse = z.object({ message: z.string() })
export type MessageResponse = z.infer<typeof MessageResponse>

/** An ISO 8601 date-time with Z or an offset, e.g. '2026-11-21T09:30:00.000Z'. */
export const IsoDateTime = z.iso.datetime({ offset: true })

/** A required text field: trimmed, and `message` when missing or blank. */
export function requiredText(message: string, maxLength = 10_000) {
  return z.string({ error: message }).trim().min(1, message).max(maxLength)
}

/** An amount in USD as the API speaks it (the server converts with usdToMicros). */
export const UsdAmount = z.number().finite()

/** Keyset pagination query: an opaque `cursor` from the previous page and a `limit` (1 to 100, default 50). */
export const PageQuery = z.object({
  cursor: z.string({ error: CURSOR_INVALID }).min(1, CURSOR_INVALID).max(500, CURSOR_INVALID).optional(),
  limit: z.coerce
    .number({ error: LIMIT_RANGE_MESSAGE })
    .int(LIMIT_RANGE_MESSAGE)
    .min(1, LIMIT_RANGE_MESSAGE)
    .max(PAGE_LIMIT_MAX, LIMIT_RANGE_MESSAGE)
    .default(PAGE_LIMIT_DEFAULT),
})
export type PageQuery = z.infer<typeof PageQuery>

/** The `{id}` path parameter of order, subscription and AI-setting calls. */
export const IdParam = z.object({ id: z.string().trim().min(1).max(200) })
