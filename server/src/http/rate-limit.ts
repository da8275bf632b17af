import { TOO_MANY_ATTEMPTS } from '@engage/contract'
import type { Context } from 'hono'
import type { Db } from '../db/connect'
import type { AuthAction } from '../domain/accounts'
import type { AppEnv } from './env'
import { HttpError } from './errors'

// Rate limits counted in the auth_attempts table, so they hold across restarts and across server processes
// sharing one PostgreSQL: sign-in, sign-up and forgot-password per account and per client address; the start
// of a Google sign-in per address; and AI previews written on the operator's key per customer and per address.
// Every attempt counts (a success too): the limits are generous for a person and tight for a script.

/** What is limited; the `action` column of auth_attempts. */
export type LimitedAction =
  AuthAction | 'google-signin' | 'two-factor' | 'ai-preview' | 'trusted-signin' | 'referral-visit'

/** How long an address stays trusted for an account after a sign-in from it succeeded. */
export const TRUSTED_ADDRESS_MS = 90 * 24 * 60 * 60 * 1000

/**
 * AI previews on the operator's default key (POST /api/ai/preview without a key of the customer's own): each
 * one is a provider call the operator pays for. A customer tuning a prompt previews a few times an hour.
 */
export const AI_PREVIEW_RATE_LIMIT = { windowMs: 60 * 60 * 1000, perUser: 20, perIp: 60 } as const

/** A referral link's visit counts once per visitor (address and link) a day. */
export const REFERRAL_VISIT_WINDOW_MS = 24 * 60 * 60 * 1000

/** How long an attempt of each action counts; the sign-in family follows the configured window. */
function windowsOf(c: Context<AppEnv>): Record<LimitedAction, number> {
  const authWindowMs = c.get('deps').config.authRateLimit.windowMs
  return {
    signin: authWindowMs,
    signup: authWindowMs,
    forgot: authWindowMs,
    'google-signin': authWindowMs,
    'two-factor': authWindowMs,
    'ai-preview': AI_PREVIEW_RATE_LIMIT.windowMs,
    'trusted-signin': TRUSTED_ADDRESS_MS,
    'referral-visit': REFERRAL_VISIT_WINDOW_MS,
  }
}

/**
 * The client's address: the socket's peer, or with TRUST_PROXY the leftmost X-Forwarded-For entry (the
 * address the proxy saw). 'unknown' when neither exists (requests made in-process by tests).
 */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.get('deps').config.trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return c.env?.incoming?.socket.remoteAddress ?? 'unknown'
}

/** The subject of a limit per client address. */
export function addressSubject(c: Context<AppEnv>): string {
  return `ip:${clientAddress(c)}`
}

// ---- The attempts table -----------------------------------------------------------------------------------

/** How many attempts of `action` by `subject` since `since`, and when the oldest of them happened. */
async function countAttempts(db: Db, action: LimitedAction, subject: string, since: number) {
  const row = await db
    .selectFrom('auth_attempts')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.min<number | string | null>('created_at').as('oldest'),
    ])
    .where('action', '=', action)
    .where('subject', '=', subject)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow()
  return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) }
}

// Old rows are pruned at most once a minute per database: a delete kept off the path of most requests. Each
// action's rows go once they are out of that action's own window.
const PRUNE_INTERVAL_MS = 60_000
const lastPruneAt = new WeakMap<object, number>()

async function pruneAttempts(db: Db, windows: Record<LimitedAction, number>, now: number): Promise<void> {
  const prunedAt = lastPruneAt.get(db)
  if (prunedAt !== undefined && now - prunedAt < PRUNE_INTERVAL_MS && now >= prunedAt) return
  lastPruneAt.set(db, now)
  await db
    .deleteFrom('auth_attempts')
    .where((eb) =>
      eb.or(
        Object.entries(windows).map(([action, windowMs]) =>
          eb.and([eb('action', '=', action), eb('created_at', '<=', now - windowMs)]),
        ),
      ),
    )
    .execute()
}

// ---- Limits -----------------------------------------------------------------------------------------------

/** One subject of a limit: `ip:<address>`, `account:<email>` or `user:<id>`, and how many attempts it may make. */
export interface AttemptLimit {
  subject: string
  limit: number
}

/**
 * Counts this attempt of `action` against every subject, unless one of them is at its limit: then nothing is
 * counted and the answer is how many seconds to wait (the Retry-After), else undefined.
 */
export async function takeAttempt(
  c: Context<AppEnv>,
  action: LimitedAction,
  limits: readonly AttemptLimit[],
): Promise<number | undefined> {
  const { db, clock } = c.get('deps')
  const windows = windowsOf(c)
  const windowMs = windows[action]
  const now = clock.now()
  const since = now - windowMs
  await pruneAttempts(db, windows, now)
  let retryAfterMs = 0
  for (const { subject, limit } of limits) {
    const { count, oldest } = await countAttempts(db, action, subject, since)
    if (count >= limit && oldest !== null) retryAfterMs = Math.max(retryAfterMs, oldest + windowMs - now)
  }
  if (retryAfterMs > 0) return Math.max(1, Math.ceil(retryAfterMs / 1000))
  await db
    .insertInto('auth_attempts')
    .values(limits.map(({ subject }) => ({ action, subject, created_at: now })))
    .execute()
  return undefined
}

/** takeAttempt for JSON routes: over a limit it throws 429 `{ detail }` with Retry-After. */
export async function limitAttempt(
  c: Context<AppEnv>,
  action: LimitedAction,
  limits: readonly AttemptLimit[],
): Promise<void> {
  const retryAfterSeconds = await takeAttempt(c, action, limits)
  if (retryAfterSeconds !== undefined) {
    throw new HttpError(429, TOO_MANY_ATTEMPTS, { headers: { 'Retry-After': String(retryAfterSeconds) } })
  }
}

/**
 * The limits of sign-up and forgot-password: per client address and, when given, per account. Sign-in has its
 * own (limitSignIn).
 */
export async function limitAuthAttempt(
  c: Context<AppEnv>,
  action: AuthAction,
  email?: string,
): Promise<void> {
  const { perAccount, perIp } = c.get('deps').config.authRateLimit
  const limits: AttemptLimit[] = [{ subject: addressSubject(c), limit: perIp }]
  if (email !== undefined) limits.push({ subject: `account:${email}`, limit: perAccount })
  await limitAttempt(c, action, limits)
}

function trustSubject(c: Context<AppEnv>, email: string): string {
  return `trusted:${email}|${clientAddress(c)}`
}

/**
 * Sign-in limits that a stranger cannot turn against the owner: per address; per account from one address
 * (a guesser locks out only itself); and a ceiling per account across all addresses against guessing spread
 * over many, which an address the owner signed in from before (trusted for 90 days) does not count against.
 */
export async function limitSignIn(c: Context<AppEnv>, email: string): Promise<void> {
  const { perAccount, perIp, accountCeiling } = c.get('deps').config.authRateLimit
  const limits: AttemptLimit[] = [
    { subject: addressSubject(c), limit: perIp },
    { subject: `account:${email}|${clientAddress(c)}`, limit: perAccount },
  ]
  const { db, clock } = c.get('deps')
  const trusted = await countAttempts(
    db,
    'trusted-signin',
    trustSubject(c, email),
    clock.now() - TRUSTED_ADDRESS_MS,
  )
  if (trusted.count === 0) limits.push({ subject: `account:${email}`, limit: accountCeiling })
  await limitAttempt(c, 'signin', limits)
}

/** Remembers that the account's owner signed in from this address: its later sign-ins skip the ceiling. */
export async function trustAddress(c: Context<AppEnv>, email: string): Promise<void> {
  const { db, clock } = c.get('deps')
  const subject = trustSubject(c, email)
  await db
    .deleteFrom('auth_attempts')
    .where('action', '=', 'trusted-signin')
    .where('subject', '=', subject)
    .execute()
  await db
    .insertInto('auth_attempts')
    .values({ action: 'trusted-signin', subject, created_at: clock.now() })
    .execute()
}
