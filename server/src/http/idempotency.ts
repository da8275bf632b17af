import { createHash } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import { requireAuth } from './auth'
import type { AppEnv } from './env'
import { HttpError } from './errors'

// `Idempotency-Key` on the calls that move money (placing orders, mass orders, subscriptions, deposits), with
// Stripe's semantics: the same key with the same request answers the first answer again, marked
// `Idempotent-Replayed: true`; the same key with another request is a 422; a key whose first request still
// runs is a 409. Only successful answers are kept (24 hours): after a refusal the client may fix the request
// and send it again under the same key.

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000
/** A first request that never finished (its process died) stops holding its key after this long. */
export const IDEMPOTENCY_ABANDONED_MS = 5 * 60 * 1000

export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 1 to 255 visible characters'
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was used with a different request; use a new key for a new request'
export const IDEMPOTENCY_KEY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed'

const validKey = /^[\x21-\x7e]{1,255}$/

export const idempotent = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header('Idempotency-Key')
  if (key === undefined) return next()
  if (!validKey.test(key)) throw new HttpError(400, IDEMPOTENCY_KEY_INVALID)
  // The key belongs to the account: authenticate here (the route's own check then finds the same session).
  await requireAuth(c, async () => {})
  const { db, clock } = c.get('deps')
  const userId = c.get('user').id
  const body = await c.req.raw.clone().text()
  const requestHash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${body}`).digest('hex')
  const now = clock.now()

  // The placeholder claims the key: a first request (the usual case) costs one insert and no read. Of two
  // concurrent first requests, the second insert finds the key taken.
  const claim = async () => {
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({ user_id: userId, key, request_hash: requestHash, status: null, body: null, created_at: now })
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
      .executeTakeFirst()
    return Number(claimed.numInsertedOrUpdatedRows ?? 0) === 1
  }
  if (!(await claim())) {
    const existing = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst()
    const stale =
      existing !== undefined &&
      (now - existing.created_at >= IDEMPOTENCY_WINDOW_MS ||
        (existing.status === null && now - existing.created_at >= IDEMPOTENCY_ABANDONED_MS))
    if (existing && !stale) {
      if (existing.request_hash !== requestHash) throw new HttpError(422, IDEMPOTENCY_KEY_REUSED)
      if (existing.status === null || existing.body === null)
        throw new HttpError(409, IDEMPOTENCY_KEY_IN_PROGRESS)
      return new Response(existing.body, {
        status: existing.status,
        headers: {
          'Content-Type': 'application/json',
          'Idempotent-Replayed': 'true',
          'Cache-Control': 'no-store',
        },
      })
    }
    if (existing) {
      // Only the stale row goes: a request that replaced it in the meantime keeps its claim.
      await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('created_at', '=', existing.created_at)
        .execute()
    }
    if (!(await claim())) throw new HttpError(409, IDEMPOTENCY_KEY_IN_PROGRESS)
  }

  let kept = false
  try {
    await next()
    if (c.res.status >= 200 && c.res.status < 300) {
      await db
        .updateTable('idempotency_keys')
        .set({ status: c.res.status, body: await c.res.clone().text() })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute()
      kept = true
    }
  } finally {
    if (!kept) {
      await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).execute()
    }
    // Old keys go with the requests that use keys, not on a timer.
    await db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', now - IDEMPOTENCY_WINDOW_MS)
      .execute()
  }
})
