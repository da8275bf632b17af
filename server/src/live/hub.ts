import type { Db } from '../db/connect'
import type { LiveTopic } from '../db/schema'
import { listenForNotifications, type NotificationListener } from './postgres-listener'

// The live updates' reader in one API process (ADR 180). Triggers write every change a customer's open page
// should learn of into live_events, in the transaction that makes the change; this hub reads the rows once
// they are committed and hands each to the streams of its customer held by this process. It reads when woken
// by PostgreSQL's notification (sent at commit) and, as a safety net and SQLite's only way, every `pollMs`
// while a stream is open. With no stream open it reads nothing.
//
// On PostgreSQL ids are handed out when rows are written, not when they commit: a transaction can commit id
// 41 after another has committed 42. The hub therefore remembers the ids it skipped for a while (GAP_WAIT_MS)
// and reads them again when woken; a skipped id that never appears was rolled back. On SQLite writes are
// serialised and ids commit in order.

export interface LiveEvent {
  id: number
  /** The customer it concerns; null for every customer. */
  userId: number | null
  topic: LiveTopic
  /** The order of an 'order' event. */
  subjectId: number | null
}

export type LiveListener = (event: LiveEvent) => void

export interface LiveHubOptions {
  db: Db
  /** Read this often while a stream is open, notified or not. @default 250 (5,000 when notified) */
  pollMs?: number
  /** Events older than this are deleted; a reconnect that missed older ones starts afresh. @default 1 hour */
  retentionMs?: number
  /** PostgreSQL: LISTEN on a dedicated connection to this database and schema (the pool's cannot). */
  listen?: { databaseUrl: string; schema?: string | undefined }
  /** Where a failed read or listen is reported (the hub carries on polling). */
  onError?: (error: unknown) => void
}

export const DEFAULT_RETENTION_MS = 60 * 60_000
/** How long an id skipped on PostgreSQL may still commit. */
const GAP_WAIT_MS = 60_000
/** The most rows one read takes; more are read at once after. */
const READ_BATCH = 500
/** A replay longer than this is answered with a fresh start instead. */
const REPLAY_LIMIT = 1_000
/** When the hub starts reading, ids this far below the newest are checked for late commits too. */
const START_LOOKBACK = 100
const PRUNE_INTERVAL_MS = 60_000

const eventColumns = ['id', 'user_id', 'topic', 'subject_id'] as const

function toEvent(row: { id: number; user_id: number | null; topic: LiveTopic; subject_id: number | null }) {
  return {
    id: Number(row.id),
    userId: row.user_id === null ? null : Number(row.user_id),
    topic: row.topic,
    subjectId: row.subject_id === null ? null : Number(row.subject_id),
  }
}

export interface LiveHub {
  /**
   * Hands `listener` every event of `userId` (and every event for all customers) committed from now on.
   * Resolves, once the hub reads, with the newest event id at that moment and the function that unsubscribes.
   */
  subscribe(userId: number, listener: LiveListener): Promise<{ latestId: number; unsubscribe: () => void }>
  /** The events of `userId` after `afterId`, oldest first; null when some of them are no longer kept. */
  replay(userId: number, afterId: number): Promise<LiveEvent[] | null>
  /** The events of `userId` written in the last `ms` milliseconds (by this process's clock), oldest first. */
  recent(userId: number, ms: number): Promise<LiveEvent[]>
  /** Deletes the events past the retention. main.ts also runs it on a timer (start). */
  prune(): Promise<void>
  /** Prunes on a timer, for a served process. */
  start(): void
  /** Aborted by close(): the streams end, so that a stopping server is not held open by them. */
  readonly closing: AbortSignal
  close(): Promise<void>
}

export function createLiveHub(options: LiveHubOptions): LiveHub {
  const { db } = options
  const retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS
  const pollMs = options.pollMs ?? (options.listen ? 5_000 : 250)
  const reportError = options.onError ?? (() => {})
  const listeners = new Map<number, Set<LiveListener>>()
  let subscriberCount = 0
  /** The highest id read; undefined while no stream is open. */
  let cursor: number | undefined
  /** Ids at or below this were there before the hub started reading: checked for gaps, not handed out. */
  let startedAt = 0
  /** Skipped ids (PostgreSQL) → when to stop waiting for them. */
  const gaps = new Map<number, number>()
  let reading: Promise<void> | undefined
  let readAgain = false
  let pollTimer: NodeJS.Timeout | undefined
  let pruneTimer: NodeJS.Timeout | undefined
  let lastPrunedAt = 0
  let notifications: NotificationListener | undefined
  let closed = false
  const closing = new AbortController()

  function dispatch(event: LiveEvent) {
    const targets =
      event.userId === null ? [...listeners.values()].flatMap((set) => [...set]) : listeners.get(event.userId)
    for (const listener of targets ?? []) listener(event)
  }

  async function readOnce(): Promise<number> {
    if (cursor === undefined) {
      const newest = await db
        .selectFrom('live_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
      startedAt = Number(newest?.id ?? 0)
      cursor = Math.max(0, startedAt - START_LOOKBACK)
    }
    const now = Date.now()
    const waiting = [...gaps.keys()]
    if (waiting.length > 0) {
      const late = await db
        .selectFrom('live_events')
        .select(eventColumns)
        .where('id', 'in', waiting)
        .execute()
      for (const row of late) {
        gaps.delete(Number(row.id))
        if (Number(row.id) > startedAt) dispatch(toEvent(row))
      }
      for (const [id, until] of gaps) if (until <= now) gaps.delete(id)
    }
    const rows = await db
      .selectFrom('live_events')
      .select(eventColumns)
      .where('id', '>', cursor)
      .orderBy('id')
      .limit(READ_BATCH)
      .execute()
    for (const row of rows) {
      const event = toEvent(row)
      // Only the ids just below a row can still be in flight; a jump of thousands is not waited on id by id.
      for (let skipped = Math.max(cursor + 1, event.id - READ_BATCH); skipped < event.id; skipped += 1) {
        gaps.set(skipped, now + GAP_WAIT_MS)
      }
      cursor = event.id
      if (event.id > startedAt) dispatch(event)
    }
    if (now - lastPrunedAt >= PRUNE_INTERVAL_MS) await prune()
    return rows.length
  }

  /** One read at a time; a wake-up during a read reads once more after it. */
  function read(): Promise<void> {
    if (reading) {
      readAgain = true
      return reading
    }
    const run = async () => {
      try {
        do {
          readAgain = false
          if (subscriberCount === 0 || closed) break
          if ((await readOnce()) === READ_BATCH) readAgain = true
        } while (readAgain)
      } catch (error) {
        reportError(error)
      }
    }
    // Cleared in a later turn, never before the assignment (a run that stops at once finishes synchronously).
    const current = run().finally(() => {
      if (reading === current) reading = undefined
    })
    reading = current
    return current
  }

  function schedulePoll() {
    clearTimeout(pollTimer)
    if (subscriberCount === 0 || closed) return
    pollTimer = setTimeout(() => void read().finally(schedulePoll), pollMs)
  }

  async function prune() {
    lastPrunedAt = Date.now()
    await db
      .deleteFrom('live_events')
      .where('created_at', '<', Date.now() - retentionMs)
      .execute()
  }

  return {
    async subscribe(userId, listener) {
      if (closed) throw new Error('The live hub is closed')
      let set = listeners.get(userId)
      if (!set) listeners.set(userId, (set = new Set()))
      set.add(listener)
      subscriberCount += 1
      if (subscriberCount === 1) {
        cursor = undefined
        gaps.clear()
        if (options.listen && !notifications) {
          notifications = listenForNotifications({
            ...options.listen,
            onNotify: () => void read(),
            onError: reportError,
          })
        }
        schedulePoll()
      }
      await read()
      if (cursor === undefined) throw new Error('The live events could not be read')
      let subscribed = true
      return {
        latestId: Math.max(cursor, startedAt),
        unsubscribe: () => {
          if (!subscribed) return
          subscribed = false
          set.delete(listener)
          if (set.size === 0) listeners.delete(userId)
          subscriberCount -= 1
          if (subscriberCount === 0) clearTimeout(pollTimer)
        },
      }
    },

    async replay(userId, afterId) {
      const bounds = await db
        .selectFrom('live_events')
        .select((eb) => [eb.fn.min('id').as('oldest'), eb.fn.max('id').as('newest')])
        .executeTakeFirst()
      const oldest = bounds?.oldest === null || bounds?.oldest === undefined ? null : Number(bounds.oldest)
      const newest = Number(bounds?.newest ?? 0)
      // Ids below the oldest kept may have been deleted; an id above the newest is not one of ours (another
      // database, or one restored from a backup).
      if (oldest === null || afterId < oldest - 1 || afterId > newest) return null
      const rows = await db
        .selectFrom('live_events')
        .select(eventColumns)
        .where('id', '>', afterId)
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))
        .orderBy('id')
        .limit(REPLAY_LIMIT + 1)
        .execute()
      if (rows.length > REPLAY_LIMIT) return null
      return rows.map(toEvent)
    },

    async recent(userId, ms) {
      const rows = await db
        .selectFrom('live_events')
        .select(eventColumns)
        .where('created_at', '>=', Date.now() - ms)
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))
        .orderBy('id')
        .limit(REPLAY_LIMIT)
        .execute()
      return rows.map(toEvent)
    },

    prune,

    start() {
      clearInterval(pruneTimer)
      pruneTimer = setInterval(() => void prune().catch(reportError), PRUNE_INTERVAL_MS)
      pruneTimer.unref()
    },

    closing: closing.signal,

    async close() {
      closed = true
      closing.abort()
      clearTimeout(pollTimer)
      clearInterval(pruneTimer)
      listeners.clear()
      subscriberCount = 0
      await reading
      await notifications?.close()
      notifications = undefined
    },
  }
}
