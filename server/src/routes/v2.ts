import { Hono, type HonoRequest } from 'hono'
import { authenticateApiKey } from '../domain/api-keys'
import { runV2Action } from '../smm-api/actions'
import { V2_ERRORS, type V2Fields } from '../smm-api/protocol'
import type { AppEnv } from '../http/env'
import { HttpError } from '../http/errors'

// POST /api/v2: the SMM panel API v2 for customers, mounted at API_V2_PATH. It answers as panels
// do, not in the rest of the API's shape: HTTP 200 with JSON, a refusal as `{ "error": "..." }` (reseller
// scripts read the body, not the status), and only the rate limit as a status of its own (429). The fields
// `key` and `action` come form-encoded, as the protocol sends them, or as JSON.

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
  private readonly buckets = new Map<number, Bucket>()
  private readonly refillPerMs = V2_REQUESTS_PER_MINUTE / 60_000

  /** Takes one request from the key's bucket; answers 0, or the milliseconds until one is available. */
  take(keyId: number, now: number): number {
    const bucket = this.buckets.get(keyId) ?? { tokens: V2_REQUESTS_PER_MINUTE, updatedAt: now }
    const elapsed = Math.max(0, now - bucket.updatedAt)
    bucket.tokens = Math.min(V2_REQUESTS_PER_MINUTE, bucket.tokens + elapsed * this.refillPerMs)
    bucket.updatedAt = now
    this.buckets.set(keyId, bucket)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      this.forgetIdle(now)
      return 0
    }
    return Math.ceil((1 - bucket.tokens) / this.refillPerMs)
  }

  /** A bucket left alone for a minute is full again: dropping it changes nothing and bounds the memory. */
  private forgetIdle(now: number): void {
    if (this.buckets.size < 10_000) return
    for (const [keyId, bucket] of this.buckets) {
      if (now - bucket.updatedAt >= 60_000) this.buckets.delete(keyId)
    }
  }
}

const limiters = new WeakMap<object, KeyRateLimiter>()

function limiterFor(db: object): KeyRateLimiter {
  let limiter = limiters.get(db)
  if (!limiter) {
    limiter = new KeyRateLimiter()
    limiters.set(db, limiter)
  }
  return limiter
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

/** A refusal with a status of its own (the rate limit, a body too large), in the protocol's shape. */
function errorAnswer(text: string, status: 413 | 429 | 500, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ error: text }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store', ...headers },
  })
}

export const v2Routes = new Hono<AppEnv>()
  .post('/', async (c) => {
    const { db, clock } = c.var.deps
    const fields = await readFields(c.req)
    if (fields === null) return c.json({ error: V2_ERRORS.incorrectRequest })
    const owner = await authenticateApiKey(db, fields.key?.trim() ?? '', clock.now())
    if (!owner) return c.json({ error: V2_ERRORS.invalidKey })
    const waitMs = limiterFor(db).take(owner.keyId, clock.now())
    if (waitMs > 0) {
      return errorAnswer(V2_ERRORS.tooManyRequests, 429, {
        'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
      })
    }
    const action = fields.action?.trim() ?? ''
    if (action === '') return c.json({ error: V2_ERRORS.incorrectRequest })
    c.header('Cache-Control', 'no-store')
    return c.json(await runV2Action({ db, userId: owner.userId, now: clock.now() }, action, fields))
  })
  .onError((error, c) => {
    if (error instanceof HttpError && error.status === 413) return errorAnswer(error.detail, 413)
    c.var.deps.logger.error('Unhandled error in API v2', {
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    })
    return errorAnswer('Internal server error', 500)
  })
