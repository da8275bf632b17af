import * as z from 'zod'

// A render failure in the browser, reported by the panel's error boundaries so that it reaches the server
// log instead of staying in a customer's console. POST it as JSON; the answer is 204 with no body, 422 when
// the body is not this shape, 429 when the sender has reported too much in the last minute.

/** Where the panel reports a render failure. */
export const CLIENT_ERRORS_PATH = '/api/client-errors'

/** Longest message, stack or component stack kept; longer text is refused rather than trimmed. */
export const CLIENT_ERROR_TEXT_MAX = 8_000

// Built in a pure call: a page that only sends reports (the public pages) takes the path above without zod.
export const ClientErrorReport = /* @__PURE__ */ (() =>
  z.strictObject({
    /** The error's message ('TypeError: ...'). */
    message: z.string().min(1).max(1_000),
    /** The error's own stack, when it has one. */
    stack: z.string().max(CLIENT_ERROR_TEXT_MAX).optional(),
    /** React's component stack: which components the failing render was in. */
    componentStack: z.string().max(CLIENT_ERROR_TEXT_MAX).optional(),
    /** The page's path when it failed ('/dashboard'). */
    path: z.string().min(1).max(500),
  }))()
export type ClientErrorReport = z.infer<typeof ClientErrorReport>
