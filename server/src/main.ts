import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { serve } from '@hono/node-server'
import { createOutboxMailer, createSmtpMailer } from './adapters/mail'
import { createApp } from './app'
import { type Config, ConfigError, loadConfig } from './config'
import { createDatabase, migrate } from './db/connect'
import { systemClock } from './http/env'
import { mountDemoSimulator, startServerFulfilment } from './jobs/runtime'
import { consoleLogger, type Logger } from './logger'
import { mountPanel } from './routes/panel'
import { seed } from './seed'

// The server process: configuration → database (migrated) → first-start data → HTTP on HOST:PORT.

export interface RunningServer {
  /** http://host:port of the listening socket (the real port when PORT=0). */
  url: string
  close(): Promise<void>
}

export async function startServer(config: Config, logger: Logger = consoleLogger): Promise<RunningServer> {
  const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
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
  const app = createApp({ db, config, clock: systemClock, mailer, logger, adapters: {} })
  const demoSimulator = mountDemoSimulator(app, config)
  // Last: the panel's pages answer every GET the API, the sandbox and the simulator leave.
  await mountPanel(app, logger)

  let server: ReturnType<typeof serve>
  try {
    server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const listening = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () => {
        listening.off('error', reject)
        resolve(listening)
      })
      // A port already in use or a host that is not ours: a start-up error, not a crash.
      listening.once('error', reject)
    })
  } catch (error) {
    smtpMailer?.close()
    await db.destroy()
    throw error
  }
  const address = server.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const url = `http://${host}:${address.port}`
  const fulfilment = await startServerFulfilment({
    db,
    config,
    logger,
    serverUrl: url,
    demoSimulator,
    mailer,
  })

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      // The worker finishes its jobs first: in demo mode they talk to the simulator this server mounts.
      await fulfilment.stop()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      smtpMailer?.close()
      await db.destroy()
    })())
  return { url, close }
}

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
  const running = await startServer(config)
  consoleLogger.info(`Engage Panel API listening on ${running.url}`)
  consoleLogger.info(`API documentation: ${running.url}/api/docs`)
  if (config.publicUrl !== running.url) consoleLogger.info(`Public URL: ${config.publicUrl}`)

  const shutdown = (signal: string) => {
    consoleLogger.info(`${signal} received, shutting down`)
    // A second signal, or a shutdown stuck on open connections, ends the process at once.
    setTimeout(() => process.exit(1), 10_000).unref()
    running.close().then(
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
    console.error('Failed to start:', error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
