import { CONTROL_CHARACTERS_MESSAGE } from '@engage/contract'
import { type Context, Hono, type HonoRequest } from 'hono'
import { authenticateApiKey } from '../domain/api-keys'
import { runV2Action } from '../smm-api/actions'
import { V2_ERRORS, type V2Fields } from '../smm-api/protocol'
import type { AppEnv } from '../http/env'
import { HttpError } from '../http/errors'
import { findControlCharacter } from '../http/input-guard'
import { clientAddress } from '../http/rate-limit'

// /api/v2: the SMM panel API v2 for customers' scripts and reseller panels, mounted at API_V2_PATH (with or
// without a trailing slash). It answers as panels do, not in the rest of the API's shape: HTTP 200 with JSON
// and a refusal as `{ "error": "..." }`, the rate limit included (reseller scripts read the body, not the
// status). The fields come by GET or POST, in the query string, form-encoded as the protocol sends them, or
// as JSON.

// ---- Rate limit -------------------------------------------------------------------------------------------

/** Requests one key may make per minute. */
export const V2_REQUESTS_PER_MINUTE = 60

interface Bucket {
  tokens: number
  updatedAt: number
}

/**
 * A token bucket per key: V2_REQUESTS_PER_MINUTE at once, refilled at the same rate per minute. Kept in this
 * process's memory (per database, so two apps in one test process do not share it): with several server
 * processes on one PostgreSQL the limit holds per process, which is enough to keep one key from crowding the
 * others out without a database write per request.
 */
class KeyRateLimiter {
  private readonly buckets = new Map<string, Bucket>()
  private readonly refillPerMs: number

  constructor(private readonly perMinute: number) {
    this.refillPerMs = perMinute / 60_000
  }

  /** Takes one request from the subject's bucket; answers 0, or the milliseconds until one is available. */
  take(subject: string, now: number): number {
    const bucket = this.buckets.get(subject) ?? { tokens: this.perMinute, updatedAt: now }
    const elapsed = Math.max(0, now - bucket.updatedAt)
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + elapsed * this.refillPerMs)
    bucket.updatedAt = now
    this.buckets.set(subject, bucket)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      this.forgetIdle(now)
      return 0
    }
    return Math.ceil((1 - bucket.tokens) / this.refillPerMs)
  }

  /** The milliseconds until the subject may make a request, without taking one (0 when it may now). */
  peek(subject: string, now: number): number {
    const bucket = this.buckets.get(subject)
    if (!bucket) return 0
    const tokens = Math.min(
      this.perMinute,
      bucket.tokens + Math.max(0, now - bucket.updatedAt) * this.refillPerMs,
    )
    return tokens >= 1 ? 0 : Math.ceil((1 - tokens) / this.refillPerMs)
  }

  /** A bucket left alone for a minute is full again: dropping it changes nothing and bounds the memory. */
  private forgetIdle(now: number): void {
    if (this.buckets.size < 10_000) return
    for (const [subject, bucket] of this.buckets) {
      if (now - bucket.updatedAt >= 60_000) this.buckets.delete(subject)
    }
  }
}

/** Wrong keys one address may send per minute before it is told to wait, so keys cannot be guessed. */
export const V2_WRONG_KEYS_PER_MINUTE = 20

interface Limiters {
  keys: KeyRateLimiter
  wrongKeys: KeyRateLimiter
}

const limiters = new WeakMap<object, Limiters>()

function limitersFor(db: object): Limiters {
  let found = limiters.get(db)
  if (!found) {
    found = {
      keys: new KeyRateLimiter(V2_REQUESTS_PER_MINUTE),
      wrongKeys: new KeyRateLimiter(V2_WRONG_KEYS_PER_MINUTE),
    }
    limiters.set(db, found)
  }
  return found
}

// ---- Reading the request ----------------------------------------------------------------------------------

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The request's fields as text: form fields (urlencoded or multipart) as sent; JSON numbers and booleans as
 * text, and lists joined as the form would carry them (`comments` one per line, `orders` comma-separated).
 * Null when the body cannot be read as either.
 */
async function readFields(request: HonoRequest): Promise<V2Fields | null> {
  // Panels take the fields from the query string as well as the body (GET ?key=...&action=balance); a field
  // in both is read from the body.
  const query = request.queries()
  const fromQuery: Record<string, string> = {}
  for (const [name, values] of Object.entries(query)) {
    if (values.length > 0) fromQuery[name] = values.join(',')
  }
  if (request.method === 'GET') return fromQuery
  const fromBody = await readBody(request)
  return fromBody === null ? null : { ...fromQuery, ...fromBody }
}

async function readBody(request: HonoRequest): Promise<V2Fields | null> {
  try {
    if ((request.header('content-type') ?? '').toLowerCase().includes('application/json')) {
      const body: unknown = await request.json()
      if (!isPlainObject(body)) return null
      const fields: Record<string, string> = {}
      for (const [name, value] of Object.entries(body)) {
        if (typeof value === 'string') fields[name] = value
        else if (typeof value === 'number' || typeof value === 'boolean') fields[name] = String(value)
        else if (Array.isArray(value)) fields[name] = value.map(String).join(name === 'comments' ? '\n' : ',')
      }
      return fields
    }
    const body = await request.parseBody()
    const fields: Record<string, string> = {}
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === 'string') fields[name] = value
    }
    return fields
  } catch (error) {
    // A body over the size limit keeps its 413; anything else unreadable is an incorrect request.
    if (error instanceof HttpError) throw error
    return null
  }
}

// ---- The endpoint -----------------------------------------------------------------------------------------

/** A refusal with a status of its own (a body too large), in the protocol's shape. */
function errorAnswer(text: string, status: 200 | 413 | 500, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ error: text }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store', ...headers },
  })
}

/**
 * Over a rate limit: HTTP 200 with `{ error }` and Retry-After, as panels answer. Published clients treat any
 * other status as a failed transport and never show the text.
 */
function tooManyRequests(waitMs: number) {
  return errorAnswer(V2_ERRORS.tooManyRequests, 200, {
    'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
  })
}

async function answer(c: Context<AppEnv>) {
  const { db, clock, config } = c.get('deps')
  const fields = await readFields(c.req)
  if (fields === null) return c.json({ error: V2_ERRORS.incorrectRequest })
  const unreadable = findControlCharacter(fields)
  if (unreadable !== null) return c.json({ error: `${unreadable}: ${CONTROL_CHARACTERS_MESSAGE}` })
  const limits = limitersFor(db)
  const address = clientAddress(c)
  // An address that keeps sending wrong keys waits before any key of it is even looked up.
  const guessing = limits.wrongKeys.peek(address, clock.now())
  if (guessing > 0) return tooManyRequests(guessing)
  const owner = await authenticateApiKey(db, fields.key?.trim() ?? '', clock.now())
  if (!owner) {
    limits.wrongKeys.take(address, clock.now())
    return c.json({ error: V2_ERRORS.invalidKey })
  }
  const waitMs = limits.keys.take(String(owner.keyId), clock.now())
  if (waitMs > 0) return tooManyRequests(waitMs)
  const action = fields.action?.trim() ?? ''
  if (action === '') return c.json({ error: V2_ERRORS.incorrectRequest })
  c.header('Cache-Control', 'no-store')
  return c.json(
    await runV2Action(
      {
        db,
        userId: owner.userId,
        actorUserId: owner.memberUserId,
        role: owner.role,
        now: clock.now(),
        operatorAiKeys: config.ai.defaultApiKeys,
      },
      action,
      fields,
    ),
  )
}

export const v2Routes = new Hono<AppEnv>().on(['GET', 'POST'], '/', answer).onError((error, c) => {
  if (error instanceof HttpError && error.status === 413) return errorAnswer(error.detail, 413)
  c.get('deps').logger.error('Unhandled error in API v2', {
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  })
  return errorAnswer('Internal server error', 500)
})
