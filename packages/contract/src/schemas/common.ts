// Building blocks shared by the endpoint schemas.

import * as z from 'zod'
import { CURSOR_INVALID, INVALID_REQUEST_BODY, LIMIT_RANGE_MESSAGE } from '../messages'
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../constants'

/**
 * Every error answer of the API: `{ "detail": "..." }` with a 4xx or 5xx status. A 422 for an invalid body,
 * query or path also names the `field` ('target_url', 'items[2].url'); its detail is '<field>: <message>'.
 */
export const ErrorResponse = z.object({ detail: z.string(), field: z.string().optional() })
export type ErrorResponse = z.infer<typeof ErrorResponse>

/** 'items[2].url' for the path ['items', 2, 'url']; '' for the body itself. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let text = ''
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${String(segment)}]`
    else text += text === '' ? String(segment) : `.${String(segment)}`
  }
  return text
}

/**
 * The 422 answer for a failed validation: the first issue, as `{ detail: '<field>: <message>', field }`.
 * A root-level type failure (an array where an object was expected, a body that is not JSON) has no field
 * to name and a technical zod message, so it answers INVALID_REQUEST_BODY.
 */
export function validationErrorBody(error: z.core.$ZodError): { detail: string; field: string } {
  const issue = error.issues[0]
  if (!issue) return { detail: INVALID_REQUEST_BODY, field: '' }
  const field = fieldPath(issue.path)
  if (field === '') {
    const technical = issue.code === 'invalid_type' || issue.code === 'unrecognized_keys'
    return { detail: technical ? INVALID_REQUEST_BODY : issue.message, field }
  }
  return { detail: `${field}: ${issue.message}`, field }
}

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
