import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../src/db/connect'
import { claimDueJobs, markJobDone, recurringJobKey } from '../src/jobs/claim'
import { enqueue } from '../src/jobs/queue'
import { SmmTransientError } from '../src/adapters/smm'
import { createWorker, type JobHandlers, retryDelayMs } from '../src/jobs/worker'
import { createTestClock, type TestClock } from './support/app'
import { createTestDatabase, type TestDatabase } from './support/database'
import { readJob } from './fulfilment/test-jobs'

let database: TestDatabase
let db: Db
let clock: TestClock

/** Each test of the calling describe gets a fresh database and clock. */
function withDatabase() {
  beforeEach(async () => {
    database = await createTestDatabase()
    db = database.db
    clock = createTestClock()
  })
  afterEach(async () => {
    await database.close()
  })
}

interface Run {
  label: string
  attempt: number
  owner: string
}

/** A handler map whose `test-record` jobs append to `runs` and fail their first `failures` attempts. */
function recordingHandlers(runs: Run[], owner = 'worker', giveUps: string[] = []): JobHandlers {
  return {
    'test-record': {
      async run({ label, failures = 0 }, context) {
        runs.push({ label, attempt: context.job.attempts, owner })
        if (context.job.attempts <= failures)
          throw new Error(`${label} failed on attempt ${context.job.attempts}`)
        return undefined
      },
      async giveUp({ label }, _context, error) {
        giveUps.push(`${label}: ${error instanceof Error ? error.message : String(error)}`)
      },
    },
    'test-wait': {
      async run({ waitUntil }, context) {
        if (context.clock.now() < waitUntil) return { waitUntil, reason: 'not yet' }
        return undefined
      },
    },
  }
}

const backoff = { baseMs: 1000, maxMs: 60_000 }

describe('backoff', () => {
  it.each([
    [1, 0, 500],
    [1, 1, 1000],
    [2, 0, 1000],
    [3, 0.5, 3000],
    [10, 0, 30_000],
    [10, 1, 60_000],
  ])(
    'waits between half and all of the nominal delay: attempt %i, draw %f → %i ms',
    (attempt, draw, delay) => {
      expect(retryDelayMs(attempt, backoff, () => draw)).toBe(delay)
    },
  )
})

describe('running jobs', () => {
  withDatabase()

  it('runs a due job once and marks it done, and leaves a job due later until its time', async () => {
    const runs: Run[] = []
    const worker = createWorker({ db, clock, handlers: recordingHandlers(runs) })
    const now = clock.now()
    const dueId = await enqueue(db, { kind: 'test-record', payload: { label: 'due' }, now })
    const laterId = await enqueue(db, {
      kind: 'test-record',
      payload: { label: 'later' },
      runAt: now + 60_000,
      now,
    })

    expect(await worker.drain()).toBe(1)
    expect(runs.map((run) => run.label)).toEqual(['due'])
    expect(await readJob(db, dueId!)).toMatchObject({ status: 'done', attempts: 1, lease_owner: null })
    expect(await readJob(db, laterId!)).toMatchObject({ status: 'queued', attempts: 0 })

    clock.advance(60_000)
    expect(await worker.drain()).toBe(1)
    expect(runs.map((run) => run.label)).toEqual(['due', 'later'])
    expect(await worker.drain()).toBe(0)
  })

  it('retries a failing job with exponential backoff and jitter, keeping the last error', async () => {
    const runs: Run[] = []
    const worker = createWorker({
      db,
      clock,
      handlers: recordingHandlers(runs),
      backoff,
      random: () => 0.5,
    })
    const jobId = await enqueue(db, {
      kind: 'test-record',
      payload: { label: 'flaky', failures: 3 },
      now: clock.now(),
    })

    // With random() = 0.5 the delay is 3/4 of base × 2^(attempt - 1).
    const expectedDelays = [750, 1500, 3000]
    for (const [index, delay] of expectedDelays.entries()) {
      const failedAt = clock.now()
      expect(await worker.drain()).toBe(1)
      const job = await readJob(db, jobId!)
      expect(job).toMatchObject({
        status: 'queued',
        attempts: index + 1,
        run_at: failedAt + delay,
        last_error: `flaky failed on attempt ${index + 1}`,
      })
      clock.advance(delay - 1)
      expect(await worker.drain()).toBe(0)
      clock.advance(1)
    }
    expect(await worker.drain()).toBe(1)
    expect(await readJob(db, jobId!)).toMatchObject({ status: 'done', attempts: 4, last_error: null })
    expect(runs.map((run) => run.attempt)).toEqual([1, 2, 3, 4])
  })

  it("waits at least the upstream's Retry-After before the next attempt", async () => {
    const worker = createWorker({
      db,
      clock,
      backoff,
      random: () => 0.5,
      handlers: {
        'test-record': {
          async run() {
            throw new SmmTransientError('status', 'Rate limited on status: Too many requests', {
              retryAfterMs: 60_000,
            })
          },
        },
      },
    })
    const jobId = await enqueue(db, {
      kind: 'test-record',
      payload: { label: 'slow down' },
      now: clock.now(),
    })
    const failedAt = clock.now()
    expect(await worker.drain()).toBe(1)
    // The backoff alone would bring it back after 750 ms.
    expect(await readJob(db, jobId!)).toMatchObject({
      status: 'queued',
      attempts: 1,
      run_at: failedAt + 60_000,
    })
  })

  it('marks a job dead with its last error after its last attempt, giving up once', async () => {
    const runs: Run[] = []
    const giveUps: string[] = []
    const worker = createWorker({ db, clock, handlers: recordingHandlers(runs, 'worker', giveUps), backoff })
    const jobId = await enqueue(db, {
      kind: 'test-record',
      payload: { label: 'doomed', failures: 99 },
      maxAttempts: 3,
      now: clock.now(),
    })

    for (let round = 0; round < 5; round += 1) {
      await worker.drain()
      clock.advance(backoff.maxMs)
    }

    expect(runs).toHaveLength(3)
    expect(giveUps).toEqual(['doomed: doomed failed on attempt 3'])
    expect(await readJob(db, jobId!)).toMatchObject({
      status: 'dead',
      attempts: 3,
      last_error: 'doomed failed on attempt 3',
      lease_owner: null,
    })
  })

  it('lets a job wait for something without using up its attempts', async () => {
    const worker = createWorker({ db, clock, handlers: recordingHandlers([]) })
    const waitUntil = clock.now() + 10_000
    const jobId = await enqueue(db, {
      kind: 'test-wait',
      payload: { waitUntil },
      maxAttempts: 2,
      now: clock.now(),
    })

    for (let round = 0; round < 5; round += 1) {
      await worker.drain()
      expect(await readJob(db, jobId!)).toMatchObject({ status: 'queued', attempts: 0, run_at: waitUntil })
    }
    clock.set(waitUntil)
    expect(await worker.drain()).toBe(1)
    expect(await readJob(db, jobId!)).toMatchObject({ status: 'done', attempts: 1 })
  })
})

describe('leases', () => {
  withDatabase()

  it('claims again a job whose worker died once its lease expires, counting the lost attempt', async () => {
    const runs: Run[] = []
    const jobId = await enqueue(db, { kind: 'test-record', payload: { label: 'orphan' }, now: clock.now() })
    // A worker claims the job and dies: nothing renews its lease.
    const [claimed] = await claimDueJobs(db, {
      owner: 'dead-worker',
      limit: 10,
      leaseMs: 30_000,
      now: clock.now(),
      kinds: ['test-record'],
    })
    expect(claimed).toMatchObject({ id: jobId, status: 'running', attempts: 1, lease_owner: 'dead-worker' })

    const worker = createWorker({ db, clock, handlers: recordingHandlers(runs, 'rescuer'), leaseMs: 30_000 })
    clock.advance(29_999)
    expect(await worker.drain()).toBe(0)
    clock.advance(1)
    expect(await worker.drain()).toBe(1)

    expect(runs).toEqual([{ label: 'orphan', attempt: 2, owner: 'rescuer' }])
    expect(await readJob(db, jobId!)).toMatchObject({ status: 'done', attempts: 2 })
  })

  it('ignores the outcome reported by a worker that lost its lease to another', async () => {
    const jobId = await enqueue(db, {
      kind: 'test-record',
      payload: { label: 'contested' },
      now: clock.now(),
    })
    await claimDueJobs(db, {
      owner: 'slow',
      limit: 1,
      leaseMs: 1000,
      now: clock.now(),
      kinds: ['test-record'],
    })
    clock.advance(1000)
    const [taken] = await claimDueJobs(db, {
      owner: 'fast',
      limit: 1,
      leaseMs: 1000,
      now: clock.now(),
      kinds: ['test-record'],
    })
    expect(taken?.id).toBe(jobId)

    expect(await markJobDone(db, { jobId: jobId!, owner: 'slow', now: clock.now() })).toBe(false)
    expect(await readJob(db, jobId!)).toMatchObject({ status: 'running', lease_owner: 'fast', attempts: 2 })
    expect(await markJobDone(db, { jobId: jobId!, owner: 'fast', now: clock.now() })).toBe(true)
  })

  it('gives up without running a job whose earlier workers all died on it', async () => {
    const runs: Run[] = []
    const giveUps: string[] = []
    const jobId = await enqueue(db, {
      kind: 'test-record',
      payload: { label: 'poison' },
      maxAttempts: 2,
      now: clock.now(),
    })
    for (const owner of ['first', 'second']) {
      await claimDueJobs(db, { owner, limit: 1, leaseMs: 1000, now: clock.now(), kinds: ['test-record'] })
      clock.advance(1000)
    }
    const worker = createWorker({
      db,
      clock,
      handlers: recordingHandlers(runs, 'third', giveUps),
      leaseMs: 1000,
    })
    expect(await worker.drain()).toBe(1)

    expect(runs).toEqual([])
    expect(giveUps).toHaveLength(1)
    expect(await readJob(db, jobId!)).toMatchObject({ status: 'dead', attempts: 3 })
    expect((await readJob(db, jobId!)).last_error).toMatch(/Attempts used up/)
  })

  it('leaves jobs of kinds it has no handler for to workers that have one', async () => {
    const jobId = await enqueue(db, { kind: 'dispatch-order', payload: { orderId: 1 }, now: clock.now() })
    const worker = createWorker({ db, clock, handlers: recordingHandlers([]) })
    expect(await worker.drain()).toBe(0)
    expect(await readJob(db, jobId!)).toMatchObject({ status: 'queued', attempts: 0 })
  })

  it('never runs a job twice when two workers drain the same queue at once', async () => {
    const runs: Run[] = []
    const now = clock.now()
    await db.transaction().execute(async (trx) => {
      for (let index = 0; index < 200; index += 1) {
        await enqueue(trx, { kind: 'test-record', payload: { label: `job-${index}` }, now })
      }
    })
    const workers = ['left', 'right'].map((owner) =>
      createWorker({ db, clock, handlers: recordingHandlers(runs, owner), concurrency: 5, owner }),
    )

    const counts = await Promise.all(workers.map((worker) => worker.drain()))

    expect(counts[0]! + counts[1]!).toBe(200)
    expect(new Set(runs.map((run) => run.label)).size).toBe(200)
    expect(runs).toHaveLength(200)
    const statuses = await db.selectFrom('jobs').select('status').distinct().execute()
    expect(statuses).toEqual([{ status: 'done' }])
  })
})

describe('recurring jobs', () => {
  withDatabase()

  it('keeps one row that runs again every interval, and survives failing rounds', async () => {
    let failing = false
    let rounds = 0
    const handlers: JobHandlers = {
      'sync-orders': {
        async run() {
          rounds += 1
          if (failing) throw new Error('provider down')
          return undefined
        },
      },
    }
    const worker = createWorker({
      db,
      clock,
      handlers,
      recurring: [{ kind: 'sync-orders', intervalMs: 10_000 }],
      recurringMaxAttempts: 2,
      backoff,
      random: () => 1,
    })
    const row = () =>
      db
        .selectFrom('jobs')
        .selectAll()
        .where('unique_key', '=', recurringJobKey('sync-orders'))
        .executeTakeFirstOrThrow()

    expect(await worker.drain()).toBe(1)
    expect(await row()).toMatchObject({ status: 'queued', attempts: 0, run_at: clock.now() + 10_000 })
    clock.advance(10_000)
    failing = true
    expect(await worker.drain()).toBe(1)
    expect(await row()).toMatchObject({ status: 'queued', attempts: 1, run_at: clock.now() + 1000 })
    clock.advance(1000)
    expect(await worker.drain()).toBe(1)
    // Its attempts used up, the job waits for its next round instead of dying.
    expect(await row()).toMatchObject({
      status: 'queued',
      attempts: 0,
      run_at: clock.now() + 10_000,
      last_error: 'provider down',
    })
    failing = false
    clock.advance(10_000)
    expect(await worker.drain()).toBe(1)
    expect(await row()).toMatchObject({ status: 'queued', last_error: null })
    expect(rounds).toBe(4)
    expect(await db.selectFrom('jobs').select('id').execute()).toHaveLength(1)
  })
})

describe('a started worker', () => {
  withDatabase()

  it('picks up jobs enqueued after it started, and stop() waits for the ones it runs', async () => {
    const runs: Run[] = []
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const handlers: JobHandlers = {
      ...recordingHandlers(runs),
      'test-wait': {
        async run() {
          await gate
          return undefined
        },
      },
    }
    const worker = createWorker({ db, handlers, pollIntervalMs: 20 })
    worker.start()
    const recordId = await enqueue(db, { kind: 'test-record', payload: { label: 'live' } })
    const waitId = await enqueue(db, { kind: 'test-wait', payload: { waitUntil: 0 } })
    await expect.poll(() => runs.length, { timeout: 5000 }).toBe(1)
    await expect.poll(async () => (await readJob(db, waitId!)).status, { timeout: 5000 }).toBe('running')

    const stopped = worker.stop()
    release()
    await stopped
    expect(await readJob(db, recordId!)).toMatchObject({ status: 'done' })
    expect(await readJob(db, waitId!)).toMatchObject({ status: 'done' })
  })
})
