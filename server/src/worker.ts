import { pathToFileURL } from 'node:url'
import { createOutboxMailer, createSmtpMailer } from './adapters/mail'
import { Hono } from 'hono'
import { type Config, loadConfig } from './config'
import { createDatabase, migrate } from './db/connect'
import { createFulfilmentWorker, workerSettings } from './jobs/runtime'
import { createJsonLogger } from './logger'
import { healthRoutes, metricsRoute, type Readiness } from './ops/health'
import { type Listener, listen } from './ops/listen'
import { createMetrics } from './ops/metrics'
import { logUpstreamCalls } from './ops/upstream-log'

// A worker process without the HTTP server: `pnpm --filter ./server run worker`. It reads the same
// configuration as the server (DATA_DIR or DATABASE_URL, DATA_KEY, WORKER_*), so any number of them can share
// the server's database; jobs are claimed with leases, so each runs in one place at a time.

async function main() {
  let config: Config
  let settings: ReturnType<typeof workerSettings>
  try {
    config = loadConfig()
    settings = workerSettings(config.env)
  } catch (error) {
    // ConfigError and the worker settings' own errors name the variables at fault.
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(1)
  }
  const logger = createJsonLogger({ level: config.logLevel, base: { process: 'worker' } })
  const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger })
  await migrate(db)
  const smtpMailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom, logger) : undefined
  // WORKER_CONCURRENCY=0 only keeps the server's own worker off; a worker process always works.
  const worker = createFulfilmentWorker({
    db,
    config,
    logger,
    mailer: smtpMailer ?? createOutboxMailer(db, { now: () => Date.now() }, logger),
    settings: { ...settings, concurrency: Math.max(settings.concurrency, 1) },
  })
  let stopping = false
  const metrics = createMetrics(db, { processLabel: 'worker' })
  logUpstreamCalls(logger)
  let internal: Listener | undefined
  if (config.metrics.port !== undefined) {
    // The worker has no public port: its probes and metrics are on the internal address only.
    const readiness: Readiness = {
      workerState: () => (stopping ? 'stopped' : 'running'),
      shuttingDown: () => stopping,
    }
    const app = new Hono()
      .route('/', healthRoutes(db, readiness))
      .route('/', metricsRoute(metrics, undefined))
    internal = await listen(app.fetch, config.metrics.host, config.metrics.port)
    logger.info(`Metrics on ${internal.url}/metrics`)
  }
  worker.start()
  logger.info(`Job worker ${worker.owner} started (${Math.max(settings.concurrency, 1)} at a time)`)

  const shutdown = (signal: string) => {
    logger.info(`${signal} received, finishing running jobs`)
    stopping = true
    // Jobs still running at the deadline keep their leases, which expire and let another worker take them.
    setTimeout(() => process.exit(1), 30_000).unref()
    worker
      .stop()
      .then(() => internal?.close())
      .then(() => {
        smtpMailer?.close()
        return db.destroy()
      })
      .then(
        () => {
          logger.info('Shut down')
          process.exit(0)
        },
        (error: unknown) => {
          logger.error('Shutdown failed', { error: String(error) })
          process.exit(1)
        },
      )
  }
  process.once('SIGINT', () => shutdown('SIGINT'))
  process.once('SIGTERM', () => shutdown('SIGTERM'))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error('Failed to start the worker:', error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
