import type { Context, MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'

// Secure headers for every answer, API and panel alike. The CSP suits the panel build: scripts, styles, fonts
// and API calls from our own origin only, images also as data: URLs, no plugins, no framing.
// `overwrite: false` lets a route that needs another policy (the embeddable widget, a payment return page)
// set its own header, which this middleware then leaves alone.

export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    // The Google sign-in popup posts its result back to the window that opened it; 'same-origin' would cut
    // that link once the popup has visited Google.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    overwrite: false,
  })

/**
 * `Cache-Control: no-store` on every answer to a request that carried credentials (a bearer token or an API
 * key in the query), unless the route chose its own policy: a shared cache or the browser's back button must
 * never hand one account's data to another reader.
 */
export function noStoreWithCredentials(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const credentialed = c.req.header('Authorization') !== undefined || c.req.query('key') !== undefined
    if (credentialed && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
  }
}

/**
 * Sets (or appends) a header on the answer a handler has already made. Hono's `c.header()` at that point copies
 * the whole answer into a new web Response first, which costs more than many a handler; the answer's own
 * headers are changed in place instead, unless they are read-only (an answer passed through from fetch()).
 */
export function setAnswerHeader(c: Context, name: string, value: string, append = false): void {
  try {
    if (append) c.res.headers.append(name, value)
    else c.res.headers.set(name, value)
  } catch {
    c.header(name, value, { append })
  }
}
