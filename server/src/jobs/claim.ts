import { type ExpressionBuilder, type Kysely, sql, type UpdateObject } from 'kysely'
import type { Db } from '../db/connect'
import { isPostgres } from '../db/dialect'
import type { Database, Job } from '../db/schema'

// The consumer side of the job queue: the state changes of a claimed job. queue.ts inserts jobs; worker.ts runs
// them through these functions. Every change after the claim is fenced by the lease owner, so a worker whose
// lease expired (it stalled, and another worker took the job over) cannot overwrite the newer run's outcome.

/** Longest text kept in last_error; a stack or an HTML error page is cut. */
const LAST_ERROR_MAX_LENGTH = 2000

function truncated(text: string): string {
  return text.length > LAST_ERROR_MAX_LENGTH ? `${text.slice(0, LAST_ERROR_MAX_LENGTH - 1)}…` : text
}

/**
 * Claims up to `limit` due jobs for `owner`: queued jobs whose run_at has come, and running jobs whose lease
 * expired (their worker died or stalled). Each claim counts an attempt, so a job that keeps killing its
 * worker ends dead instead of looping. Answers the claimed rows, oldest due first.
 *
 * PostgreSQL: SELECT ... FOR UPDATE SKIP LOCKED inside the transaction that marks them running, so
 * concurrent workers each take different rows without waiting on each other. SQLite: one UPDATE whose
 * subquery picks the rows; a statement is atomic and SQLite has a single writer, so no two claims overlap.
 */
export async function claimDueJobs(
  db: Db,
  input: {
    owner: string
    limit: number
    leaseMs: number
    now: number
    /** Only jobs of these kinds: a worker leaves kinds it has no handler for to workers that have one. */
    kinds: readonly string[]
  },
): Promise<Job[]> {
  const { owner, limit, leaseMs, now, kinds } = input
  if (limit <= 0 || kinds.length === 0) return []
  const claimed = {
    status: 'running' as const,
    lease_owner: owner,
    lease_expires_at: now + leaseMs,
    attempts: sql<number>`attempts + 1`,
    updated_at: now,
  }
  const due = (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<=', now)]),
      ]),
      eb('kind', 'in', [...kinds]),
    ])

  let jobs: Job[]
  // isPostgres reads only the adapter, which does not depend on the table types.
  if (isPostgres(db as unknown as Kysely<unknown>)) {
    jobs = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('jobs')
        .select('id')
        .where(due)
        .orderBy('run_at')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute()
      if (rows.length === 0) return []
      return trx
        .updateTable('jobs')
        .set(claimed)
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .returningAll()
        .execute()
    })
  } else {
    jobs = await db
      .updateTable('jobs')
      .set(claimed)
      .where('id', 'in', dueJobIds(db, { limit, now, kinds }))
      .returningAll()
      .execute()
  }
  return jobs.sort((left, right) => left.run_at - right.run_at || left.id - right.id)
}

/**
 * SQLite: the ids of up to `limit` due jobs of `kinds`, each half read from the (status, run_at) index in its
 * order: the expired leases (a handful at most), then the queued jobs that are due, oldest first. With one OR
 * over both, SQLite sorted every due job on each claim, so a backlog made each claim slower (measured: 844 µs a
 * claim behind a few thousand queued orders).
 */
export function dueJobIds(
  db: Db,
  { limit, now, kinds }: { limit: number; now: number; kinds: readonly string[] },
) {
  const oldestDue = (status: 'queued' | 'running', dueColumn: 'run_at' | 'lease_expires_at') =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('status', '=', status)
          .where(dueColumn, '<=', now)
          .where('kind', 'in', [...kinds])
          .orderBy('run_at')
          .orderBy('id')
          .limit(limit)
          .as(status),
      )
      .select('id')
  return oldestDue('running', 'lease_expires_at').unionAll(oldestDue('queued', 'run_at')).limit(limit)
}

/**
 * Pushes back the lease expiry of jobs `owner` is still running. Answers the ids it still holds: a job
 * missing from the answer was taken over after its lease expired.
 */
export async function extendLeases(
  db: Db,
  input: { owner: string; jobIds: readonly number[]; leaseMs: number; now: number },
): Promise<Set<number>> {
  if (input.jobIds.length === 0) return new Set()
  const rows = await db
    .updateTable('jobs')
    .set({ lease_expires_at: input.now + input.leaseMs, updated_at: input.now })
    .where('id', 'in', [...input.jobIds])
    .where('lease_owner', '=', input.owner)
    .where('status', '=', 'running')
    .returning('id')
    .execute()
  return new Set(rows.map((row) => row.id))
}

interface Fence {
  jobId: number
  owner: string
  now: number
}

/** Answers false when the lease was lost meanwhile: the change was not made. */
async function fenced(db: Db, fence: Fence, changes: UpdateObject<Database, 'jobs'>): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set(changes)
    .where('id', '=', fence.jobId)
    .where('lease_owner', '=', fence.owner)
    .where('status', '=', 'running')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The job did its work. */
export function markJobDone(db: Db, fence: Fence): Promise<boolean> {
  return fenced(db, fence, {
    status: 'done',
    lease_owner: null,
    lease_expires_at: null,
    last_error: null,
    updated_at: fence.now,
  })
}

/** The job failed and runs again at `runAt`; the failed claim still counts as an attempt. */
export function markJobForRetry(db: Db, fence: Fence & { runAt: number; error: string }): Promise<boolean> {
  return fenced(db, fence, {
    status: 'queued',
    run_at: fence.runAt,
    lease_owner: null,
    lease_expires_at: null,
    last_error: truncated(fence.error),
    updated_at: fence.now,
  })
}

/** The job gave up: it stays in the table, dead, with its last error, for an operator to look at. */
export function markJobDead(db: Db, fence: Fence & { error: string }): Promise<boolean> {
  return fenced(db, fence, {
    status: 'dead',
    lease_owner: null,
    lease_expires_at: null,
    last_error: truncated(fence.error),
    updated_at: fence.now,
  })
}

/**
 * The job is not ready to do its work and asks to run again at `runAt` (waiting for something else, such as
 * an AI order's texts). Waiting is not a failure: the attempt is given back.
 */
export function markJobWaiting(db: Db, fence: Fence & { runAt: number; reason: string }): Promise<boolean> {
  return fenced(db, fence, {
    status: 'queued',
    run_at: fence.runAt,
    attempts: sql<number>`attempts - 1`,
    lease_owner: null,
    lease_expires_at: null,
    last_error: truncated(fence.reason),
    updated_at: fence.now,
  })
}

/**
 * A recurring job finished one round: it goes back to the queue for the next one, with its attempts reset, so
 * a recurring job never dies. A round that failed keeps its error in last_error for operators.
 */
export function markRecurringJobRescheduled(
  db: Db,
  fence: Fence & { runAt: number; error: string | null },
): Promise<boolean> {
  return fenced(db, fence, {
    status: 'queued',
    run_at: fence.runAt,
    attempts: 0,
    lease_owner: null,
    lease_expires_at: null,
    last_error: fence.error === null ? null : truncated(fence.error),
    updated_at: fence.now,
  })
}

/** The key of a recurring job's one row. */
export function recurringJobKey(kind: string): string {
  return `recurring:${kind}`
}

/**
 * Makes sure the recurring job of `kind` has its row, due at `runAt` at the latest. Several processes may
 * call this at once: the unique key keeps one row, and a row left dead or done by an older version is put back
 * in the queue.
 */
export async function ensureRecurringJob(
  db: Db,
  input: { kind: string; runAt: number; now: number; maxAttempts: number },
): Promise<void> {
  const uniqueKey = recurringJobKey(input.kind)
  await db
    .insertInto('jobs')
    .values({
      kind: input.kind,
      payload: '{}',
      run_at: input.runAt,
      max_attempts: input.maxAttempts,
      unique_key: uniqueKey,
      lease_owner: null,
      lease_expires_at: null,
      last_error: null,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((conflict) => conflict.column('unique_key').doNothing())
    .execute()
  await db
    .updateTable('jobs')
    .set({ status: 'queued', attempts: 0, run_at: input.runAt, updated_at: input.now })
    .where('unique_key', '=', uniqueKey)
    .where('status', 'in', ['done', 'dead'])
    .execute()
}

export interface JobCounts {
  queued: number
  running: number
  done: number
  dead: number
}

/** How many jobs are in each state; what an operator looks at first. */
export async function countJobs(db: Db): Promise<JobCounts> {
  const rows = await db
    .selectFrom('jobs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute()
  const counts: JobCounts = { queued: 0, running: 0, done: 0, dead: 0 }
  for (const row of rows) counts[row.status] = Number(row.count)
  return counts
}

/** Dead jobs, newest first, with their last error. */
export function listDeadJobs(db: Db, limit = 50): Promise<Job[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('status', '=', 'dead')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** Puts a dead job back in the queue with fresh attempts (an operator fixed what killed it). */
export async function requeueDeadJob(db: Db, input: { jobId: number; now: number }): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', attempts: 0, run_at: input.now, updated_at: input.now })
    .where('id', '=', input.jobId)
    .where('status', '=', 'dead')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
