import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSimulator, type Simulator } from '../../src/simulator'

// Speaks to the simulator the way any panel client would (form-encoded POST, no adapter in between), to check
// that the simulator answers in the protocol's own shapes: ids as numbers, counts and money as strings.

const apiKey = 'wire-format-key'
let now = Date.UTC(2026, 2, 1)
let simulator: Simulator
let server: ServerType
let apiUrl: string

beforeAll(async () => {
  simulator = createSimulator({ apiKey, stepMs: 1000, clock: () => now })
  const root = new Hono().route('/api/v2', simulator.app)
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port))
  })
  apiUrl = `http://127.0.0.1:${port}/api/v2`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  simulator.close()
})

async function post(
  fields: Record<string, string>,
): Promise<{ status: number; type: string; body: unknown }> {
  const response = await fetch(apiUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.json(),
  }
}

it('answers services, add, status, cancel and balance in the API v2 wire format', async () => {
  const services = await post({ key: apiKey, action: 'services' })
  expect(services.status).toBe(200)
  expect(services.type).toContain('application/json')
  expect((services.body as unknown[])[1]).toEqual({
    service: 2,
    name: 'X Likes [Instant Start]',
    type: 'Default',
    category: 'X (Twitter) Likes',
    rate: '0.45',
    min: '10',
    max: '20000',
    refill: false,
    cancel: true,
  })

  const added = await post({
    key: apiKey,
    action: 'add',
    service: '2',
    link: 'https://x.com/w',
    quantity: '618',
  })
  expect(added.body).toEqual({ order: expect.any(Number) })
  const orderId = (added.body as { order: number }).order

  const single = await post({ key: apiKey, action: 'status', order: String(orderId) })
  expect(single.body).toEqual({
    // 618 likes at 0.45 USD per 1,000 = 0.2781 USD.
    charge: '0.2781',
    start_count: expect.stringMatching(/^\d+$/),
    status: 'Pending',
    remains: '618',
    currency: 'USD',
  })

  const many = await post({ key: apiKey, action: 'status', orders: `${orderId},999999` })
  expect(many.body).toEqual({
    [String(orderId)]: single.body,
    '999999': { error: 'Incorrect order ID' },
  })

  const cancelled = await post({ key: apiKey, action: 'cancel', orders: `${orderId},999999` })
  expect(cancelled.body).toEqual([
    { order: orderId, cancel: 1 },
    { order: 999999, cancel: { error: 'Incorrect order ID' } },
  ])

  const balance = await post({ key: apiKey, action: 'balance' })
  expect(balance.body).toEqual({ balance: '10000.00', currency: 'USD' })
})

it('answers refill and refill_status with the refill id as a string', async () => {
  const added = await post({
    key: apiKey,
    action: 'add',
    service: '1',
    link: 'https://x.com/r',
    quantity: '10',
  })
  now += 60_000
  const refill = await post({
    key: apiKey,
    action: 'refill',
    order: String((added.body as { order: number }).order),
  })
  expect(refill.body).toEqual({ refill: expect.stringMatching(/^\d+$/) })

  const status = await post({
    key: apiKey,
    action: 'refill_status',
    refill: (refill.body as { refill: string }).refill,
  })
  expect(status.body).toEqual({ status: 'Pending' })
})

it.each([
  ['a wrong key', { key: 'nope', action: 'balance' }, 'Invalid API key'],
  ['no key', { action: 'balance' }, 'Invalid API key'],
  ['an unknown action', { key: apiKey, action: 'withdraw' }, 'Incorrect request'],
  ['status without an order', { key: apiKey, action: 'status' }, 'Incorrect request'],
  [
    'an unknown service',
    { key: apiKey, action: 'add', service: '42', link: 'https://x.com', quantity: '10' },
    'Incorrect service ID',
  ],
  [
    'a quantity that is not a number',
    { key: apiKey, action: 'add', service: '1', link: 'https://x.com', quantity: 'ten' },
    'Incorrect quantity',
  ],
  [
    'more than 100 orders',
    { key: apiKey, action: 'status', orders: Array.from({ length: 101 }, (_, index) => index + 1).join(',') },
    'Too many orders, at most 100 per request',
  ],
])('answers %s with HTTP 200 and { error }', async (_case, fields, error) => {
  const answer = await post(fields)
  expect(answer.status).toBe(200)
  expect(answer.body).toEqual({ error })
})

it('accepts a JSON body as well as a form body', async () => {
  const response = await fetch(apiUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      key: apiKey,
      action: 'add',
      service: 6,
      link: 'https://x.com/j',
      comments: ['a', 'b'],
    }),
  })
  const body = (await response.json()) as { order: number }
  expect(simulator.order(body.order)).toMatchObject({ quantity: 2, comments: ['a', 'b'] })
})

it('answers HTTP 500 with a non-JSON body when the error rate strikes', async () => {
  simulator.setKnobs({ errorRate: 1 })
  try {
    const response = await fetch(apiUrl, {
      method: 'POST',
      body: new URLSearchParams({ key: apiKey, action: 'balance' }),
    })
    expect(response.status).toBe(500)
    expect(await response.text()).toBe('Internal Server Error')
  } finally {
    simulator.setKnobs({ errorRate: 0 })
  }
})
