import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSmmClient, SmmRejectedError, SmmTransientError } from '../../src/adapters/smm'

// Real panels differ from our simulator in small ways: numbers sent as numbers, counters left empty, amounts
// with more decimals than micro-USD hold, HTML error pages. A local fake panel answers each action with a fixed
// body so the adapter's reading of those shapes is checked over real HTTP.

const answers: Record<string, { status?: number; body: string }> = {
  services: {
    body: JSON.stringify([
      {
        service: '17',
        name: 'Likes',
        type: null,
        category: 'Likes',
        rate: 0.9,
        min: 20,
        max: '5000',
        refill: '1',
        cancel: 0,
      },
      { service: 18, name: 'Views', rate: '0.015', min: '100', max: '100000' },
      { service: 19, name: 'Saves', rate: '1.2345678', min: '1', max: '10' },
    ]),
  },
  status: { body: JSON.stringify({ charge: '', start_count: null, status: 'In progress', remains: 250 }) },
  balance: { body: JSON.stringify({ balance: 100.84292, currency: 'EUR' }) },
  add: { status: 200, body: '<html><body>Maintenance</body></html>' },
  refill: { status: 404, body: 'Not Found' },
  refill_status: { status: 429, body: '{"error":"Too many requests"}' },
  cancel: {
    body: JSON.stringify([
      { order: '5', cancel: '0' },
      { order: 6, cancel: true },
    ]),
  },
}

let server: ServerType
let apiUrl: string

beforeAll(async () => {
  const panel = new Hono().post('/api/v2', async (context) => {
    const fields = await context.req.parseBody()
    const answer = answers[String(fields.action)] ?? { body: '{"error":"Incorrect request"}' }
    return new Response(answer.body, { status: answer.status ?? 200 })
  })
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: panel.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port))
  })
  apiUrl = `http://127.0.0.1:${port}/api/v2`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

const client = () => createSmmClient({ apiUrl, apiKey: 'other-panel-key' })

it('reads services whose numbers come as numbers or strings, with flags in any spelling', async () => {
  expect((await client().services()).services).toEqual([
    {
      service: 17,
      name: 'Likes',
      type: 'Default',
      category: 'Likes',
      ratePer1000: 0.9,
      ratePer1000Micros: 900_000,
      min: 20,
      max: 5000,
      refill: true,
      cancel: false,
    },
    expect.objectContaining({
      service: 18,
      ratePer1000Micros: 15_000,
      refill: false,
      cancel: false,
      category: '',
    }),
    // Digits below one micro-USD round to the nearest micro.
    expect.objectContaining({ service: 19, ratePer1000: 1.234568, ratePer1000Micros: 1_234_568 }),
  ])
})

it('reads empty counters as null and numeric remains as numbers', async () => {
  expect(await client().status(1)).toEqual({
    status: 'In progress',
    startCount: null,
    remains: 250,
    charge: null,
    chargeMicros: null,
    currency: null,
  })
})

it('reads a numeric balance exactly in micro-USD', async () => {
  expect(await client().balance()).toEqual({
    balance: 100.84292,
    balanceMicros: 100_842_920,
    currency: 'EUR',
  })
})

it('reads a refused cancellation written as "0" and an accepted one written as true', async () => {
  const results = await client().cancel([5, 6])
  expect(results.get(5)).toEqual({ ok: false, error: 'The provider did not cancel this order' })
  expect(results.get(6)).toEqual({ ok: true })
})

it('treats an HTML page answered with HTTP 200 as transient', async () => {
  const error = await client()
    .add({ service: 17, link: 'https://x.com/a', quantity: 20 })
    .catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(SmmTransientError)
  expect((error as Error).message).toBe('Unparsable answer to add (HTTP 200)')
})

it('treats HTTP 404 as a rejection and HTTP 429 as transient, whatever the body says', async () => {
  const notFound = await client()
    .refill(1)
    .catch((caught: unknown) => caught)
  expect(notFound).toBeInstanceOf(SmmRejectedError)
  expect((notFound as Error).message).toBe('HTTP 404 on refill')

  const tooMany = await client()
    .refillStatus(1)
    .catch((caught: unknown) => caught)
  expect(tooMany).toBeInstanceOf(SmmTransientError)
  expect(tooMany).toMatchObject({ httpStatus: 429 })
})
