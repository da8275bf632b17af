import { CONTROL_CHARACTERS_MESSAGE, MAXIMUM_DEPOSIT_MESSAGE } from '@engage/contract'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authed, createTestApp, signUp, type SignedUp, type TestApp } from './support/app'

// Input that once answered 500 on PostgreSQL (which cannot store NUL) or on both databases (a number the money
// helpers cannot hold). Every case must be a 4xx naming what is wrong; the same file runs on both databases.

let t: TestApp
let customer: SignedUp

beforeAll(async () => {
  t = await createTestApp()
  customer = await signUp(t)
})
afterAll(() => t.close())

async function send(path: string, init: RequestInit = {}) {
  const response = await t.app.request(path, init)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const json = (body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: authed(customer.token),
  body: JSON.stringify(body),
})

describe('control characters', () => {
  it.each([
    ['a path segment', '/sandbox/pay/%00', {}, 'path'],
    ['a query value', '/api/payments/status?order_id=%00', {}, 'order_id'],
    ['an admin filter', '/api/admin/orders?search=ab%00c', {}, 'search'],
    ['an escaped NUL in a path', '/api/payments/sandbox/webhook%00', { method: 'POST' }, 'path'],
  ])('refuses NUL in %s with 422 naming it', async (_case, path, init, field) => {
    const answer = await send(path, init)
    expect(answer.status).toBe(422)
    expect(answer.body).toEqual({ detail: `${field}: ${CONTROL_CHARACTERS_MESSAGE}`, field })
  })

  it.each([
    ['an API key name', 'POST', '/api/user/api-keys', { name: 'bot\u0000' }, 'name'],
    [
      'an AI setting name',
      'PUT',
      '/api/user/ai-settings',
      [{ name: 'x\u0007', provider: 'openai', model: 'gpt-4o' }],
      '[0].name',
    ],
    [
      'a link',
      'POST',
      '/api/orders/create',
      { service_type: 'likes', target_url: 'https://x.com/a\u0000', quantity: 100 },
      'target_url',
    ],
    [
      'a sign-in e-mail',
      'POST',
      '/api/signin',
      { email: 'a\u0000@example.test', password: 'whatever-it-is' },
      'email',
    ],
  ])('refuses control characters in %s', async (_case, method, path, body, field) => {
    const answer = await send(path, json(body, method))
    expect(answer.status).toBe(422)
    expect(answer.body.field).toBe(field)
    expect(String(answer.body.detail).startsWith(`${field}: `)).toBe(true)
  })

  it('keeps line breaks and tabs, which multi-line text needs', async () => {
    const answer = await send('/api/user/api-keys', json({ name: 'line\tone' }))
    expect(answer.status).toBe(201)
  })

  it('refuses a payment webhook whose order id holds NUL before any lookup', async () => {
    const answer = await send('/api/payments/sandbox/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ order_id: 'dep_\u0000', status: 'paid' }),
    })
    expect(answer.status).toBe(422)
    expect(answer.body).toMatchObject({ field: 'order_id' })
  })
})

describe('numbers the money helpers cannot hold', () => {
  it.each([1e10, 1e300, -1e20, 9_007_199_254.740_993])('refuses a deposit of %d with 422', async (amount) => {
    const answer = await send('/api/payments/sandbox/create', json({ amount, currency: 'USD' }))
    expect(answer.status).toBe(422)
    expect(answer.body.field).toBe('amount')
  })

  it('names the limit for an amount far over it', async () => {
    const answer = await send('/api/payments/sandbox/create', json({ amount: 1e10, currency: 'USD' }))
    expect(answer.body.detail).toBe(`amount: ${MAXIMUM_DEPOSIT_MESSAGE}`)
  })
})

describe('bodies over the limit', () => {
  it("answer 413 in the API's shape and close the connection, so no upload ends in a reset socket", async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((resolve) => server.once('listening', resolve))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const upload = JSON.stringify({ email: 'x'.repeat(3 * 1024 * 1024) })
    const seen: string[] = []
    try {
      for (let round = 0; round < 10; round += 1) {
        for (const [path, member] of [
          ['/api/signin', 'detail'],
          ['/api/v2', 'error'],
        ] as const) {
          try {
            const response = await fetch(`${origin}${path}`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: upload,
            })
            const body = (await response.json()) as Record<string, unknown>
            seen.push(
              `${path} ${response.status} ${typeof body[member]} ${response.headers.get('connection')}`,
            )
          } catch (error) {
            seen.push(`${path} failed: ${String((error as Error).cause ?? error)}`)
          }
        }
      }
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
    expect(new Set(seen)).toEqual(new Set(['/api/signin 413 string close', '/api/v2 413 string close']))
  })
})
