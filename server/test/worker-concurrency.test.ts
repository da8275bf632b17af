import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { enqueue } from '../src/jobs/queue'
import { createTestDatabase, type TestDatabase } from './support/database'
import { startWorkerProcess, type WorkerProcess } from './fulfilment/processes'
import './fulfilment/test-jobs'

// Several worker processes share one database (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: one writer at a
// time). Two of them drain 1,000 jobs: each job runs exactly once, and both take part.

const JOBS = 1000

let database: TestDatabase
const workers: WorkerProcess[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  await sql`create table job_executions (job_id bigint not null, owner text not null, attempt integer not null)`.execute(
    database.db,
  )
})

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop('SIGKILL')))
  await database.close()
})

it('runs each of 1,000 jobs exactly once when two worker processes drain them together', async () => {
  const environment = {
    DATA_KEY: Buffer.alloc(32).toString('base64'),
    WORKER_RECORD_EXECUTIONS: '1',
    WORKER_CONCURRENCY: '4',
    WORKER_POLL_MS: '20',
    WORKER_LEASE_MS: '30000',
  }
  workers.push(...(await Promise.all([0, 1].map(() => startWorkerProcess(database, environment)))))

  const now = Date.now()
  await database.db.transaction().execute(async (trx) => {
    for (let index = 0; index < JOBS; index += 1) {
      await enqueue(trx, { kind: 'test-record', payload: { label: `job-${index}` }, now })
    }
  })

  const done = async () => {
    const row = await database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('kind', '=', 'test-record')
      .where('status', '=', 'done')
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }
  await expect.poll(done, { timeout: 120_000, interval: 200 }).toBe(JOBS)
  await Promise.all(workers.map((worker) => worker.stop('SIGTERM')))

  const executions = await sql<{
    job_id: number
    owner: string
    attempt: number
  }>`select job_id, owner, attempt from job_executions`.execute(database.db)
  const jobIds = executions.rows.map((row) => Number(row.job_id))
  expect(jobIds).toHaveLength(JOBS)
  expect(new Set(jobIds).size).toBe(JOBS)
  expect(executions.rows.every((row) => row.attempt === 1)).toBe(true)
  const owners = new Set(executions.rows.map((row) => row.owner))
  expect([...owners].sort()).toEqual(workers.map((worker) => worker.owner).sort())
  const remaining = await database.db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', 'test-record')
    .where('status', '!=', 'done')
    .execute()
  expect(remaining).toEqual([])
}, 180_000)
