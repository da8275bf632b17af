import type { Db } from '../db/connect'
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

/**
 * Inserts a queued job using `trx` (pass the transaction of the change the job belongs to). Returns the job
 * id, or null when `uniqueKey` was already taken.
 */
export async function enqueue<Kind extends JobKind>(
  trx: Db,
  options: EnqueueOptions<Kind>,
): Promise<number | null> {
  const now = options.now ?? Date.now()
  const inserted = await trx
    .insertInto('jobs')
    .values({
      kind: options.kind,
      payload: JSON.stringify(options.payload),
      run_at: options.runAt ?? now,
      max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      unique_key: options.uniqueKey ?? null,
      request_id: currentRequestId() ?? null,
      lease_owner: null,
      lease_expires_at: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('unique_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted?.id ?? null
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
