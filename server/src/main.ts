import { pathToFileURL } from 'node:url'
import { Hono } from 'hono'
import { createOutboxMailer, createSmtpMailer } from './adapters/mail'
import { createApp } from './app'
import { type Config, ConfigError, loadConfig } from './config'
import { createDatabase, isPostgresUrl, migrate } from './db/connect'
import { systemClock } from './domain/clock'
import { createLiveHub } from './live/hub'
import { mountDemoSimulator, startServerFulfilment, workerSettings } from './jobs/runtime'
import { consoleLogger, createJsonLogger, type Logger } from './logger'
import { healthRoutes, metricsRoute, type WorkerState } from './ops/health'
import { type Listener, listen } from './ops/listen'
import { createMetrics } from './ops/metrics'
import { logUpstreamCalls } from './ops/upstream-log'
import { mountPanel } from './routes/panel'
import { seed } from './seed'

// The server process: configuration → database (migrated) → first-start data → HTTP on HOST:PORT, with the
// probes (/healthz, /readyz), the metrics and, unless WORKER_CONCURRENCY=0, a job worker.

export interface RunningServer {
  /** http://host:port of the listening socket (the real port when PORT=0). */
  url: string
  /** The internal metrics listener's http://host:port, when METRICS_PORT is set. */
  metricsUrl: string | undefined
  /**
   * The graceful stop: /readyz turns 503, the port stops accepting, requests in flight are answered, running
   * jobs finish (a job still running past the process's deadline keeps its lease, which expires and lets
   * another worker take it), then the database closes.
   */
  close(): Promise<void>
}

export async function startServer(config: Config, logger: Logger = consoleLogger): Promise<RunningServer> {
  const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger })
  await migrate(db)
  const seeded = await seed(db, { demo: config.demo, now: systemClock.now() })
  if (seeded.servicesAdded > 0)
    logger.info(`Seeded ${seeded.servicesAdded} services, updates and contact methods`)
  for (const account of seeded.accounts) {
    // Printed once: the passwords are random and only their hashes are kept.
    logger.info(
      `Demo ${account.role === 'admin' ? 'operator' : 'customer'}: ${account.email} / ${account.password}`,
    )
  }
  if (config.dataKeySource === 'generated') {
    logger.warn(`Generated a development DATA_KEY in ${config.dataDir}/data.key; set DATA_KEY in production`)
  }

  const smtpMailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom, logger) : undefined
  const mailer = smtpMailer ?? createOutboxMailer(db, systemClock, logger)
  const metrics = createMetrics(db, { processLabel: 'api' })
  const stopUpstreamLog = logUpstreamCalls(logger)
  // Live updates: on PostgreSQL woken by the notifications of every process's commits (ADR 180).
  const live = createLiveHub({
    db,
    listen: isPostgresUrl(config.databaseUrl) ? { databaseUrl: config.databaseUrl } : undefined,
    onError: (error) => logger.warn('Live updates could not read', { error: String(error) }),
  })
  live.start()
  const app = createApp({ db, config, clock: systemClock, mailer, logger, adapters: {}, live }, { metrics })
  const demoSimulator = mountDemoSimulator(app, config)

  let workerState: WorkerState = 'starting'
  let shuttingDown = false
  const readiness = { workerState: () => workerState, shuttingDown: () => shuttingDown }
  app.route('/', healthRoutes(db, readiness))
  if (config.metrics.token) app.route('/', metricsRoute(metrics, config.metrics.token))
  // Last: the panel's pages answer every GET the API, the sandbox and the simulator leave.
  await mountPanel(app, logger)

  const listeners: Listener[] = []
  const closeAll = async () => {
    await live.close()
    await Promise.all(listeners.map((listener) => listener.close()))
    metrics.close()
    stopUpstreamLog()
    smtpMailer?.close()
    await db.destroy()
  }
  let server: Listener
  try {
    server = await listen(app.fetch, config.host, config.port)
    listeners.push(server)
    if (config.metrics.port !== undefined) {
      // An address only the monitoring network reaches: the probes and the metrics, without a token.
      const internal = new Hono()
        .route('/', healthRoutes(db, readiness))
        .route('/', metricsRoute(metrics, undefined))
      listeners.push(await listen(internal.fetch, config.metrics.host, config.metrics.port))
    }
  } catch (error) {
    await closeAll()
    throw error
  }
  const fulfilment = await startServerFulfilment({
    db,
    config,
    logger,
    serverUrl: server.url,
    demoSimulator,
    mailer,
  })
  workerState = workerSettings(config.env).concurrency > 0 ? 'running' : 'off'

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      shuttingDown = true
      // Open event streams never finish by themselves: they end first, and their browsers reconnect elsewhere.
      await live.close()
      const stopWorker = async () => {
        await fulfilment.stop()
        if (workerState === 'running') workerState = 'stopped'
      }
      if (demoSimulator) {
        // The demo's jobs call the simulator this very port serves: they finish before it closes.
        await stopWorker()
        await server.close()
      } else {
        await Promise.all([stopWorker(), server.close()])
      }
      await closeAll()
    })())
  return { url: server.url, metricsUrl: listeners[1]?.url, close }
}

/** How long a stop may take (in-flight requests, running jobs) before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 30_000

async function main() {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const logger = createJsonLogger({ level: config.logLevel })
  const running = await startServer(config, logger)
  logger.info(`Engage Panel API listening on ${running.url}`)
  logger.info(`API documentation: ${running.url}/api/docs`)
  if (config.publicUrl !== running.url) logger.info(`Public URL: ${config.publicUrl}`)
  if (running.metricsUrl) logger.info(`Metrics on ${running.metricsUrl}/metrics`)

  const shutdown = (signal: string) => {
    logger.info(`${signal} received, shutting down`)
    // A shutdown stuck on a job or a connection ends the process at the deadline; leases then expire.
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref()
    running.close().then(
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
    console.error('Failed to start:', error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
