import { createHmac } from 'node:crypto'
import type { Hono } from 'hono'
import fs from 'node:fs'
import path from 'node:path'
import * as z from 'zod'
import type { Mailer } from '../adapters/mail'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import { createAppPaymentGateways } from '../domain/payments'
import { generatedOrderTexts } from '../domain/ai-generation'
import type { OrderTextsSource } from '../domain/fulfilment'
import { countingClientFactory } from '../domain/analytics/upstream-calls'
import { connectSimulatorProvider, providerClientFactory } from '../domain/providers'
import { type Clock, systemClock } from '../domain/clock'
import type { AppEnv } from '../http/env'
import type { Logger } from '../logger'
import { createSimulator, createSqliteSimulatorStore, type Simulator } from '../simulator'
import { notificationMailHandler } from './handlers/notification-mail'
import { passwordResetMailHandler } from './handlers/password-reset-mail'
import { paymentJobs } from './handlers/reconcile-payments'
import { referralJobs } from './handlers/referral-payouts'
import { fulfilmentJobs } from './registry'
import { createWorker, type Worker } from './worker'

// What main.ts and worker.ts start: the fulfilment worker configured from the environment, and in demo mode
// the simulator the server mounts as the default provider.

export interface WorkerSettings {
  /** Jobs one process runs at the same time; 0 keeps the server from running a worker (WORKER_CONCURRENCY). */
  concurrency: number
  /** How often an idle worker looks for due jobs (WORKER_POLL_MS). */
  pollIntervalMs: number
  /** How long a claimed job is held without a heartbeat: a dead worker's jobs wait this long (WORKER_LEASE_MS). */
  leaseMs: number
  /** How often processing orders are synced with their providers (SYNC_INTERVAL_MS). */
  syncIntervalMs: number
  /** How often due subscription periods are placed (SUBSCRIPTION_INTERVAL_MS). */
  subscriptionIntervalMs: number
  /** How long one call to a provider may take (UPSTREAM_TIMEOUT_MS). */
  upstreamTimeoutMs: number
  /** How often referral commissions past their hold are credited (REFERRAL_PAYOUT_INTERVAL_MS). */
  referralPayoutIntervalMs: number
}

const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value
const milliseconds = (fallback: number) =>
  z.preprocess(
    blankAsUnset,
    z.coerce.number().int('must be a whole number').positive('must be positive').default(fallback),
  )

const settingsSchema = z.object({
  WORKER_CONCURRENCY: z.preprocess(
    blankAsUnset,
    z.coerce.number().int('must be a whole number').min(0).max(64, 'must be at most 64').default(4),
  ),
  WORKER_POLL_MS: milliseconds(500),
  WORKER_LEASE_MS: milliseconds(30_000),
  SYNC_INTERVAL_MS: milliseconds(10_000),
  SUBSCRIPTION_INTERVAL_MS: milliseconds(5_000),
  UPSTREAM_TIMEOUT_MS: milliseconds(15_000),
  REFERRAL_PAYOUT_INTERVAL_MS: milliseconds(60_000),
})

/** Reads the worker's variables; throws an Error naming every bad one. */
export function workerSettings(env: Readonly<Record<string, string | undefined>>): WorkerSettings {
  const parsed = settingsSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)
    throw new Error(`Invalid configuration: ${problems.join('; ')}`)
  }
  const values = parsed.data
  return {
    concurrency: values.WORKER_CONCURRENCY,
    pollIntervalMs: values.WORKER_POLL_MS,
    leaseMs: values.WORKER_LEASE_MS,
    syncIntervalMs: values.SYNC_INTERVAL_MS,
    subscriptionIntervalMs: values.SUBSCRIPTION_INTERVAL_MS,
    upstreamTimeoutMs: values.UPSTREAM_TIMEOUT_MS,
    referralPayoutIntervalMs: values.REFERRAL_PAYOUT_INTERVAL_MS,
  }
}

export interface FulfilmentWorkerOptions {
  db: Db
  config: Config
  logger: Logger
  clock?: Clock
  settings?: WorkerSettings
  /** Where AI orders' texts come from. @default the AI generation (domain/ai-generation.ts) */
  orderTexts?: OrderTextsSource
  /** What account mails (password resets, notifications) go out through; without it this worker leaves them to others. */
  mailer?: Mailer
}

/** The worker with every fulfilment job and the payments' reconcile job, not started. */
export function createFulfilmentWorker(options: FulfilmentWorkerOptions): Worker {
  const settings = options.settings ?? workerSettings(options.config.env)
  const clock = options.clock ?? systemClock
  const deps = {
    db: options.db,
    clock,
    logger: options.logger,
    clientFor: countingClientFactory(
      options.db,
      clock,
      providerClientFactory(options.config.dataKey, { timeoutMs: settings.upstreamTimeoutMs }),
    ),
    orderTexts: options.orderTexts ?? generatedOrderTexts(clock),
    operatorAiKeys: options.config.ai.defaultApiKeys,
  }
  const { handlers, recurring } = fulfilmentJobs(deps, settings, {
    db: options.db,
    config: options.config,
    clock,
  })
  const payments = paymentJobs({
    db: options.db,
    clock,
    logger: options.logger,
    gateways: createAppPaymentGateways(options.db, options.config),
  })
  const referrals = referralJobs(
    { db: options.db, clock, logger: options.logger },
    settings.referralPayoutIntervalMs,
  )
  return createWorker({
    db: options.db,
    clock,
    logger: options.logger,
    handlers: {
      ...handlers,
      ...payments.handlers,
      ...referrals.handlers,
      ...(options.mailer
        ? {
            'password-reset-mail': passwordResetMailHandler({
              db: options.db,
              clock,
              mailer: options.mailer,
              publicUrl: options.config.publicUrl,
            }),
            'notification-mail': notificationMailHandler({
              db: options.db,
              mailer: options.mailer,
              publicUrl: options.config.publicUrl,
            }),
          }
        : {}),
    },
    recurring: [...recurring, ...payments.recurring, ...referrals.recurring],
    concurrency: Math.max(settings.concurrency, 1),
    pollIntervalMs: settings.pollIntervalMs,
    leaseMs: settings.leaseMs,
  })
}

// ---- The demo's simulator ---------------------------------------------------------------------------------

/** Where the server mounts the simulator's API v2 endpoint in demo mode (outside /api). */
export const SIMULATOR_MOUNT_PATH = '/simulator/api/v2'

/** Each simulated order step lasts this long in demo mode unless SIMULATOR_STEP_MS says otherwise. */
export const DEMO_SIMULATOR_STEP_MS = 5000

/**
 * The simulator's API key: derived from DATA_KEY, so it is secret, stable across restarts (the provider row
 * stores it encrypted) and needs no variable of its own.
 */
export function simulatorApiKey(dataKey: Buffer): string {
  return createHmac('sha256', dataKey).update('engage-panel demo simulator api key').digest('base64url')
}

/** The simulator the server mounts in demo mode, keeping its orders in DATA_DIR/simulator.sqlite. */
export function createDemoSimulator(config: Config): { simulator: Simulator; apiKey: string } {
  const apiKey = simulatorApiKey(config.dataKey)
  fs.mkdirSync(config.dataDir, { recursive: true })
  const simulator = createSimulator({
    apiKey,
    stepMs: config.simulatorStepMs ?? DEMO_SIMULATOR_STEP_MS,
    store: createSqliteSimulatorStore(path.join(config.dataDir, 'simulator.sqlite')),
  })
  return { simulator, apiKey }
}

/** The simulator's URL as the worker reaches it: a wildcard listening address is reached on loopback. */
export function simulatorApiUrl(serverUrl: string): string {
  const url = new URL(serverUrl)
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1'
  if (url.hostname === '[::]') url.hostname = '[::1]'
  return `${url.origin}${SIMULATOR_MOUNT_PATH}`
}

// ---- In the server process -------------------------------------------------------------------------------

export interface ServerFulfilment {
  /** Stops the worker, waiting for the jobs it runs, then closes the simulator's store. */
  stop(): Promise<void>
}

/**
 * What the server runs besides HTTP, started once it listens: in demo mode the simulator (mounted on `app`
 * before listening, see mountDemoSimulator) becomes the default provider at this start's address, then the
 * job worker starts, unless WORKER_CONCURRENCY=0 leaves the jobs to `pnpm --filter ./server run worker`.
 */
export async function startServerFulfilment(input: {
  db: Db
  config: Config
  logger: Logger
  /** The listening server's http://host:port. */
  serverUrl: string
  demoSimulator: { simulator: Simulator; apiKey: string } | undefined
  mailer?: Mailer
}): Promise<ServerFulfilment> {
  const { db, config, logger, demoSimulator, mailer } = input
  const settings = workerSettings(config.env)
  if (demoSimulator) {
    const apiUrl = simulatorApiUrl(input.serverUrl)
    const { mapped } = await connectSimulatorProvider(db, config.dataKey, {
      apiUrl,
      apiKey: demoSimulator.apiKey,
      now: Date.now(),
    })
    logger.info(
      `SMM simulator at ${apiUrl} is the default provider (steps of ${config.simulatorStepMs ?? DEMO_SIMULATOR_STEP_MS} ms)` +
        (mapped.length > 0 ? `; mapped ${mapped.join(', ')}` : ''),
    )
  }
  const worker =
    settings.concurrency > 0 ? createFulfilmentWorker({ db, config, logger, settings, mailer }) : undefined
  worker?.start()
  if (worker) logger.info(`Job worker started (${settings.concurrency} at a time)`)
  else logger.info('No job worker in this process (WORKER_CONCURRENCY=0)')
  return {
    async stop() {
      await worker?.stop()
      demoSimulator?.simulator.close()
    },
  }
}

/** Demo mode: creates the simulator and mounts its API v2 endpoint at SIMULATOR_MOUNT_PATH on the server. */
export function mountDemoSimulator(
  app: Hono<AppEnv>,
  config: Config,
): { simulator: Simulator; apiKey: string } | undefined {
  if (!config.demo) return undefined
  const demoSimulator = createDemoSimulator(config)
  app.route(SIMULATOR_MOUNT_PATH, demoSimulator.simulator.app)
  return demoSimulator
}
