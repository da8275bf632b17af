import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import type { Provider } from '../../src/db/schema'
import { countingClientFactory } from '../../src/domain/analytics/upstream-calls'
import type { FulfilmentDeps, OrderTextsSource } from '../../src/domain/fulfilment'
import {
  importProviderServices,
  mapService,
  providerClient,
  providerClientFactory,
  saveProvider,
} from '../../src/domain/providers'
import { fulfilmentJobs } from '../../src/jobs/registry'
import { createWorker, type Worker } from '../../src/jobs/worker'
import { silentLogger } from '../../src/logger'
import { createSimulator, type SimulatorKnobs, type Simulator } from '../../src/simulator'
import { createTestApp, createTestConfig, type TestApp } from '../support/app'

// The whole fulfilment path as the fulfilment tests drive it: the app on a fresh test database, the simulator
// served over real HTTP on an ephemeral port, a provider row pointing at it, and a worker with every
// fulfilment job. One controlled clock drives the app, the worker and the simulator's order progress; tests
// move it and call worker.drain().

export const SIMULATOR_API_KEY = 'fulfilment-test-key'

export interface FulfilmentHarness {
  t: TestApp
  simulator: Simulator
  apiUrl: string
  provider: Provider
  worker: Worker
  deps: FulfilmentDeps
  /** The texts an AI order sends, as the AI area would store them; absent = not ready. */
  texts: Map<number, string[]>
  stepMs: number
  syncIntervalMs: number
  /** Adds a service of ours at `ratePer1kMicros` mapped to simulator service `remoteServiceId`. */
  addMappedService(
    name: string,
    ratePer1kMicros: number,
    remoteServiceId: string,
    options?: { isAi?: boolean },
  ): Promise<number>
  /** The add calls the simulator received for `link`. */
  addsFor(link: string): number
  /** The simulator's order for `link`, if it placed one. */
  upstreamOrderFor(link: string): ReturnType<Simulator['order']>
  close(): Promise<void>
}

export interface HarnessOptions {
  stepMs?: number
  syncIntervalMs?: number
  /** The client's timeout of one upstream call. */
  upstreamTimeoutMs?: number
  knobs?: Partial<SimulatorKnobs>
}

export async function startFulfilmentHarness(options: HarnessOptions = {}): Promise<FulfilmentHarness> {
  const stepMs = options.stepMs ?? 1000
  const syncIntervalMs = options.syncIntervalMs ?? stepMs
  // An operator key for the default AI provider, so AI orders are taken (their texts come from `texts` here).
  const base = createTestConfig()
  const t = await createTestApp({
    config: { ai: { ...base.ai, defaultApiKeys: { deepseek: 'sk-harness-operator-0123456789' } } },
  })
  const simulator = createSimulator({
    apiKey: SIMULATOR_API_KEY,
    stepMs,
    clock: () => t.clock.now(),
    ...(options.knobs ? { knobs: options.knobs } : {}),
  })
  const root = new Hono().route('/api/v2', simulator.app)
  let server: ServerType | undefined
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port))
  })
  const apiUrl = `http://127.0.0.1:${port}/api/v2`
  const { provider } = await saveProvider(t.db, t.config.dataKey, {
    name: 'Simulator',
    apiUrl,
    apiKey: SIMULATOR_API_KEY,
    now: t.clock.now(),
  })
  await importProviderServices(t.db, provider, providerClient(provider, t.config.dataKey), t.clock.now())

  const texts = new Map<number, string[]>()
  const orderTexts: OrderTextsSource = (_db, order) => Promise.resolve(texts.get(order.id) ?? null)
  const deps: FulfilmentDeps = {
    db: t.db,
    clock: t.clock,
    logger: silentLogger,
    // Counted as the worker's own clients are (jobs/runtime.ts): the reports' upstream error rates.
    clientFor: countingClientFactory(
      t.db,
      t.clock,
      providerClientFactory(t.config.dataKey, { timeoutMs: options.upstreamTimeoutMs ?? 5000 }),
    ),
    orderTexts,
    operatorAiKeys: t.config.ai.defaultApiKeys,
  }
  const { handlers, recurring } = fulfilmentJobs(deps, {
    syncIntervalMs,
    subscriptionIntervalMs: stepMs,
  })
  const worker = createWorker({
    db: t.db,
    clock: t.clock,
    handlers,
    recurring,
    concurrency: 8,
    backoff: { baseMs: 1000, maxMs: 8000 },
  })

  return {
    t,
    simulator,
    apiUrl,
    provider,
    worker,
    deps,
    texts,
    stepMs,
    syncIntervalMs,
    async addMappedService(name, ratePer1kMicros, remoteServiceId, serviceOptions = {}) {
      const now = t.clock.now()
      const row = await t.db
        .insertInto('services')
        .values({
          name,
          category: 'test',
          description: '',
          rate_per_1k: ratePer1kMicros,
          min_quantity: 1,
          max_quantity: 10_000,
          is_ai: serviceOptions.isAi ? 1 : 0,
          provider_id: null,
          remote_service_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await mapService(t.db, { serviceName: name, providerName: provider.name, remoteServiceId, now })
      return row.id
    },
    addsFor(link) {
      return simulator.calls().filter((call) => call.action === 'add' && call.fields.link === link).length
    },
    upstreamOrderFor(link) {
      // The simulator numbers its orders 1, 2, 3...
      for (let id = 1; ; id += 1) {
        const found = simulator.order(id)
        if (!found || found.link === link) return found
      }
    },
    async close() {
      await new Promise((resolve) => server?.close(resolve))
      simulator.close()
      await t.close()
    },
  }
}
