import { serve, type ServerType } from '@hono/node-server'
import {
  AdminAuditResponse,
  AdminProvider,
  AdminProvidersResponse,
  AdminService,
  CreateOrderResponse,
  providerHasActiveOrders,
  providerKeyRefused,
} from '@engage/contract'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type Simulator } from '../src/simulator'
import { authed, createTestApp, fund, signUp, type SignedUp, type TestApp } from './support/app'
import { addService, uniqueLink } from './support/services'

// A provider's life in the console against the API v2 simulator over real HTTP: its key checked with a
// balance call before it is kept, disabled and enabled again, and deleted only when none of its orders is
// still active. Every change is in the audit log.

const API_KEY = 'provider-lifecycle-secret-51c0aa'
let t: TestApp
let admin: SignedUp
let simulator: Simulator
let server: ServerType
let apiUrl: string
/** An address where nothing answers: a port opened for the test and closed again. */
let silentUrl: string

function request(method: string, path: string, body?: unknown) {
  return t.app.request(path, {
    method,
    headers: authed(admin.token),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

async function providerNames(): Promise<string[]> {
  const response = await request('GET', '/api/admin/providers')
  return AdminProvidersResponse.parse(await response.json()).providers.map((provider) => provider.name)
}

async function auditActions(target: string): Promise<string[]> {
  const response = await request('GET', `/api/admin/audit?target=${target}`)
  return AdminAuditResponse.parse(await response.json()).entries.map((entry) => entry.action)
}

async function addProvider(name: string): Promise<AdminProvider> {
  const response = await request('POST', '/api/admin/providers', { name, api_url: apiUrl, api_key: API_KEY })
  expect(response.status).toBe(201)
  return AdminProvider.parse(await response.json())
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await signUp(t)
  await t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute()
  simulator = createSimulator({ apiKey: API_KEY, stepMs: 1000 })
  const root = new Hono().route('/api/v2', simulator.app)
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port))
  })
  apiUrl = `http://127.0.0.1:${String(port)}/api/v2`
  const closed = serve({ fetch: () => new Response(null), port: 0, hostname: '127.0.0.1' })
  const closedPort = await new Promise<number>((resolve) => {
    closed.on('listening', () => {
      const address = closed.address()
      resolve(typeof address === 'object' && address !== null ? address.port : 0)
    })
  })
  await new Promise((resolve) => closed.close(resolve))
  silentUrl = `http://127.0.0.1:${String(closedPort)}/api/v2`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  simulator.close()
  await t.close()
})

describe('adding a provider', () => {
  it('refuses a key the provider refuses, by the key field, and keeps nothing', async () => {
    const response = await request('POST', '/api/admin/providers', {
      name: 'Refused panel',
      api_url: apiUrl,
      api_key: 'not-the-key-0000',
    })
    expect(response.status).toBe(422)
    const body = (await response.json()) as { detail: string; field: string }
    expect(body).toEqual({ detail: providerKeyRefused('Invalid API key'), field: 'api_key' })
    expect(body.detail).not.toContain('not-the-key-0000')
    expect(await providerNames()).not.toContain('Refused panel')
  })

  it('refuses an address where no panel answers, by the URL field, and keeps nothing', async () => {
    const response = await request('POST', '/api/admin/providers', {
      name: 'Silent panel',
      api_url: silentUrl,
      api_key: API_KEY,
    })
    expect(response.status).toBe(422)
    const body = (await response.json()) as { detail: string; field: string }
    expect(body.field).toBe('api_url')
    expect(body.detail).toMatch(
      /^The provider could not be reached at this API URL \(Network failure on balance/,
    )
    expect(await providerNames()).not.toContain('Silent panel')
  })

  it('refuses a new key the provider refuses when one is changed, keeping the old one', async () => {
    const provider = await addProvider('Rekeyed panel')
    const response = await request('PUT', `/api/admin/providers/${provider.id}`, { api_key: 'revoked-0000' })
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ field: 'api_key' })
    const balance = await request('GET', `/api/admin/providers/${provider.id}/balance`)
    expect(balance.status).toBe(200)
  })
})

describe('disabling, enabling and deleting a provider', () => {
  it('disables and enables a provider, audited with the reason', async () => {
    const provider = await addProvider('Switched panel')
    for (const enabled of [false, true]) {
      const response = await request('PUT', `/api/admin/providers/${provider.id}`, {
        enabled,
        reason: enabled ? 'Back online' : 'Upstream outage',
      })
      expect(response.status).toBe(200)
      expect(AdminProvider.parse(await response.json()).enabled).toBe(enabled)
    }
    expect(await auditActions(`provider:${provider.id}`)).toEqual([
      'provider.update',
      'provider.update',
      'provider.create',
    ])
  })

  it('refuses to delete a provider with active orders, naming them, and deletes it once they are done', async () => {
    const provider = await addProvider('Retiring panel')
    const imported = await request('POST', `/api/admin/providers/${provider.id}/import`, {})
    expect(imported.status).toBe(200)
    const serviceId = await addService(t.db, 'retiring_likes', 1_000_000, { min: 10, max: 10_000 })
    const mapped = await request('PUT', `/api/admin/services/${String(serviceId)}`, {
      provider_id: provider.id,
      remote_service_id: '1',
    })
    expect(mapped.status).toBe(200)

    const customer = await signUp(t)
    await fund(t.db, customer.userId, 10)
    const placed = await t.app.request('/api/orders/create', {
      method: 'POST',
      headers: authed(customer.token),
      body: JSON.stringify({
        service_type: 'retiring_likes',
        target_url: uniqueLink(),
        quantity: 100,
        custom_comment: null,
        ai_settings: null,
      }),
    })
    expect(placed.status).toBe(201)
    const order = CreateOrderResponse.parse(await placed.json())

    const refused = await request('DELETE', `/api/admin/providers/${provider.id}?reason=Contract ended`)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ detail: providerHasActiveOrders([String(order.id)]) })
    expect(await providerNames()).toContain('Retiring panel')

    // The order is cancelled before it was sent (no worker runs here): nothing of the provider is active now.
    const cancelled = await t.app.request(`/api/orders/${String(order.id)}/cancel`, {
      method: 'POST',
      headers: authed(customer.token),
    })
    expect(cancelled.status).toBeLessThan(300)

    const deleted = await request('DELETE', `/api/admin/providers/${provider.id}?reason=Contract ended`)
    expect(deleted.status).toBe(200)
    expect(await deleted.json()).toEqual({ message: 'Provider Retiring panel deleted' })
    expect(await providerNames()).not.toContain('Retiring panel')
    const service = await request('GET', '/api/admin/services')
    const services = ((await service.json()) as { services: unknown[] }).services.map((entry) =>
      AdminService.parse(entry),
    )
    expect(services.find((entry) => entry.name === 'retiring_likes')).toMatchObject({
      provider_id: null,
      remote_service_id: null,
    })
    const remaining = await t.db
      .selectFrom('provider_services')
      .select('remote_service_id')
      .where('provider_id', '=', Number(provider.id))
      .execute()
    expect(remaining).toEqual([])
    const audit = await request('GET', `/api/admin/audit?target=provider:${provider.id}`)
    const [latest] = AdminAuditResponse.parse(await audit.json()).entries
    expect(latest).toMatchObject({
      action: 'provider.delete',
      before: { name: 'Retiring panel', mapped_services: ['retiring_likes'] },
      after: null,
      reason: 'Contract ended',
    })

    const again = await request('DELETE', `/api/admin/providers/${provider.id}`)
    expect(again.status).toBe(404)
  })
})
