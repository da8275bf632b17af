import {
  AUTHENTICATION_REQUIRED,
  INVALID_OR_EXPIRED_TOKEN,
  LIVE_EVENTS_PATH,
  LIVE_HEARTBEAT_MS,
  LIVE_SESSION_PATH,
} from '@engage/contract'
import { Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { type SSEStreamingApi, streamSSE } from 'hono/streaming'
import type { Config } from '../config'
import { authenticateToken, sessionPolicy } from '../domain/sessions'
import { requireAuth } from '../http/auth'
import type { AppEnv } from '../http/env'
import { HttpError } from '../http/errors'
import type { LiveEvent, LiveHub } from '../live/hub'

// The live updates' stream (ADR 180). The browser's EventSource sends no Authorization header, so the panel
// first POSTs its bearer token to LIVE_SESSION_PATH; the answer keeps the token in an HttpOnly, SameSite=Strict
// cookie sent only to these paths, and the stream authenticates by it exactly as a bearer token is (a revoked,
// expired or disabled session is refused, and a stream whose session ends is closed at its next heartbeat).
// Each stream gets only its own customer's events and those for every customer.

const LIVE_COOKIE = 'engage_live'
/** How long the browser waits before reconnecting after the connection drops. */
const RECONNECT_DELAY_MS = 2_000
/** How far back a first connection's events go: longer than a page takes from its first calls to the stream. */
const FIRST_CONNECTION_LOOKBACK_MS = 30_000
const BEARER = /^Bearer +([A-Za-z0-9_-]{1,200})$/i
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/
/** An event id, as this server writes them. Anything else is treated as no id: the stream starts afresh. */
const EVENT_ID = /^\d{1,15}$/

function cookieOptions(config: Config) {
  return {
    path: LIVE_EVENTS_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: config.publicUrl.startsWith('https:'),
  } as const
}

function eventData(event: LiveEvent): string {
  if (event.topic === 'order') return JSON.stringify({ orderId: event.subjectId })
  if (event.topic === 'notification') return JSON.stringify({ notificationId: event.subjectId })
  return '{}'
}

/** Resolves after `ms`, or at once when either signal is aborted. */
function pause(ms: number, signals: AbortSignal[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      for (const signal of signals) signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    for (const signal of signals) signal.addEventListener('abort', done, { once: true })
  })
}

const sessionPath = LIVE_SESSION_PATH.replace(/^\/api/, '')
const streamPath = LIVE_EVENTS_PATH.replace(/^\/api/, '')

/** The routes, mounted under /api, reading from this process's hub. */
export function liveEventRoutes(hub: LiveHub) {
  return new Hono<AppEnv>()
    .post(sessionPath, requireAuth, (c) => {
      const token = BEARER.exec(c.req.header('Authorization')?.trim() ?? '')?.[1] ?? ''
      const { config } = c.get('deps')
      setCookie(c, LIVE_COOKIE, token, {
        ...cookieOptions(config),
        maxAge: Math.floor(config.sessionAbsoluteMs / 1000),
      })
      return c.body(null, 204)
    })
    .delete(sessionPath, (c) => {
      deleteCookie(c, LIVE_COOKIE, cookieOptions(c.get('deps').config))
      return c.body(null, 204)
    })
    .get(streamPath, async (c) => {
      const { db, clock, config } = c.get('deps')
      const token = getCookie(c, LIVE_COOKIE)
      if (token === undefined || token === '') throw new HttpError(401, AUTHENTICATION_REQUIRED)
      const policy = sessionPolicy(config)
      const sessionValid = async () =>
        TOKEN.test(token) && (await authenticateToken(db, token, clock.now(), policy)) !== undefined
      const session = TOKEN.test(token) ? await authenticateToken(db, token, clock.now(), policy) : undefined
      if (!session) throw new HttpError(401, INVALID_OR_EXPIRED_TOKEN)
      // The events of the account the session acts on: its workspace's (ADR 270).
      const userId = session.workspace?.accountId ?? session.user.id
      const lastEventId = c.req.header('Last-Event-ID') ?? c.req.query('lastEventId')
      const resumeAfter = lastEventId !== undefined && EVENT_ID.test(lastEventId) ? Number(lastEventId) : null

      return streamSSE(c, async (stream: SSEStreamingApi) => {
        const ended = new AbortController()
        stream.onAbort(() => ended.abort())
        let writing = Promise.resolve()
        const send = (message: Parameters<SSEStreamingApi['writeSSE']>[0]) => {
          writing = writing.then(() => stream.writeSSE(message)).catch(() => ended.abort())
        }
        const deliver = (event: LiveEvent) =>
          send({ event: event.topic, id: String(event.id), data: eventData(event) })

        // Events committed while the replay is read are held, then sent after it unless it had them already.
        let held: LiveEvent[] | undefined = []
        const { latestId, unsubscribe } = await hub.subscribe(userId, (event) => {
          if (held) held.push(event)
          else deliver(event)
        })
        try {
          // A first connection gets the last seconds' events: the changes made between the page's first calls
          // and the stream's start, which the page would otherwise miss until the next change.
          const replayed =
            resumeAfter === null
              ? await hub.recent(userId, FIRST_CONNECTION_LOOKBACK_MS)
              : await hub.replay(userId, resumeAfter)
          if (replayed === null) {
            send({ event: 'reset', id: String(latestId), data: '{}', retry: RECONNECT_DELAY_MS })
          } else {
            for (const event of replayed) deliver(event)
            // Sets the browser's Last-Event-ID: a reconnect then asks for what came after this point.
            send({ event: 'ping', id: String(latestId), data: '{}', retry: RECONNECT_DELAY_MS })
          }
          const replayedIds = new Set(replayed?.map((event) => event.id))
          const late = held.filter((event) => !replayedIds.has(event.id))
          held = undefined
          for (const event of late) deliver(event)

          while (!ended.signal.aborted && !hub.closing.aborted) {
            await pause(LIVE_HEARTBEAT_MS, [ended.signal, hub.closing])
            if (ended.signal.aborted || hub.closing.aborted) break
            if (!(await sessionValid())) break
            send({ event: 'ping', data: '{}' })
          }
        } finally {
          unsubscribe()
          await writing
        }
      })
    })
}
