import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { createOutboxMailer } from '../../src/adapters/mail'
import { createDatabase } from '../../src/db/connect'
import { providerClientFactory } from '../../src/domain/providers'
import { notificationMailHandler } from '../../src/jobs/handlers/notification-mail'
import { fulfilmentJobs } from '../../src/jobs/registry'
import { createWorker, type JobHandlers } from '../../src/jobs/worker'
import { systemClock } from '../../src/domain/clock'
import { consoleLogger } from '../../src/logger'
import './test-jobs'

// A worker process for the crash and concurrency tests: the real worker with every fulfilment job and the
// e-mails of the notifications they write (kept in mail_outbox, as without SMTP_URL), on the
// database the test names, started as a child process (`node --import tsx`) so the test can SIGKILL it
// anywhere. It prints `ready <owner>` once it polls. With WORKER_RECORD_EXECUTIONS=1 it also runs
// `test-record` jobs, each inserting (job id, owner, attempt) into the test's job_executions table.
//
// Environment: TEST_DB_URL + TEST_DB_SCHEMA (PostgreSQL) or TEST_DB_DIR + TEST_DB_FILE (SQLite); DATA_KEY
// (base64, to read provider keys); WORKER_CONCURRENCY, WORKER_POLL_MS, WORKER_LEASE_MS, SYNC_INTERVAL_MS.

const environment = process.env
const number = (name: string, fallback: number) => Number(environment[name] ?? fallback)

const db = createDatabase({
  databaseUrl: environment.TEST_DB_URL,
  schema: environment.TEST_DB_SCHEMA,
  dataDir: environment.TEST_DB_DIR,
  sqliteFile: environment.TEST_DB_FILE,
  poolSize: 8,
})
const dataKey = Buffer.from(environment.DATA_KEY ?? '', 'base64')
const { handlers, recurring } = fulfilmentJobs(
  {
    db,
    clock: systemClock,
    logger: consoleLogger,
    clientFor: providerClientFactory(dataKey, { timeoutMs: 5000 }),
    // No AI texts are ever ready here: the orders this worker runs are not AI orders.
    orderTexts: () => Promise.resolve(null),
    operatorAiKeys: {},
  },
  { syncIntervalMs: number('SYNC_INTERVAL_MS', 200), subscriptionIntervalMs: 1000 },
)

// An order that ends tells its customer; the e-mail is a job of its own, sent as the worker sends it.
const notificationMail: JobHandlers = {
  'notification-mail': notificationMailHandler({
    db,
    mailer: createOutboxMailer(db, systemClock, consoleLogger),
    publicUrl: 'http://panel.test',
  }),
}

const owner = `child-${process.pid}`
const recordExecutions: JobHandlers = {
  'test-record': {
    async run(_payload, context) {
      await sql`insert into job_executions (job_id, owner, attempt) values (${context.job.id}, ${owner}, ${context.job.attempts})`.execute(
        db,
      )
      // A few milliseconds of work, so that both workers hold jobs at the same time.
      await sleep(2)
      return undefined
    },
  },
}

const worker = createWorker({
  db,
  handlers: {
    ...handlers,
    ...notificationMail,
    ...(environment.WORKER_RECORD_EXECUTIONS === '1' ? recordExecutions : {}),
  },
  recurring,
  owner,
  concurrency: number('WORKER_CONCURRENCY', 4),
  pollIntervalMs: number('WORKER_POLL_MS', 50),
  leaseMs: number('WORKER_LEASE_MS', 1000),
  backoff: { baseMs: 100, maxMs: 1000 },
  logger: consoleLogger,
})
worker.start()
process.stdout.write(`ready ${owner}\n`)

process.once('SIGTERM', () => {
  void worker
    .stop()
    .then(() => db.destroy())
    .then(() => process.exit(0))
})
