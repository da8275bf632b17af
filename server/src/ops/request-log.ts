import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import type { AppEnv } from '../http/env'
import { withAnswerHeader } from '../http/security'
import type { Logger } from '../logger'
import type { Metrics } from './metrics'
import { runInRequest } from './request-context'

// One log line per request, and the request's duration in the metrics. The request id comes from the
// X-Request-Id a trusted reverse proxy sets (TRUST_PROXY), else it is made here; either way it is sent back
// in X-Request-Id and carried by every log line written while the request is answered.

/** What a proxy's request id may look like: short and printable, so it cannot forge log lines. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** The probes are polled every second or so: counted in the metrics, but not logged. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics'])

export function requestLog(options: {
  logger: Logger
  trustProxy: boolean
  metrics: Metrics | undefined
}): MiddlewareHandler<AppEnv> {
  const { logger, trustProxy, metrics } = options
  return async (c, next) => {
    const started = performance.now()
    const offered = trustProxy ? c.req.header('x-request-id') : undefined
    const requestId = offered && REQUEST_ID.test(offered) ? offered : randomUUID()
    let failed: unknown
    await runInRequest({ requestId }, async () => {
      try {
        await withAnswerHeader(c, 'X-Request-Id', requestId, next)
      } catch (error) {
        failed = error
      }
    })
    // Hono's error handler normally answers first; anything that still escapes is logged and passed on.
    const status = failed === undefined ? c.res.status : 500
    const route = routePath(c) || 'unmatched'
    const seconds = (performance.now() - started) / 1000
    metrics?.observeRequest({ method: c.req.method, route, status, seconds })
    if (!QUIET_PATHS.has(c.req.path) || status >= 500) {
      const user = c.get('user') as { id: number } | undefined
      const fields = {
        requestId,
        method: c.req.method,
        route,
        status,
        durationMs: Math.round(seconds * 10_000) / 10,
        ...(user ? { userId: user.id } : {}),
      }
      if (status >= 500) logger.error('request', fields)
      else logger.info('request', fields)
    }
    if (failed !== undefined) throw failed
  }
}
