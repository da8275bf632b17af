import { type ExpressionBuilder, type Kysely, type RawBuilder, sql, type UpdateObject } from 'kysely'
import type { Db } from '../db/connect'
import { isPostgres } from '../db/dialect'
import { type QueryValues, reusableQuery, type StandIns } from '../db/reusable-query'
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
export async function claimDueJobs(db: Db, input: ClaimInput): Promise<Job[]> {
  const { owner, limit, leaseMs, now, kinds } = input
  if (limit <= 0 || kinds.length === 0) return []
  // isPostgres reads only the adapter, which does not depend on the table types.
  const jobs = isPostgres(db as unknown as Kysely<unknown>)
    ? await claimOnPostgres(db, input)
    : (await sqliteClaimOf(kinds)(db, { owner, leaseExpiresAt: now + leaseMs, now, limit })).rows
  return jobs.sort((left, right) => left.run_at - right.run_at || left.id - right.id)
}

interface ClaimInput {
  owner: string
  limit: number
  leaseMs: number
  now: number
  /** Only jobs of these kinds: a worker leaves kinds it has no handler for to workers that have one. */
  kinds: readonly string[]
}

/** What a claim writes on each job it takes: running under `owner`'s lease, one attempt more. */
function claimedBy(owner: string, leaseExpiresAt: number, now: number) {
  return {
    status: 'running' as const,
    lease_owner: owner,
    lease_expires_at: leaseExpiresAt,
    attempts: sql<number>`attempts + 1`,
    updated_at: now,
  }
}

/** PostgreSQL: the due rows locked (skipping those another worker holds), then marked running. */
function claimOnPostgres(db: Db, { owner, limit, leaseMs, now, kinds }: ClaimInput): Promise<Job[]> {
  const due = (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<=', now)]),
      ]),
      eb('kind', 'in', [...kinds]),
    ])
  return db.transaction().execute(async (trx) => {
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
      .set(claimedBy(owner, now + leaseMs, now))
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .returningAll()
      .execute()
  })
}

/** SQLite's claim, compiled once for each list of kinds: a worker claims the same kinds every time. */
const sqliteClaims = new Map<string, ReturnType<typeof sqliteClaim>>()

function sqliteClaimOf(kinds: readonly string[]) {
  const key = JSON.stringify(kinds)
  let claim = sqliteClaims.get(key)
  if (!claim) sqliteClaims.set(key, (claim = sqliteClaim(kinds)))
  return claim
}

/** SQLite: one UPDATE whose subquery picks the rows (dueJobIds). */
function sqliteClaim(kinds: readonly string[]) {
  return reusableQuery(
    (db: Db, claim: { owner: string; leaseExpiresAt: number; now: number; limit: number }) =>
      db
        .updateTable('jobs')
        .set(claimedBy(claim.owner, claim.leaseExpiresAt, claim.now))
        .where('id', 'in', dueJobIds(db, { limit: claim.limit, now: claim.now, kinds }))
        .returningAll(),
    { owner: '\u0000owner', leaseExpiresAt: -917_600_011, now: -917_600_012, limit: -917_600_013 },
  )
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

/** Whose lease a change of a claimed job is fenced by, and when it is made. */
type Fence = { jobId: number; owner: string; now: number }

/**
 * A change of a claimed job, compiled once (reusableQuery: the worker makes one after every job), made only
 * while `owner` still holds the job's lease. `changes` puts each value in its column as it is. The change
 * answers false when the lease was lost meanwhile: it was not made.
 */
function fencedChange<Values extends QueryValues>(
  changes: (values: Fence & Values) => UpdateObject<Database, 'jobs'>,
  standIns: StandIns<Values>,
): (db: Db, values: Fence & Values) => Promise<boolean> {
  const run = reusableQuery(
    (db: Db, values: Fence & Values) =>
      db
        .updateTable('jobs')
        .set(changes(values))
        .where('id', '=', values.jobId)
        .where('lease_owner', '=', values.owner)
        .where('status', '=', 'running')
        .returning('id'),
    { jobId: -917_600_001, owner: '\u0000owner', now: -917_600_002, ...standIns } as StandIns<Fence & Values>,
  )
  return async (db, values) => (await run(db, values)).rows.length === 1
}

/** The job did its work. */
export const markJobDone = fencedChange(
  (fence) => ({
    status: 'done',
    lease_owner: null,
    lease_expires_at: null,
    last_error: null,
    updated_at: fence.now,
  }),
  {},
)

/**
 * A claimed job going back to the queue, to run at `runAt` with a note in last_error; its attempts set to
 * `attempts`, or left as the claim counted them.
 */
function requeueFenced(attempts?: number | RawBuilder<number>) {
  return fencedChange(
    (change: Fence & { runAt: number; note: string | null }) => ({
      status: 'queued',
      run_at: change.runAt,
      ...(attempts === undefined ? {} : { attempts }),
      lease_owner: null,
      lease_expires_at: null,
      last_error: change.note,
      updated_at: change.now,
    }),
    { runAt: -917_600_003, note: '\u0000note' },
  )
}
const fencedRetry = requeueFenced()
/** Waiting gives back the attempt its claim counted. */
const fencedWait = requeueFenced(sql<number>`attempts - 1`)
/** A recurring job starts each round with no attempts used. */
const fencedReschedule = requeueFenced(0)

/** The job failed and runs again at `runAt`; the failed claim still counts as an attempt. */
export function markJobForRetry(db: Db, fence: Fence & { runAt: number; error: string }): Promise<boolean> {
  return fencedRetry(db, { ...fence, note: truncated(fence.error) })
}

/** markJobDead's change. */
const fencedDeath = fencedChange(
  (change: Fence & { note: string }) => ({
    status: 'dead',
    lease_owner: null,
    lease_expires_at: null,
    last_error: change.note,
    updated_at: change.now,
  }),
  { note: '\u0000note' },
)

/** The job gave up: it stays in the table, dead, with its last error, for an operator to look at. */
export function markJobDead(db: Db, fence: Fence & { error: string }): Promise<boolean> {
  return fencedDeath(db, { ...fence, note: truncated(fence.error) })
}

/**
 * The job is not ready to do its work and asks to run again at `runAt` (waiting for something else, such as
 * an AI order's texts). Waiting is not a failure: the attempt is given back.
 */
export function markJobWaiting(db: Db, fence: Fence & { runAt: number; reason: string }): Promise<boolean> {
  return fencedWait(db, { ...fence, note: truncated(fence.reason) })
}

/**
 * A recurring job finished one round: it goes back to the queue for the next one, with its attempts reset, so
 * a recurring job never dies. A round that failed keeps its error in last_error for operators.
 */
export function markRecurringJobRescheduled(
  db: Db,
  fence: Fence & { runAt: number; error: string | null },
): Promise<boolean> {
  return fencedReschedule(db, { ...fence, note: fence.error === null ? null : truncated(fence.error) })
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
