import { CLIENT_ERRORS_PATH, ClientErrorReport, TOO_MANY_ATTEMPTS } from '@engage/contract'
import { Hono } from 'hono'
import type { AppEnv } from '../http/env'
import { HttpError } from '../http/errors'
import { clientAddress } from '../http/rate-limit'
import { validate } from '../http/validate'

// POST /api/client-errors (public): a render failure in a visitor's browser, written to the server log as
// one error line, so that a page showing 'Something went wrong' is seen by the operator, not only by the
// customer. Anyone can call it, so it is limited per client address and in total, in memory: a lost count
// on restart only lets a few more lines through, and no database write is spent on a report.

/** Reports one client address may send in a window, and all addresses together. */
export const CLIENT_ERROR_LIMITS = { windowMs: 60_000, perAddress: 10, total: 120 } as const

/** The times of the reports accepted in the current window, per key; keys without recent reports are dropped. */
class SlidingWindow {
  private readonly times = new Map<string, number[]>()

  /** Counts a report for every key, unless one of them is at its limit: then false and nothing is counted. */
  take(now: number, keys: readonly { key: string; limit: number }[]): boolean {
    const since = now - CLIENT_ERROR_LIMITS.windowMs
    const recent = keys.map(({ key }) => (this.times.get(key) ?? []).filter((time) => time > since))
    if (keys.some(({ limit }, index) => (recent[index]?.length ?? 0) >= limit)) return false
    keys.forEach(({ key }, index) => this.times.set(key, [...(recent[index] ?? []), now]))
    if (this.times.size > 10_000) this.prune(since)
    return true
  }

  private prune(since: number): void {
    for (const [key, times] of this.times) if (!times.some((time) => time > since)) this.times.delete(key)
  }
}

const mountPath = CLIENT_ERRORS_PATH.replace(/^\/api/, '')

/** The route, mounted under /api; each app has its own counts. */
export function clientErrorRoutes() {
  const counts = new SlidingWindow()
  return new Hono<AppEnv>().post(mountPath, validate('json', ClientErrorReport), (c) => {
    const accepted = counts.take(c.get('deps').clock.now(), [
      { key: `ip:${clientAddress(c)}`, limit: CLIENT_ERROR_LIMITS.perAddress },
      { key: 'all', limit: CLIENT_ERROR_LIMITS.total },
    ])
    if (!accepted) {
      const retryAfter = String(Math.ceil(CLIENT_ERROR_LIMITS.windowMs / 1000))
      throw new HttpError(429, TOO_MANY_ATTEMPTS, { headers: { 'Retry-After': retryAfter } })
    }
    const report = c.req.valid('json')
    c.get('deps').logger.error('Client render error', { ...report, address: clientAddress(c) })
    return c.body(null, 204)
  })
}
