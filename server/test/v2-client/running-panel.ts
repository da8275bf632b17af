import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { CreateApiKeyResponse } from '@engage/contract'
import { expect } from 'vitest'
import { generatedOrderTexts } from '../../src/domain/ai-generation'
import { invalidateServicesCache } from '../../src/domain/services'
import { fulfilmentJobs } from '../../src/jobs/registry'
import { createWorker, type Worker } from '../../src/jobs/worker'
import { fund, signUp, type SignedUp } from '../support/app'
import { type FulfilmentHarness, type HarnessOptions, startFulfilmentHarness } from '../fulfilment/harness'
import { createV2Client, type V2Client } from './client'

// The test side of the API v2 suites (not part of the protocol client beside it): our panel served over real
// HTTP on an ephemeral port, on the fulfilment harness (a fresh database, the simulator as the upstream
// provider over HTTP, a worker with every fulfilment job, one controlled clock), with the services the suites
// order from, and customers who hold an API key made through the panel's own key calls. Its worker reads AI
// orders' texts from the order_texts table, as the server's does (the harness's own worker takes them from a
// map of its tests), so comments given to `add` are what dispatch sends.

export interface RunningPanel {
  h: FulfilmentHarness
  /** The panel's origin, e.g. http://127.0.0.1:41234. */
  origin: string
  /** The panel's API v2 URL. */
  apiUrl: string
  services: PanelServices
  /** Every fulfilment job; drained by hand (the clock does not move by itself). */
  worker: Worker
  /** A new customer with `usd` in the wallet and an API key. */
  customer(usd?: number): Promise<Customer>
  /** A panel call of the customer (bearer token), over HTTP. */
  panel(customer: Customer, method: string, path: string, body?: unknown): Promise<Response>
  /** Moves the clock `steps` simulator steps, one at a time, running the jobs that become due. */
  advanceSteps(steps: number): Promise<void>
  close(): Promise<void>
}

export interface Customer {
  user: SignedUp
  key: string
  keyId: string
  api: V2Client
}

/** Our service ids. Rates are micro-USD per 1,000 units. */
export interface PanelServices {
  /** Simulator service 2: cancellable, no refill; its own minimum 10. */
  likes: number
  /** Simulator service 1, offered with refills. */
  followers: number
  /** Simulator service 6 (Custom Comments), an AI service of ours. */
  aiComments: number
  /** Not connected to any provider: its orders pause. */
  follows: number
  /** Switched off by the operator. */
  retired: number
}

export const RATES = {
  likes: 900_000,
  followers: 2_400_000,
  aiComments: 45_000_000,
  follows: 2_800_000,
} as const

export async function startRunningPanel(options: HarnessOptions = {}): Promise<RunningPanel> {
  const h = await startFulfilmentHarness(options)
  const likes = await h.addMappedService('likes', RATES.likes, '2')
  const followers = await h.addMappedService('followers', RATES.followers, '1')
  const aiComments = await h.addMappedService('ai_comments', RATES.aiComments, '6', { isAi: true })
  const insertUnmapped = async (name: string, rate: number, enabled: number) =>
    (
      await h.t.db
        .insertInto('services')
        .values({
          name,
          category: 'test',
          description: '',
          rate_per_1k: rate,
          min_quantity: 1,
          max_quantity: 10_000,
          enabled,
          provider_id: null,
          remote_service_id: null,
          created_at: 0,
          updated_at: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const follows = await insertUnmapped('follows', RATES.follows, 1)
  const retired = await insertUnmapped('retired', 1_000_000, 0)
  await h.t.db.updateTable('services').set({ refill: 1, cancel: 0 }).where('id', '=', followers).execute()
  invalidateServicesCache(h.t.db)

  const jobs = fulfilmentJobs(
    { ...h.deps, orderTexts: generatedOrderTexts(h.t.clock) },
    { syncIntervalMs: h.syncIntervalMs, subscriptionIntervalMs: h.stepMs },
  )
  const worker = createWorker({
    db: h.t.db,
    clock: h.t.clock,
    handlers: jobs.handlers,
    recurring: jobs.recurring,
    concurrency: 8,
    backoff: { baseMs: 1000, maxMs: 8000 },
  })

  let server: ServerType | undefined
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: h.t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(info.port),
    )
  })
  const origin = `http://127.0.0.1:${port}`
  const apiUrl = `${origin}/api/v2`

  const panel = (customer: Customer, method: string, path: string, body?: unknown) =>
    fetch(`${origin}${path}`, {
      method,
      headers: { Authorization: `Bearer ${customer.user.token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  return {
    h,
    origin,
    apiUrl,
    services: { likes, followers, aiComments, follows, retired },
    worker,
    async customer(usd = 100) {
      const user = await signUp(h.t)
      if (usd > 0) await fund(h.t.db, user.userId, usd)
      const response = await fetch(`${origin}/api/user/api-keys`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Test integration' }),
      })
      expect(response.status).toBe(201)
      const created = CreateApiKeyResponse.parse(await response.json())
      return { user, key: created.key, keyId: created.id, api: createV2Client(apiUrl, created.key) }
    },
    panel,
    async advanceSteps(steps) {
      for (let step = 0; step < steps; step += 1) {
        h.t.clock.advance(h.stepMs)
        await worker.drain()
      }
    },
    async close() {
      await new Promise((resolve) => server?.close(resolve))
      await h.close()
    },
  }
}
