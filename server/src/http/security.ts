import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from './env'

// The headers every answer carries, API and panel alike, unless its route sets its own: the secure headers
// (OWASP's list, as Hono's and Helmet's middleware send them) and, on /api answers to requests that carried
// credentials, `Cache-Control: no-store`. The CSP suits the panel build: scripts, styles, fonts and API calls
// from our own origin only, images also as data: URLs, no plugins, no framing. A route that needs another
// policy (the embeddable widget, a payment return page, the Google popup) sets its own header, which wins.
//
// Served by Node, they are set on Node's response before the route runs, and Node writes the route's own
// headers over them when it writes the head: an answer whose route sets at most its Content-Type then goes out
// from a plain record, without the web `Headers` object that setting them on the finished answer builds for
// every request (a tenth of a signed-in read's CPU, measured in docs/benchmarks.md). Under `app.request()` (the
// tests that call the app in the process) there is no Node response, and they are added to the finished answer
// where it has none of its own: the same headers, which the tests over HTTP check in the served form.

/** The Content-Security-Policy of every answer, directive by directive; the panel's pages extend it. */
export const POLICY_DIRECTIVES: readonly string[] = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
]

/** The secure headers of every answer. */
const SECURE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': POLICY_DIRECTIVES.join('; '),
  // The Google sign-in popup posts its result back to the window that opened it; 'same-origin' would cut that
  // link once the popup has visited Google.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'DENY',
  'X-Permitted-Cross-Domain-Policies': 'none',
  // The old XSS auditors are off: they were themselves a way to attack a page.
  'X-XSS-Protection': '0',
}

/**
 * `Cache-Control: no-store` and the secure headers: the answer to an /api request that carried credentials (a
 * bearer token, or an API key in the query) is never kept by a shared cache or the browser's back button, which
 * would hand one account's data to another reader.
 */
const CREDENTIALED_HEADERS: Readonly<Record<string, string>> = {
  ...SECURE_HEADERS,
  'Cache-Control': 'no-store',
}

/** The headers every answer carries unless its route sets its own (above). */
export function answerHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const credentialed =
      c.req.path.startsWith('/api/') &&
      (c.req.header('Authorization') !== undefined || c.req.query('key') !== undefined)
    const headers = credentialed ? CREDENTIALED_HEADERS : SECURE_HEADERS
    const outgoing = c.env?.outgoing
    if (outgoing) {
      for (const name in headers) outgoing.setHeader(name, headers[name] as string)
      return next()
    }
    await next()
    for (const name in headers) {
      if (!c.res.headers.has(name)) setAnswerHeader(c, name, headers[name] as string)
    }
  }
}

/**
 * Gives the answer the header `name` before its route has made it, unless the route sets its own: on Node's
 * response when served by Node (true), else nothing (false), and the caller sets it on the finished answer with
 * `setAnswerHeader`.
 */
function presetAnswerHeader(c: Context<AppEnv>, name: string, value: string): boolean {
  const outgoing = c.env?.outgoing
  if (!outgoing) return false
  outgoing.setHeader(name, value)
  return true
}

/**
 * Gives the answer made by `next` the header `name`: on Node's response before it runs when served by Node,
 * else on the finished answer (appended to the route's own with `append`). When `next` throws, the error
 * handler makes the answer and nothing is set here.
 */
export async function withAnswerHeader(
  c: Context<AppEnv>,
  name: string,
  value: string,
  next: () => Promise<void>,
  append = false,
): Promise<void> {
  if (presetAnswerHeader(c, name, value)) return next()
  await next()
  setAnswerHeader(c, name, value, append)
}

/**
 * Sets a header of the answer a route is about to make (one its answer does not set itself): on Node's response
 * when served by Node, which keeps the answer's own headers a plain record (above), else with Hono's `c.header()`.
 */
export function setRouteHeader(c: Context<AppEnv>, name: string, value: string): void {
  if (!presetAnswerHeader(c, name, value)) c.header(name, value)
}

/**
 * Sets (or appends) a header on the answer a handler has already made. Hono's `c.header()` at that point copies
 * the whole answer into a new web Response first, which costs more than many a handler; the answer's own
 * headers are changed in place instead, unless they are read-only (an answer passed through from fetch()).
 */
function setAnswerHeader(c: Context, name: string, value: string, append = false): void {
  try {
    if (append) c.res.headers.append(name, value)
    else c.res.headers.set(name, value)
  } catch {
    c.header(name, value, { append })
  }
}
