import { randomBytes } from 'node:crypto'
import os from 'node:os'
import type { Db } from '../db/connect'
import type { Job } from '../db/schema'
import { type Clock, systemClock } from '../domain/clock'
import { type Logger, silentLogger } from '../logger'
import { withRequestId } from '../ops/request-context'
import {
  claimDueJobs,
  ensureRecurringJob,
  extendLeases,
  markJobDead,
  markJobDone,
  markJobForRetry,
  markJobWaiting,
  markRecurringJobRescheduled,
  recurringJobKey,
} from './claim'
import type { JobKind, JobPayloads } from './queue'

// The job worker: claims due jobs with a lease, runs their handlers a few at a time, and records each outcome
// (done, retry later with backoff, dead after its last attempt). Several workers, in one process or in many
// sharing one database, split the work between them; a worker that dies leaves leases that expire, and its
// jobs are claimed again (see claim.ts).

/** What a handler sees of the job it runs. */
export interface JobContext {
  db: Db
  clock: Clock
  logger: Logger
  /** The claimed row; `attempts` counts this attempt. */
  job: Job
  /** True when a failure now marks the job dead. */
  lastAttempt: boolean
}

/**
 * A handler answers nothing when it did its work, or `{ waitUntil }` when it is not ready to (it waits for
 * something else to happen first) and wants to run again then; waiting does not use up an attempt. It throws
 * to fail: the job is retried with backoff, and after its last attempt it is dead.
 *
 * Handlers must be idempotent: a worker can die after the work and before recording it, and the job then
 * runs again.
 */
export type JobResult = undefined | { waitUntil: number; reason: string }

export interface JobHandler<Payload> {
  run(payload: Payload, context: JobContext): Promise<JobResult>
  /**
   * Called once the job has used up its attempts, before it is marked dead: the place to leave what the job was
   * about in a state a person can act on (an order paused with the reason, for example). If it throws, the job
   * is not marked dead and its next claim, after the lease expires, calls it again.
   */
  giveUp?(payload: Payload, context: JobContext, error: unknown): Promise<void>
}

export type JobHandlers = { [Kind in JobKind]?: JobHandler<JobPayloads[Kind]> }

/** A job with one row that runs every `intervalMs` (a status sync, a scheduler), whoever runs it. */
export interface RecurringJob {
  kind: JobKind
  intervalMs: number
}

export interface BackoffOptions {
  /** Delay after the first failure, in ms. @default 2000 */
  baseMs: number
  /** The longest delay, in ms. @default 300000 (5 minutes) */
  maxMs: number
}

export const defaultBackoff: BackoffOptions = { baseMs: 2000, maxMs: 300_000 }

/**
 * The delay before the next attempt after `attempt` failed ones: exponential (base × 2^(attempt - 1), capped),
 * with "equal jitter" (half fixed, half random) so that jobs failing together do not all come back together
 * and still wait at least half the nominal delay.
 */
export function retryDelayMs(attempt: number, backoff: BackoffOptions, random: () => number): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30)
  const nominal = Math.min(backoff.maxMs, backoff.baseMs * 2 ** exponent)
  return Math.round(nominal / 2 + random() * (nominal / 2))
}

/**
 * The wait an error asks for (an upstream's `Retry-After`, carried as a numeric `retryAfterMs`), or 0. The next
 * attempt waits the longer of this and the backoff, so a provider that asks us to slow down is not hammered.
 */
export function requestedDelayMs(error: unknown): number {
  if (typeof error !== 'object' || error === null || !('retryAfterMs' in error)) return 0
  const value = error.retryAfterMs
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0
}

export interface WorkerOptions {
  db: Db
  handlers: JobHandlers
  recurring?: readonly RecurringJob[]
  /** @default the system clock */
  clock?: Clock
  logger?: Logger
  /** Jobs run at the same time by this worker. @default 4 */
  concurrency?: number
  /** How often an idle worker looks for due jobs, in ms. @default 500 */
  pollIntervalMs?: number
  /** How long a claim holds a job without a heartbeat, in ms; a dead worker's jobs wait this long. @default 30000 */
  leaseMs?: number
  backoff?: Partial<BackoffOptions>
  /** Attempts of a recurring job in a row before it waits for its next round. @default 3 */
  recurringMaxAttempts?: number
  /** @default Math.random */
  random?: () => number
  /** Names this worker in lease_owner. @default host:pid:random */
  owner?: string
}

export interface Worker {
  readonly owner: string
  /** Starts polling; jobs run in the background until stop(). */
  start(): void
  /** Stops claiming and waits for the jobs it is running to finish. */
  stop(): Promise<void>
  /** Looks for due jobs now instead of at the next poll. */
  wake(): void
  /**
   * Claims and runs due jobs until none is due, then answers how many ran. For tests and scripts that move a
   * clock by hand instead of starting the worker.
   */
  drain(): Promise<number>
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  return String(error)
}

export function createWorker(options: WorkerOptions): Worker {
  const db = options.db
  const clock = options.clock ?? systemClock
  const logger = options.logger ?? silentLogger
  const concurrency = Math.max(1, options.concurrency ?? 4)
  const pollIntervalMs = options.pollIntervalMs ?? 500
  const leaseMs = options.leaseMs ?? 30_000
  const backoff: BackoffOptions = { ...defaultBackoff, ...options.backoff }
  const recurringMaxAttempts = options.recurringMaxAttempts ?? 3
  const random = options.random ?? Math.random
  const owner = options.owner ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  const handlers = options.handlers as Partial<Record<string, JobHandler<unknown>>>
  const kinds = Object.keys(handlers).filter((kind) => handlers[kind] !== undefined)
  const recurringByKind = new Map((options.recurring ?? []).map((recurring) => [recurring.kind, recurring]))

  const inFlight = new Map<number, Promise<void>>()
  let started = false
  let stopping = false
  let pollTimer: NodeJS.Timeout | undefined
  let heartbeatTimer: NodeJS.Timeout | undefined
  let ticking: Promise<void> | undefined
  let tickAgain = false
  let recurringReady: Promise<void> | undefined

  function ensureRecurring(): Promise<void> {
    recurringReady ??= (async () => {
      const now = clock.now()
      for (const recurring of recurringByKind.values()) {
        await ensureRecurringJob(db, {
          kind: recurring.kind,
          runAt: now,
          now,
          maxAttempts: recurringMaxAttempts,
        })
      }
    })().catch((error: unknown) => {
      recurringReady = undefined
      throw error
    })
    return recurringReady
  }

  async function claim(limit: number): Promise<Job[]> {
    return claimDueJobs(db, { owner, limit, leaseMs, now: clock.now(), kinds })
  }

  async function runJob(job: Job): Promise<void> {
    const now = () => clock.now()
    const fence = () => ({ jobId: job.id, owner, now: now() })
    const recurring =
      job.unique_key === recurringJobKey(job.kind) ? recurringByKind.get(job.kind as JobKind) : undefined
    const handler = handlers[job.kind]
    const context: JobContext = { db, clock, logger, job, lastAttempt: job.attempts >= job.max_attempts }
    let payload: unknown
    try {
      payload = JSON.parse(job.payload)
    } catch {
      payload = undefined
    }
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`)
      if (payload === undefined) throw new Error('The payload is not JSON')
      // A claim beyond the last attempt means earlier runs died without reporting (their lease expired):
      // the job does not run again, it gives up.
      if (!recurring && job.attempts > job.max_attempts) {
        throw new Error(
          `Attempts used up: the worker running attempt ${job.max_attempts} stopped before it finished`,
        )
      }
      const result = await handler.run(payload, context)
      if (recurring) {
        await markRecurringJobRescheduled(db, {
          ...fence(),
          runAt: now() + recurring.intervalMs,
          error: null,
        })
      } else if (result) {
        await markJobWaiting(db, { ...fence(), runAt: result.waitUntil, reason: result.reason })
      } else if (!(await markJobDone(db, fence()))) {
        logger.warn('Job finished after its lease was lost', { jobId: job.id, kind: job.kind })
      }
    } catch (error) {
      const message = errorMessage(error)
      if (recurring) {
        const runAt =
          job.attempts >= job.max_attempts
            ? now() + recurring.intervalMs
            : now() +
              Math.max(
                requestedDelayMs(error),
                Math.min(retryDelayMs(job.attempts, backoff, random), recurring.intervalMs),
              )
        logger.warn('Recurring job failed', { jobId: job.id, kind: job.kind, error: message })
        if (job.attempts >= job.max_attempts) {
          await markRecurringJobRescheduled(db, { ...fence(), runAt, error: message })
        } else {
          await markJobForRetry(db, { ...fence(), runAt, error: message })
        }
        return
      }
      if (job.attempts < job.max_attempts) {
        logger.warn('Job failed, will retry', {
          jobId: job.id,
          kind: job.kind,
          attempt: job.attempts,
          error: message,
        })
        await markJobForRetry(db, {
          ...fence(),
          runAt: now() + Math.max(requestedDelayMs(error), retryDelayMs(job.attempts, backoff, random)),
          error: message,
        })
        return
      }
      try {
        if (handler?.giveUp && payload !== undefined) await handler.giveUp(payload, context, error)
      } catch (giveUpError) {
        // Left running: the lease expires and the next claim tries to give up again.
        logger.error('Job could not give up cleanly', {
          jobId: job.id,
          kind: job.kind,
          error: errorMessage(giveUpError),
        })
        return
      }
      logger.error('Job is dead', { jobId: job.id, kind: job.kind, error: message })
      await markJobDead(db, { ...fence(), error: message })
    }
  }

  /** Runs a job and never rejects: a failure to record an outcome leaves the lease to expire. */
  function track(job: Job): Promise<void> {
    // The job's log lines (and its upstream calls') carry the id of the request that enqueued it, if any.
    const running = withRequestId(job.request_id, () => runJob(job))
      .catch((error: unknown) => {
        logger.error('Job outcome not recorded; its lease will expire', {
          jobId: job.id,
          kind: job.kind,
          error: errorMessage(error),
        })
      })
      .finally(() => {
        inFlight.delete(job.id)
        if (started && !stopping) wake()
      })
    inFlight.set(job.id, running)
    return running
  }

  function tick(): Promise<void> {
    if (ticking) {
      tickAgain = true
      return ticking
    }
    ticking = claimAndRun().finally(() => {
      ticking = undefined
      // A wake-up that came while the last claim was finishing is not lost.
      if (tickAgain) wake()
      else schedulePoll()
    })
    return ticking
  }

  async function claimAndRun(): Promise<void> {
    do {
      tickAgain = false
      if (stopping) return
      const free = concurrency - inFlight.size
      if (free <= 0) return
      let jobs: Job[]
      try {
        await ensureRecurring()
        jobs = await claim(free)
      } catch (error) {
        logger.error('Could not claim jobs', { error: errorMessage(error) })
        return
      }
      for (const job of jobs) void track(job)
      // A full claim means more may be due: look again at once.
      if (jobs.length === free) tickAgain = true
    } while (tickAgain && !stopping)
  }

  function schedulePoll() {
    if (!started || stopping) return
    clearTimeout(pollTimer)
    pollTimer = setTimeout(() => void tick(), pollIntervalMs)
  }

  function wake() {
    if (!started || stopping) return
    if (ticking) {
      // The claim under way looks again before it ends.
      tickAgain = true
      return
    }
    clearTimeout(pollTimer)
    pollTimer = setTimeout(() => void tick(), 0)
  }

  async function heartbeat() {
    const ids = [...inFlight.keys()]
    if (ids.length === 0) return
    try {
      const held = await extendLeases(db, { owner, jobIds: ids, leaseMs, now: clock.now() })
      for (const id of ids) {
        if (!held.has(id) && inFlight.has(id)) logger.warn('Lost the lease of a running job', { jobId: id })
      }
    } catch (error) {
      logger.error('Could not extend job leases', { error: errorMessage(error) })
    }
  }

  return {
    owner,
    start() {
      if (started) return
      started = true
      stopping = false
      heartbeatTimer = setInterval(() => void heartbeat(), Math.max(50, Math.floor(leaseMs / 3)))
      wake()
    },
    async stop() {
      stopping = true
      clearTimeout(pollTimer)
      // A claim under way finishes first, so the jobs it takes are waited for too; heartbeats go on until the
      // last job finishes, so no lease expires under a job still running.
      await ticking
      await Promise.allSettled([...inFlight.values()])
      clearInterval(heartbeatTimer)
      started = false
    },
    wake,
    async drain() {
      await ensureRecurring()
      let ran = 0
      for (;;) {
        const jobs = await claim(concurrency)
        if (jobs.length === 0) return ran
        await Promise.all(jobs.map(track))
        ran += jobs.length
      }
    },
  }
}
