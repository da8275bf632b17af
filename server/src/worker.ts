import { pathToFileURL } from 'node:url'
import { createOutboxMailer, createSmtpMailer } from './adapters/mail'
import { type Config, loadConfig } from './config'
import { createDatabase, migrate } from './db/connect'
import { createFulfilmentWorker, workerSettings } from './jobs/runtime'
import { consoleLogger } from './logger'

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
  const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await migrate(db)
  const smtpMailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom, consoleLogger)
    : undefined
  // WORKER_CONCURRENCY=0 only keeps the server's own worker off; a worker process always works.
  const worker = createFulfilmentWorker({
    db,
    config,
    logger: consoleLogger,
    mailer: smtpMailer ?? createOutboxMailer(db, { now: () => Date.now() }, consoleLogger),
    settings: { ...settings, concurrency: Math.max(settings.concurrency, 1) },
  })
  worker.start()
  consoleLogger.info(`Job worker ${worker.owner} started (${Math.max(settings.concurrency, 1)} at a time)`)

  const shutdown = (signal: string) => {
    consoleLogger.info(`${signal} received, finishing running jobs`)
    setTimeout(() => process.exit(1), 30_000).unref()
    worker
      .stop()
      .then(() => {
        smtpMailer?.close()
        return db.destroy()
      })
      .then(
        () => process.exit(0),
        (error: unknown) => {
          consoleLogger.error('Shutdown failed', { error: String(error) })
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
