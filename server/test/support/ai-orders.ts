import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import type { Order } from '@engage/contract'
import { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import type { Config } from '../../src/config'
import { connectSimulatorProvider } from '../../src/domain/providers'
import { createSimulator, type Simulator } from '../../src/simulator'
import { startFakeOpenAiCompatible, type FakeOpenAiCompatible } from '../ai/fakes/openai-compatible'
import { authed, createTestApp, fund, signUp, type SignedUp, type TestApp } from './app'
import { addService, uniqueLink } from './services'

// The panel the AI order tests run against (ai-generation.test.ts, ai-orders.test.ts): the fake
// OpenAI-compatible provider on port 0 for all four AI providers, the operator's default DeepSeek key, and the
// built-in SMM simulator on port 0 as the upstream provider of the ai_comments and ai_tweets services.

/** A key of the customer's own, which the fake accepts. */
export const customerKey = 'sk-proj-customerKey1234567890abcd'
/** The operator's default key for DeepSeek (DEEPSEEK_API_KEY). */
export const operatorDeepSeekKey = 'sk-operatorDeepSeek9876543210wxyz'
const simulatorKey = 'simulator-key-for-ai-orders'

interface AiOrderPanel {
  t: TestApp
  /** The fake AI provider; its `requests` record every call. */
  provider: FakeOpenAiCompatible
  /** The upstream SMM provider the AI services are mapped to; its `calls()` record every `add`. */
  simulator: Simulator
  close(): Promise<void>
}

async function startAiOrderPanel(): Promise<AiOrderPanel> {
  const provider = await startFakeOpenAiCompatible({ acceptedKeys: [customerKey, operatorDeepSeekKey] })
  const ai: Config['ai'] = {
    baseUrls: {
      openai: provider.url,
      deepseek: provider.url,
      openrouter: provider.url,
      replicate: provider.url,
    },
    defaultApiKeys: { deepseek: operatorDeepSeekKey },
    modelsTimeoutMs: 2_000,
    generationTimeoutMs: 5_000,
  }
  const t = await createTestApp({ config: { ai } })
  const simulator = createSimulator({ apiKey: simulatorKey, stepMs: 1_000, clock: () => t.clock.now() })
  let simulatorServer: ServerType | undefined
  const port = await new Promise<number>((resolve) => {
    simulatorServer = serve(
      { fetch: new Hono().route('/api/v2', simulator.app).fetch, port: 0, hostname: '127.0.0.1' },
      (info: AddressInfo) => resolve(info.port),
    )
  })
  await addService(t.db, 'ai_comments', 45_000_000, { isAi: true })
  await addService(t.db, 'ai_tweets', 60_000_000, { isAi: true })
  await connectSimulatorProvider(t.db, t.config.dataKey, {
    apiUrl: `http://127.0.0.1:${port}/api/v2`,
    apiKey: simulatorKey,
    now: t.clock.now(),
  })
  return {
    t,
    provider,
    simulator,
    close: async () => {
      await t.close()
      await provider.close()
      simulator.close()
      await new Promise((resolve) => simulatorServer?.close(resolve))
    },
  }
}

/** The AI order panel of a test file, with this test's customer (AiOrderPanel's parts, set by the hooks). */
export interface AiOrderSession {
  t: TestApp
  provider: FakeOpenAiCompatible
  simulator: Simulator
  /** Signed up and funded with 100 USD before each test. */
  customer: SignedUp
  /** Saves one AI setting of the customer's through PUT /api/user/ai-settings. */
  saveSetting(setting: Record<string, unknown>): Promise<void>
  /** Places the customer's order through POST /api/orders/create, on a link of its own unless the body names one. */
  placeOrder(body: Record<string, unknown>): Promise<Order>
  /** Takes the service `name` off its provider, as an operator may; answers the function that maps it back. */
  unmapService(name: string): Promise<() => Promise<void>>
}

/**
 * Registers the hooks of a test file: the panel started before all tests and closed after them; before each
 * test the fakes' records cleared and a new funded customer.
 */
export function setUpAiOrderPanel(): AiOrderSession {
  let panel: AiOrderPanel | undefined
  // t, provider, simulator and customer are filled by the hooks below, before any test reads them.
  const session = {
    saveSetting: async (setting) => {
      const response = await session.t.app.request('/api/user/ai-settings', {
        method: 'PUT',
        headers: authed(session.customer.token),
        body: JSON.stringify([setting]),
      })
      expect(response.status).toBe(200)
    },
    placeOrder: async (body) => {
      const response = await session.t.app.request('/api/orders/create', {
        method: 'POST',
        headers: authed(session.customer.token),
        body: JSON.stringify({ target_url: uniqueLink(), custom_comment: null, ...body }),
      })
      expect(response.status).toBe(201)
      return (await response.json()) as Order
    },
    unmapService: async (name) => {
      const { db } = session.t
      const mapped = await db
        .selectFrom('services')
        .select(['provider_id', 'remote_service_id'])
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
      await db
        .updateTable('services')
        .set({ provider_id: null, remote_service_id: null })
        .where('name', '=', name)
        .execute()
      return async () => {
        await db.updateTable('services').set(mapped).where('name', '=', name).execute()
      }
    },
  } as AiOrderSession
  beforeAll(async () => {
    panel = await startAiOrderPanel()
    session.t = panel.t
    session.provider = panel.provider
    session.simulator = panel.simulator
  })
  afterAll(() => panel?.close())
  beforeEach(async () => {
    session.provider.requests.length = 0
    session.simulator.clearCalls()
    session.customer = await signUp(session.t)
    await fund(session.t.db, session.customer.userId, 100)
  })
  return session
}
