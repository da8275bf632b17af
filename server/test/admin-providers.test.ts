import { serve, type ServerType } from '@hono/node-server'
import {
  AdminAuditResponse,
  AdminProvider,
  AdminProviderBalanceResponse,
  AdminProviderMarginResponse,
  AdminProviderServicesResponse,
  AdminProvidersResponse,
  AdminService,
  maskApiKey,
} from '@engage/contract'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type * as z from 'zod'
import { decryptSecret, encryptSecret } from '../src/crypto/secrets'
import { rateWithMargin } from '../src/domain/admin/providers'
import type { Logger } from '../src/logger'
import { simulatorServices } from '../src/simulator/catalogue'
import { createSimulator, type Simulator } from '../src/simulator'
import { authed, createTestApp, signUp, type SignedUp, type TestApp } from './support/app'
import { addService } from './support/services'

// Providers through the console against the API v2 simulator served over real HTTP: the key stored encrypted,
// answered masked and never logged nor audited; the balance and the catalogue asked live; the margin rule
// setting the rates customers see.

const API_KEY = 'admin-providers-secret-7d41c9'
let t: TestApp
let admin: SignedUp
let simulator: Simulator
let server: ServerType
let apiUrl: string
const logged: string[] = []

const capturingLogger: Logger = {
  info: (message, fields) => logged.push(`${message} ${JSON.stringify(fields ?? {})}`),
  warn: (message, fields) => logged.push(`${message} ${JSON.stringify(fields ?? {})}`),
  error: (message, fields) => logged.push(`${message} ${JSON.stringify(fields ?? {})}`),
}

async function call<Schema extends z.ZodType>(
  method: string,
  path: string,
  schema: Schema,
  body?: unknown,
  status = 200,
): Promise<{ value: z.output<Schema>; text: string }> {
  const response = await t.app.request(path, {
    method,
    headers: authed(admin.token),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  expect(response.status, text).toBe(status)
  return { value: schema.parse(JSON.parse(text)), text }
}

beforeAll(async () => {
  t = await createTestApp({ logger: capturingLogger })
  admin = await signUp(t)
  await t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute()
  simulator = createSimulator({ apiKey: API_KEY, stepMs: 1000 })
  const root = new Hono().route('/api/v2', simulator.app)
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port))
  })
  apiUrl = `http://127.0.0.1:${String(port)}/api/v2`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  simulator.close()
  await t.close()
})

describe('providers in the console', () => {
  it('adds a provider with its key encrypted and masked, asks its balance, imports and reprices by a margin', async () => {
    const { value: provider, text } = await call(
      'POST',
      '/api/admin/providers',
      AdminProvider,
      { name: 'Simulated panel', api_url: apiUrl, api_key: API_KEY },
      201,
    )
    expect(text).not.toContain(API_KEY)
    expect(provider).toMatchObject({
      name: 'Simulated panel',
      api_url: apiUrl,
      api_key_masked: maskApiKey(API_KEY),
      enabled: true,
      margin_percent: null,
      services_count: 0,
    })
    const row = await t.db
      .selectFrom('providers')
      .selectAll()
      .where('id', '=', Number(provider.id))
      .executeTakeFirstOrThrow()
    expect(row.api_key_encrypted).not.toContain(API_KEY)
    expect(decryptSecret(t.config.dataKey, row.api_key_encrypted)).toBe(API_KEY)

    const { value: balance } = await call(
      'GET',
      `/api/admin/providers/${provider.id}/balance`,
      AdminProviderBalanceResponse,
    )
    expect(balance).toMatchObject({ provider_id: provider.id, currency: 'USD' })
    expect(balance.balance).toBeCloseTo(simulator.balanceMicros() / 1_000_000, 2)

    const { value: imported } = await call(
      'POST',
      `/api/admin/providers/${provider.id}/import`,
      AdminProviderServicesResponse,
      {},
    )
    expect(imported.services).toHaveLength(simulatorServices.length)
    const remoteOne = imported.services.find((service) => service.remote_service_id === '1')
    expect(remoteOne).toMatchObject({
      rate_per_1k: 1.2,
      min_quantity: 10,
      max_quantity: 50_000,
      mapped_to: [],
    })

    // Map one of ours to the provider's service 1 and reprice everything mapped with a 25 % margin.
    const serviceId = await addService(t.db, 'provider_test_followers', 5_000_000, { min: 10, max: 10_000 })
    const { value: mapped } = await call('PUT', `/api/admin/services/${String(serviceId)}`, AdminService, {
      provider_id: provider.id,
      remote_service_id: '1',
    })
    expect(mapped).toMatchObject({
      provider_name: 'Simulated panel',
      provider_rate_per_1k: 1.2,
      rate_per_1k: 5,
    })
    const { value: listed } = await call(
      'GET',
      `/api/admin/providers/${provider.id}/services`,
      AdminProviderServicesResponse,
    )
    expect(listed.services.find((service) => service.remote_service_id === '1')?.mapped_to).toEqual([
      'provider_test_followers',
    ])

    const { value: margin } = await call(
      'POST',
      `/api/admin/providers/${provider.id}/margin`,
      AdminProviderMarginResponse,
      { margin_percent: 25, reason: 'Standard margin' },
    )
    expect(margin.provider.margin_percent).toBe(25)
    expect(margin.services.map((service) => [service.name, service.rate_per_1k])).toEqual([
      ['provider_test_followers', 1.5],
    ])
    const prices = (await (await t.app.request('/api/get-services')).json()) as Record<string, number>
    expect(prices.provider_test_followers).toBe(0.0015)

    const { value: audit } = await call(
      'GET',
      `/api/admin/audit?target=provider:${provider.id}`,
      AdminAuditResponse,
    )
    expect(audit.entries.map((entry) => entry.action)).toEqual([
      'provider.margin',
      'provider.import',
      'provider.create',
    ])
    expect(audit.entries[0]).toMatchObject({
      before: { margin_percent: null, rates_per_1k: { provider_test_followers: 5 } },
      after: { margin_percent: 25, rates_per_1k: { provider_test_followers: 1.5 } },
      reason: 'Standard margin',
    })
  })

  it('keeps the key when its mask is sent back, replaces it when a new one is, and reports a refusing provider', async () => {
    const { value: provider } = await call(
      'POST',
      '/api/admin/providers',
      AdminProvider,
      { name: 'Second panel', api_url: apiUrl, api_key: API_KEY },
      201,
    )
    // The provider revokes the key later (checked keys are only kept, never re-checked on their own).
    await t.db
      .updateTable('providers')
      .set({ api_key_encrypted: encryptSecret(t.config.dataKey, 'wrong-key-0000') })
      .where('id', '=', Number(provider.id))
      .execute()
    const refused = await t.app.request(`/api/admin/providers/${provider.id}/balance`, {
      headers: authed(admin.token),
    })
    expect(refused.status).toBe(502)
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/^Second panel did not answer/)

    await call('PUT', `/api/admin/providers/${provider.id}`, AdminProvider, { api_key: API_KEY })
    await call('GET', `/api/admin/providers/${provider.id}/balance`, AdminProviderBalanceResponse)
    const { value: kept } = await call('PUT', `/api/admin/providers/${provider.id}`, AdminProvider, {
      api_key: maskApiKey(API_KEY),
      enabled: false,
    })
    expect(kept).toMatchObject({ enabled: false, api_key_masked: maskApiKey(API_KEY) })
    await call('GET', `/api/admin/providers/${provider.id}/balance`, AdminProviderBalanceResponse)

    const duplicate = await t.app.request('/api/admin/providers', {
      method: 'POST',
      headers: authed(admin.token),
      body: JSON.stringify({ name: 'Second panel', api_url: apiUrl, api_key: 'x' }),
    })
    expect(duplicate.status).toBe(409)
    const badUrl = await t.app.request('/api/admin/providers', {
      method: 'POST',
      headers: authed(admin.token),
      body: JSON.stringify({ name: 'Third', api_url: 'ftp://panel.example', api_key: 'x' }),
    })
    expect(badUrl.status).toBe(422)
    expect(await badUrl.json()).toMatchObject({ field: 'api_url' })

    const { value: all } = await call('GET', '/api/admin/providers', AdminProvidersResponse)
    expect(all.providers.map((entry) => entry.api_key_masked)).toEqual([
      maskApiKey(API_KEY),
      maskApiKey(API_KEY),
    ])
  })

  it('never writes a key to the audit log or the logs', async () => {
    const rows = await t.db.selectFrom('audit_log').select(['before_json', 'after_json']).execute()
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row.before_json ?? '').not.toContain(API_KEY)
      expect(row.after_json ?? '').not.toContain(API_KEY)
      expect(row.after_json ?? '').not.toContain('wrong-key-0000')
    }
    for (const line of logged) expect(line).not.toContain(API_KEY)
  })

  it('prices by margin rounding up to the micro-USD', () => {
    expect(rateWithMargin(1_200_000, 2500)).toBe(1_500_000)
    expect(rateWithMargin(1_000_001, 1000)).toBe(1_100_002)
    expect(rateWithMargin(999, -10_000)).toBe(0)
  })
})
