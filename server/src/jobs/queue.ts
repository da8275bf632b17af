import type { Db } from '../db/connect'
import { reusableQuery } from '../db/reusable-query'
import type { JobStatus } from '../db/schema'
import { currentRequestId } from '../ops/request-context'

// The durable job queue's producer side. A job is a row in `jobs`, inserted in the
// same transaction as the change that needs it (an outbox): when the order commits, so does its next step, and
// when the order rolls back, no job is left behind. The worker that claims and runs jobs lives beside this file.

/** Every job kind and its payload. The worker dispatches on `kind` and parses `payload` as this type. */
export interface JobPayloads {
  /** Send a pending order to its upstream provider (`add`), then mark it processing, or paused on failure. */
  'dispatch-order': { orderId: number }
  /** Send one run of a drip-feed order upstream when it is due (its own provider order). */
  'dispatch-run': { orderId: number; run: number }
  /** Ask the upstream to cancel a processing order, then refund what it did not deliver. */
  'cancel-order': { orderId: number }
  /** Write the AI texts an ai_comments or ai_tweets order still lacks, then enqueue its dispatch. */
  'generate-texts': { orderId: number }
}

export type JobKind = keyof JobPayloads

export const DEFAULT_MAX_ATTEMPTS = 10

export interface EnqueueOptions<Kind extends JobKind> {
  kind: Kind
  payload: JobPayloads[Kind]
  /** Epoch milliseconds when the job becomes due; defaults to `now`. */
  runAt?: number
  /** At most one job ever exists per key: enqueueing a taken key changes nothing and returns null. */
  uniqueKey?: string
  /** Attempts before the job is marked dead. */
  maxAttempts?: number
  /** The caller's clock (epoch milliseconds); defaults to the system clock. */
  now?: number
}

/** The job's insert, compiled once: nothing when its unique key is taken. */
const runEnqueue = reusableQuery(
  (
    trx: Db,
    job: {
      kind: string
      payload: string
      runAt: number
      maxAttempts: number
      uniqueKey: string | null
      requestId: string | null
      now: number
    },
  ) =>
    trx
      .insertInto('jobs')
      .values({
        kind: job.kind as JobKind,
        payload: job.payload,
        run_at: job.runAt,
        max_attempts: job.maxAttempts,
        unique_key: job.uniqueKey,
        request_id: job.requestId,
        lease_owner: null,
        lease_expires_at: null,
        last_error: null,
        created_at: job.now,
        updated_at: job.now,
      })
      .onConflict((conflict) => conflict.column('unique_key').doNothing())
      .returning('id'),
  {
    kind: '\u0000kind',
    payload: '\u0000payload',
    runAt: -917_200_001,
    maxAttempts: -917_200_002,
    uniqueKey: '\u0000unique key',
    requestId: '\u0000request id',
    now: -917_200_003,
  },
)

/**
 * Inserts a queued job using `trx` (pass the transaction of the change the job belongs to). Returns the job
 * id, or null when `uniqueKey` was already taken.
 */
export async function enqueue<Kind extends JobKind>(
  trx: Db,
  options: EnqueueOptions<Kind>,
): Promise<number | null> {
  const now = options.now ?? Date.now()
  const { rows } = await runEnqueue(trx, {
    kind: options.kind,
    payload: JSON.stringify(options.payload),
    runAt: options.runAt ?? now,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    uniqueKey: options.uniqueKey ?? null,
    requestId: currentRequestId() ?? null,
    now,
  })
  return rows[0]?.id ?? null
}

export interface EnqueueAttemptOptions<Kind extends JobKind> extends Omit<EnqueueOptions<Kind>, 'uniqueKey'> {
  /** Names the step, e.g. `order:42:dispatch`. Attempt 1 uses it as is, later attempts add `:2`, `:3`, ... */
  keyPrefix: string
}

export interface EnqueuedAttempt {
  jobId: number
  attempt: number
}

/**
 * Enqueues the next attempt of a repeatable step (dispatching an order again after a retry, asking the upstream
 * to cancel again), each attempt under its own unique key. Returns null, enqueueing nothing, while the latest
 * attempt is still queued or running: a double click asks once.
 *
 * Callers hold the state change that makes the step due (pending after paused, for example) in the same
 * transaction, so two requests cannot both find the same free key; if they ever did, the unique key would stop
 * the second and the loop moves on.
 */
export async function enqueueAttempt<Kind extends JobKind>(
  trx: Db,
  options: EnqueueAttemptOptions<Kind>,
): Promise<EnqueuedAttempt | null> {
  const { keyPrefix, ...job } = options
  let latestStatus: JobStatus | undefined
  for (let attempt = 1; ; attempt++) {
    const uniqueKey = attempt === 1 ? keyPrefix : `${keyPrefix}:${attempt}`
    const existing = await trx
      .selectFrom('jobs')
      .select('status')
      .where('unique_key', '=', uniqueKey)
      .executeTakeFirst()
    if (existing) {
      latestStatus = existing.status
      continue
    }
    if (latestStatus === 'queued' || latestStatus === 'running') return null
    const jobId = await enqueue(trx, { ...job, uniqueKey })
    if (jobId !== null) return { jobId, attempt }
  }
}
