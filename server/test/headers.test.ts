import { INTERNAL_SERVER_ERROR, NOT_FOUND } from '@engage/contract'
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import type { Logger } from '../src/logger'
import { listen } from '../src/ops/listen'
import { authed, createTestApp, signUp, type TestApp } from './support/app'

let t: TestApp
let logged: string[]

beforeEach(async () => {
  logged = []
  const capture = (message: string, fields?: Record<string, unknown>) => {
    logged.push(`${message} ${JSON.stringify(fields ?? {})}`)
  }
  const logger: Logger = { info: capture, warn: capture, error: capture }
  t = await createTestApp({ logger })
})
afterEach(() => t.close())

function expectSecureHeaders(response: Response) {
  const csp = response.headers.get('Content-Security-Policy') ?? ''
  expect(csp).toContain("default-src 'self'")
  expect(csp).toContain("script-src 'self'")
  expect(csp).toContain("style-src 'self'")
  expect(csp).toContain("img-src 'self' data:")
  expect(csp).toContain("object-src 'none'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).not.toContain('unsafe-inline')
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
  expect(response.headers.get('X-Frame-Options')).toBe('DENY')
  expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
  expect(response.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d+/)
  expect(response.headers.get('X-Powered-By')).toBeNull()
}

/**
 * The two ways the app answers: in the process (`app.request()`, as most tests call it) and served by Node over
 * HTTP, as it runs in production, where the every-answer headers are set on Node's response instead.
 */
const transports = ['in the process', 'served over HTTP'] as const
type Request = (path: string, init?: RequestInit) => Promise<Response>

async function requester(transport: (typeof transports)[number]): Promise<Request> {
  if (transport === 'in the process') return async (path, init) => t.app.request(path, init)
  const served = await listen(t.app.fetch, '127.0.0.1', 0)
  onTestFinished(() => served.close())
  return (path, init) => fetch(`${served.url}${path}`, init)
}

describe.each(transports)('answered %s', (transport) => {
  it.each([
    ['a public JSON answer', '/api/openapi.json', undefined],
    ['the docs page', '/api/docs', undefined],
    ['an unknown path', '/api/no-such-thing', undefined],
    ['a refusal', '/api/user/me', undefined],
    [
      'a validation failure',
      '/api/signin',
      { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } },
    ],
  ])('the secure headers are on %s', async (_case, path, init) => {
    const request = await requester(transport)
    expectSecureHeaders(await request(path, init))
  })

  it('marks every answer to a signed-in request no-store, a refusal included', async () => {
    const request = await requester(transport)
    const user = await signUp(t)
    for (const path of [
      '/api/user/me',
      '/api/orders/get',
      '/api/wallet/transactions',
      '/api/user/no-such-thing',
    ]) {
      const response = await request(path, { headers: authed(user.token) })
      expect(response.headers.get('Cache-Control'), path).toBe('no-store')
    }
    const badToken = await request('/api/user/me', { headers: authed('not-a-token') })
    expect(badToken.status).toBe(401)
    expect(badToken.headers.get('Cache-Control')).toBe('no-store')
  })

  it("leaves public answers to their own policy, and a route's own header wins", async () => {
    const request = await requester(transport)
    const services = await request('/api/get-services')
    expect(services.headers.get('Cache-Control')).toMatch(/^public, /)
    expect(services.headers.get('ETag')).toMatch(/^"/)
    expect(services.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(services.headers.get('Vary')).toBe('Origin')
    expectSecureHeaders(services)
    // Sent with a token, the public list keeps its own caching: only answers without a policy get no-store.
    const user = await signUp(t)
    const withToken = await request('/api/get-services', { headers: authed(user.token) })
    expect(withToken.headers.get('Cache-Control')).toMatch(/^public, /)
    const revalidated = await request('/api/get-services', {
      headers: { 'If-None-Match': services.headers.get('ETag') ?? '' },
    })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('ETag')).toBe(services.headers.get('ETag'))
    expectSecureHeaders(revalidated)
  })
})

describe('errors', () => {
  it("answers an unknown /api path with 404 { detail: 'Not found' }", async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing'],
      ['POST', '/api/signin/extra'],
      ['DELETE', '/api/get-services'],
    ] as const) {
      const response = await t.app.request(path, { method })
      expect(response.status, `${method} ${path}`).toBe(404)
      expect(await response.json()).toEqual({ detail: NOT_FOUND })
    }
  })

  it('refuses a body over 1 MB with 413 before reading it whole', async () => {
    const response = await t.app.request('/api/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(1024 * 1024) }),
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ detail: 'Request body too large' })
  })

  it('answers an unexpected failure with 500 and a generic detail, logging it without the request secrets', async () => {
    // The database going away mid-flight is a failure no input can cause.
    await t.db.destroy()
    const response = await t.app.request('/api/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer secret-bearer-token' },
      body: JSON.stringify({ email: 'victim@example.test', password: 'hunter2 secret password' }),
    })
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ detail: INTERNAL_SERVER_ERROR })
    const log = logged.join('\n')
    expect(log).toContain('Unhandled error')
    expect(log).toContain('/api/signin')
    expect(log).not.toContain('hunter2')
    expect(log).not.toContain('secret-bearer-token')
  })
})
