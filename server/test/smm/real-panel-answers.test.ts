import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { createSmmClient, SmmRejectedError, SmmTransientError } from '../../src/adapters/smm'
import { readRetryAfter } from '../../src/adapters/smm/client'

// Answers recorded from real panels that once broke the client: one odd entry in a batch, a CDN in front of the
// panel, a rate limit written as an error text, thousands separators. A local fake panel replays them over
// real HTTP; each test sets the answer it needs and reads what the client sent.

interface Answer {
  status?: number
  headers?: Record<string, string>
  body: string
}

let answer: Answer
let received: Record<string, string>
let server: ServerType
let apiUrl: string

beforeAll(async () => {
  const panel = new Hono().post('/api/v2', async (context) => {
    received = Object.fromEntries(
      Object.entries(await context.req.parseBody()).map(([name, value]) => [name, String(value)]),
    )
    return new Response(answer.body, { status: answer.status ?? 200, headers: answer.headers ?? {} })
  })
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: panel.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port))
  })
  apiUrl = `http://127.0.0.1:${port}/api/v2`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  received = {}
})

const client = () => createSmmClient({ apiUrl, apiKey: 'recorded-key' })

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  )
}

it('reads every order of a status batch on its own when one says remains "Unknown"', async () => {
  answer = {
    body: JSON.stringify({
      '11': { charge: '0.27', start_count: '3572', status: 'Completed', remains: '0', currency: 'USD' },
      '12': { charge: '0.27', start_count: '', status: 'In progress', remains: 'Unknown', currency: 'USD' },
      '13': { error: 'Incorrect order ID' },
    }),
  }
  const results = await client().statusMany([11, 12, 13])
  expect(results.get(11)).toMatchObject({ ok: true, status: { status: 'Completed', remains: 0 } })
  expect(results.get(12)).toEqual({
    ok: false,
    error: expect.stringMatching(/^Unreadable answer for this order: remains: /),
  })
  expect(results.get(13)).toEqual({ ok: false, error: 'Incorrect order ID' })
})

it('imports the readable part of a catalogue and names the entry it skipped', async () => {
  answer = {
    body: JSON.stringify([
      {
        service: 1,
        name: 'Followers',
        type: 'Default',
        category: 'X',
        rate: '0.90',
        min: '50',
        max: '10000',
      },
      { service: '7', name: 'Broken max', type: 'Default', category: 'X', rate: '1.20', min: '10', max: '' },
      { name: 'No id at all', rate: '1', min: '1', max: '2' },
    ]),
  }
  const catalogue = await client().services()
  expect(catalogue.services.map((service) => service.service)).toEqual([1])
  expect(catalogue.skipped).toEqual([
    { service: 7, reason: expect.stringMatching(/^max: /) },
    { service: null, reason: expect.stringMatching(/^service: /) },
  ])
})

it("treats a CDN's 403 challenge page as transient", async () => {
  answer = { status: 403, body: '<!DOCTYPE html><title>Just a moment...</title>' }
  const error = await failure(client().balance())
  expect(error).toBeInstanceOf(SmmTransientError)
  expect(error).toMatchObject({ httpStatus: 403, message: 'HTTP 403 on balance' })
})

it('treats "Too many requests" at HTTP 200 as transient and keeps the Retry-After it sent', async () => {
  answer = { headers: { 'retry-after': '30' }, body: JSON.stringify({ error: 'Too many requests' }) }
  const error = await failure(client().status(5))
  expect(error).toBeInstanceOf(SmmTransientError)
  expect(error).toMatchObject({ retryAfterMs: 30_000, message: 'Rate limited on status: Too many requests' })

  answer = { status: 503, headers: { 'retry-after': '120' }, body: 'busy' }
  expect(await failure(client().status(5))).toMatchObject({ httpStatus: 503, retryAfterMs: 120_000 })

  answer = { body: JSON.stringify({ error: 'Incorrect order ID' }) }
  expect(await failure(client().status(5))).toBeInstanceOf(SmmRejectedError)
})

it('reads Retry-After as seconds or as an HTTP date, capped at an hour', () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 0)
  expect(readRetryAfter('5', now)).toBe(5000)
  expect(readRetryAfter('Thu, 26 Nov 2026 12:01:00 GMT', now)).toBe(60_000)
  expect(readRetryAfter('86400', now)).toBe(3_600_000)
  expect(readRetryAfter('soon', now)).toBeNull()
  expect(readRetryAfter(null, now)).toBeNull()
})

it('reads amounts with thousands separators in both the USD figure and the micros', async () => {
  answer = { body: JSON.stringify({ balance: '1,015.00', currency: 'USD' }) }
  expect(await client().balance()).toEqual({ balance: 1015, balanceMicros: 1_015_000_000, currency: 'USD' })
})

it('sends Custom Comments without a quantity, as the published call does', async () => {
  answer = { body: JSON.stringify({ order: 901 }) }
  await client().add({
    service: 4,
    link: 'https://x.com/a/status/1',
    quantity: 2,
    comments: ['Nice', 'Great'],
  })
  expect(received).toEqual({
    key: 'recorded-key',
    action: 'add',
    service: '4',
    link: 'https://x.com/a/status/1',
    comments: 'Nice\nGreat',
  })

  await client().add({ service: 1, link: 'https://x.com/a', quantity: 100 })
  expect(received).toMatchObject({ service: '1', quantity: '100' })
})
