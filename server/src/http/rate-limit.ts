import { TOO_MANY_ATTEMPTS } from '@engage/contract'
import type { Context } from 'hono'
import { type AuthAction, countAttempts, pruneAttempts, recordAttempts } from '../domain/accounts'
import type { AppEnv } from './env'
import { HttpError } from './errors'

// Rate limits of sign-in, sign-up and forgot-password, per account and per client address, counted in the
// auth_attempts table so they hold across restarts and across server processes sharing one PostgreSQL.
// Every attempt counts (a success too): the limits are generous for a person and tight for a script.

/**
 * The client's address: the socket's peer, or with TRUST_PROXY the leftmost X-Forwarded-For entry (the
 * address the proxy saw). 'unknown' when neither exists (requests made in-process by tests).
 */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.var.deps.config.trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return c.env?.incoming?.socket.remoteAddress ?? 'unknown'
}

// Old rows are pruned at most once a minute per database: a delete kept off the path of most requests.
const PRUNE_INTERVAL_MS = 60_000
const lastPruneAt = new WeakMap<object, number>()

/**
 * Counts this attempt against the address and, when given, the account; throws 429 with Retry-After once
 * either is over its limit (the refused attempt itself is not counted).
 */
export async function limitAuthAttempt(
  c: Context<AppEnv>,
  action: AuthAction,
  email?: string,
): Promise<void> {
  const { db, clock, config } = c.var.deps
  const { windowMs, perAccount, perIp } = config.authRateLimit
  const now = clock.now()
  const since = now - windowMs
  const prunedAt = lastPruneAt.get(db)
  if (prunedAt === undefined || now - prunedAt >= PRUNE_INTERVAL_MS || now < prunedAt) {
    lastPruneAt.set(db, now)
    await pruneAttempts(db, since)
  }
  const subjects: { subject: string; limit: number }[] = [{ subject: `ip:${clientAddress(c)}`, limit: perIp }]
  if (email !== undefined) subjects.push({ subject: `account:${email}`, limit: perAccount })
  let retryAfterMs = 0
  for (const { subject, limit } of subjects) {
    const { count, oldest } = await countAttempts(db, action, subject, since)
    if (count >= limit && oldest !== null) retryAfterMs = Math.max(retryAfterMs, oldest + windowMs - now)
  }
  if (retryAfterMs > 0) {
    throw new HttpError(429, TOO_MANY_ATTEMPTS, {
      headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
    })
  }
  await recordAttempts(
    db,
    action,
    subjects.map(({ subject }) => subject),
    now,
  )
}
