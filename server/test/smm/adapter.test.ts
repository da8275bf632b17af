import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import {
  createSmmClient,
  mapUpstreamStatus,
  SmmRejectedError,
  SmmTransientError,
  type SmmClient,
} from '../../src/adapters/smm'
import { createSimulator, defaultSimulatorKnobs, type Simulator } from '../../src/simulator'

const apiKey = 'adapter-test-key-5f2c'
const stepMs = 1000
let now = Date.UTC(2026, 0, 1)
let simulator: Simulator
let server: ServerType
let apiUrl: string
let client: SmmClient

beforeAll(async () => {
  simulator = createSimulator({ apiKey, stepMs, clock: () => now })
  const root = new Hono().route('/api/v2', simulator.app)
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port))
  })
  apiUrl = `http://127.0.0.1:${port}/api/v2`
  client = createSmmClient({ apiUrl, apiKey })
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  simulator.close()
})

afterEach(() => {
  simulator.setKnobs(defaultSimulatorKnobs)
})

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  )
}

describe('services', () => {
  it('lists the catalogue with rates, minimums and maximums parsed into numbers', async () => {
    const { services, skipped } = await client.services()
    expect(skipped).toEqual([])

    expect(services.map((service) => service.service)).toEqual(
      simulator.services.map((service) => service.service),
    )
    const followers = services.find((service) => service.service === 1)
    expect(followers).toEqual({
      service: 1,
      name: 'X Followers [Real Mixed] [Refill 30D]',
      type: 'Default',
      category: 'X (Twitter) Followers',
      ratePer1000: 1.2,
      ratePer1000Micros: 1_200_000,
      min: 10,
      max: 50_000,
      refill: true,
      cancel: true,
    })
    expect(services.find((service) => service.service === 6)?.type).toBe('Custom Comments')
  })
})

describe('add and status', () => {
  it('places orders under increasing numeric ids', async () => {
    const first = await client.add({ service: 2, link: 'https://x.com/engage/status/1', quantity: 50 })
    const second = await client.add({ service: 2, link: 'https://x.com/engage/status/2', quantity: 50 })

    expect(Number.isInteger(first.orderId)).toBe(true)
    expect(second.orderId).toBeGreaterThan(first.orderId)
  })

  it('moves an order from Pending through In progress to Completed as the clock advances', async () => {
    const { orderId } = await client.add({ service: 1, link: 'https://x.com/progress', quantity: 200 })
    const seen = []
    for (let step = 0; step <= 5; step += 1) {
      const status = await client.status(orderId)
      seen.push([status.status, status.remains, mapUpstreamStatus(status.status)])
      expect(status.startCount).toBe(simulator.order(orderId)?.startCount)
      expect(status.currency).toBe('USD')
      now += stepMs
    }

    expect(seen).toEqual([
      ['Pending', 200, 'processing'],
      ['In progress', 150, 'processing'],
      ['In progress', 100, 'processing'],
      ['In progress', 50, 'processing'],
      ['Completed', 0, 'completed'],
      ['Completed', 0, 'completed'],
    ])
    // 200 followers at 1.20 USD per 1,000.
    const final = await client.status(orderId)
    expect(final.chargeMicros).toBe(240_000)
    expect(final.charge).toBe(0.24)
  })

  it('ends an order marked sim=partial as Partial with 40% undelivered and charges only what was delivered', async () => {
    const { orderId } = await client.add({
      service: 1,
      link: 'https://x.com/partial?sim=partial',
      quantity: 100,
    })
    now += 10 * stepMs

    const status = await client.status(orderId)
    expect(status.status).toBe('Partial')
    expect(mapUpstreamStatus(status.status)).toBe('partial')
    expect(status.remains).toBe(40)
    expect(status.chargeMicros).toBe(72_000)
  })

  it('ends orders Partial when the global outcome knob says so, with the configured undelivered share', async () => {
    simulator.setKnobs({ outcome: 'partial', partialUndeliveredShare: 0.25 })
    const { orderId } = await client.add({ service: 2, link: 'https://x.com/global-partial', quantity: 400 })
    now += 10 * stepMs

    const status = await client.status(orderId)
    expect([status.status, status.remains]).toEqual(['Partial', 100])
  })

  it('ends an order marked sim=cancel as Canceled with nothing delivered and nothing charged', async () => {
    const { orderId } = await client.add({ service: 1, link: 'https://x.com/c?sim=cancel', quantity: 300 })
    expect((await client.status(orderId)).status).toBe('Pending')
    now += stepMs

    const status = await client.status(orderId)
    expect([status.status, status.remains, status.chargeMicros]).toEqual(['Canceled', 300, 0])
    expect(mapUpstreamStatus(status.status)).toBe('cancelled')
  })

  it('sends the texts of a Custom Comments order newline-separated', async () => {
    const comments = ['Great thread!', 'Totally agree', 'Saved this one']
    const { orderId } = await client.add({ service: 6, link: 'https://x.com/c/1', quantity: 3, comments })

    expect(simulator.order(orderId)?.comments).toEqual(comments)
    expect(simulator.calls().at(-1)?.fields.comments).toBe(comments.join('\n'))
  })

  it('answers an unknown order id with a rejection', async () => {
    const error = await rejectionOf(client.status(987_654))
    expect(error).toBeInstanceOf(SmmRejectedError)
    expect((error as SmmRejectedError).message).toBe('Incorrect order ID')
  })
})

describe('statusMany', () => {
  it('asks about more than 100 orders in calls of at most 100 and answers every id', async () => {
    const placed = []
    for (const index of [1, 2, 3]) {
      placed.push(
        (await client.add({ service: 3, link: `https://x.com/v/${index}`, quantity: 1000 })).orderId,
      )
    }
    const unknownIds = Array.from({ length: 247 }, (_, index) => 500_000 + index)
    simulator.clearCalls()

    const results = await client.statusMany([...placed, ...unknownIds])

    const statusCalls = simulator.calls().filter((call) => call.action === 'status')
    expect(statusCalls.map((call) => call.fields.orders?.split(',').length)).toEqual([100, 100, 50])
    expect(results.size).toBe(250)
    for (const orderId of placed) {
      const result = results.get(orderId)
      expect(result?.ok && [result.status.status, result.status.remains]).toEqual(['Pending', 1000])
    }
    expect(results.get(500_000)).toEqual({ ok: false, error: 'Incorrect order ID' })
  })

  it('makes no call for an empty list', async () => {
    simulator.clearCalls()
    expect((await client.statusMany([])).size).toBe(0)
    expect(simulator.calls()).toEqual([])
  })
})

describe('cancel', () => {
  it('cancels a running order, keeping what was delivered, and reports orders it cannot cancel', async () => {
    const finished = (await client.add({ service: 2, link: 'https://x.com/done', quantity: 100 })).orderId
    now += 10 * stepMs
    const running = (await client.add({ service: 1, link: 'https://x.com/run', quantity: 100 })).orderId
    const views = (await client.add({ service: 3, link: 'https://x.com/views', quantity: 100 })).orderId
    now += 2 * stepMs

    const results = await client.cancel([running, views, finished, 777_777])

    expect(results.get(running)).toEqual({ ok: true })
    expect(results.get(views)).toEqual({ ok: false, error: 'Cancel is not available for this service' })
    expect(results.get(finished)).toEqual({
      ok: false,
      error: 'The order is completed and cannot be canceled',
    })
    expect(results.get(777_777)).toEqual({ ok: false, error: 'Incorrect order ID' })
    now += 10 * stepMs
    const status = await client.status(running)
    // Half of the 100 followers had arrived; the provider keeps 50 × 1.20 USD / 1,000.
    expect([status.status, status.remains, status.chargeMicros]).toEqual(['Canceled', 50, 60_000])
  })
})

describe('refill', () => {
  it('refills a completed order of a refillable service and follows the refill to Completed', async () => {
    const { orderId } = await client.add({ service: 1, link: 'https://x.com/refill', quantity: 100 })
    now += 10 * stepMs

    const { refillId } = await client.refill(orderId)
    expect(Number.isInteger(refillId)).toBe(true)
    const statuses = []
    for (let step = 0; step < 3; step += 1) {
      statuses.push((await client.refillStatus(refillId)).status)
      now += stepMs
    }
    expect(statuses).toEqual(['Pending', 'In progress', 'Completed'])
  })

  it.each([
    ['an order still running', 1, 0, 'Refill is available only for completed orders'],
    ['a service without refill', 2, 10, 'Refill is not available for this service'],
  ])('refuses to refill %s', async (_case, service, stepsLater, message) => {
    const { orderId } = await client.add({ service, link: 'https://x.com/no-refill', quantity: 100 })
    now += stepsLater * stepMs

    const error = await rejectionOf(client.refill(orderId))
    expect(error).toBeInstanceOf(SmmRejectedError)
    expect((error as Error).message).toBe(message)
  })

  it('refuses an unknown refill id', async () => {
    const error = await rejectionOf(client.refillStatus(123_456))
    expect((error as Error).message).toBe('Incorrect refill ID')
  })
})

describe('balance', () => {
  it('answers the balance as a number and in micro-USD, lowered by each order', async () => {
    const before = await client.balance()
    await client.add({ service: 8, link: 'https://x.com/premium', quantity: 1000 })
    const after = await client.balance()

    expect(before.currency).toBe('USD')
    expect(before.balanceMicros).toBe(simulator.balanceMicros() + 4_800_000)
    expect(before.balanceMicros - after.balanceMicros).toBe(4_800_000)
    expect(after.balance).toBeCloseTo(after.balanceMicros / 1_000_000, 6)
  })
})

describe('rejections', () => {
  it.each([
    [
      'a bad API key',
      { apiKey: 'wrong-key' },
      { service: 1, link: 'https://x.com/a', quantity: 100 },
      'Invalid API key',
    ],
    [
      'an unknown service',
      {},
      { service: 99, link: 'https://x.com/a', quantity: 100 },
      'Incorrect service ID',
    ],
    [
      'a link that is not http(s)',
      {},
      { service: 1, link: 'ftp://x.com/a', quantity: 100 },
      'Incorrect link',
    ],
    ['a link that is not a URL', {}, { service: 1, link: 'x.com/a', quantity: 100 }, 'Incorrect link'],
    [
      'a quantity below the minimum',
      {},
      { service: 1, link: 'https://x.com/a', quantity: 5 },
      'Quantity less than minimal 10',
    ],
    [
      'a quantity above the maximum',
      {},
      { service: 1, link: 'https://x.com/a', quantity: 50_001 },
      'Quantity more than maximal 50000',
    ],
    [
      'custom comments without comments',
      {},
      { service: 6, link: 'https://x.com/a', quantity: 3 },
      'Comments are required for this service',
    ],
    [
      'a link marked sim=fail-add',
      {},
      { service: 1, link: 'https://x.com/a?sim=fail-add', quantity: 100 },
      'You have active order with this link. Please wait until order being completed.',
    ],
  ])('surfaces %s as SmmRejectedError with the upstream text', async (_case, override, request, message) => {
    const adapter = createSmmClient({ apiUrl, apiKey, ...override })
    const callsBefore = simulator.calls().length

    const error = await rejectionOf(adapter.add(request))

    expect(error).toBeInstanceOf(SmmRejectedError)
    expect(error).toMatchObject({ message, action: 'add' })
    expect(simulator.calls().length).toBe(callsBefore + 1)
  })

  it('refuses an order the balance cannot cover', async () => {
    const poorSimulator = createSimulator({
      apiKey,
      stepMs,
      clock: () => now,
      initialBalanceMicros: 1_000_000,
    })
    const root = new Hono().route('/api/v2', poorSimulator.app)
    const poorServer = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((resolve) => poorServer.once('listening', resolve))
    const { port } = poorServer.address() as AddressInfo
    const poorClient = createSmmClient({ apiUrl: `http://127.0.0.1:${port}/api/v2`, apiKey })
    onTestFinished(() => new Promise<void>((resolve) => poorServer.close(() => resolve())))
    await poorClient.add({ service: 1, link: 'https://x.com/a', quantity: 500 })

    const error = await rejectionOf(poorClient.add({ service: 1, link: 'https://x.com/b', quantity: 500 }))
    expect(error).toBeInstanceOf(SmmRejectedError)
    expect((error as Error).message).toBe('Not enough funds on balance')
  })
})

describe('transient failures', () => {
  it('surfaces HTTP 500 from add (link marked sim=error) as SmmTransientError and places nothing', async () => {
    const link = 'https://x.com/down?sim=error'
    const balanceBefore = simulator.balanceMicros()

    const error = await rejectionOf(client.add({ service: 1, link, quantity: 100 }))

    expect(error).toBeInstanceOf(SmmTransientError)
    expect(error).toMatchObject({ httpStatus: 500, action: 'add' })
    expect(simulator.calls().filter((call) => call.fields.link === link)).toHaveLength(1)
    expect(simulator.balanceMicros()).toBe(balanceBefore)
  })

  it('surfaces the error-rate knob as SmmTransientError on any action', async () => {
    simulator.setKnobs({ errorRate: 1 })
    const error = await rejectionOf(client.balance())
    expect(error).toBeInstanceOf(SmmTransientError)
    expect((error as SmmTransientError).httpStatus).toBe(500)

    simulator.setKnobs({ errorRate: 0 })
    await expect(client.balance()).resolves.toMatchObject({ currency: 'USD' })
  })

  it('surfaces an answer slower than timeoutMs as SmmTransientError, while the order was still placed', async () => {
    simulator.setKnobs({ slowDelayMs: 400 })
    const impatientClient = createSmmClient({ apiUrl, apiKey, timeoutMs: 100 })
    const link = 'https://x.com/slow?sim=slow'

    const error = await rejectionOf(impatientClient.add({ service: 1, link, quantity: 100 }))

    expect(error).toBeInstanceOf(SmmTransientError)
    expect((error as Error).message).toBe('No answer to add within 100 ms')
    const placed = simulator.calls().filter((call) => call.action === 'add' && call.fields.link === link)
    expect(placed).toHaveLength(1)
    // The provider took the order although the client gave up: why a dispatch must never resend blindly.
    const balance = await client.balance()
    expect(balance.balanceMicros).toBe(simulator.balanceMicros())
  })

  it('answers within timeoutMs when the global delay is shorter than the timeout', async () => {
    simulator.setKnobs({ delayMs: 50 })
    const patientClient = createSmmClient({ apiUrl, apiKey, timeoutMs: 2000 })
    await expect(patientClient.balance()).resolves.toMatchObject({ currency: 'USD' })
  })

  it('surfaces a refused connection as SmmTransientError', async () => {
    const closed = serve({ fetch: () => new Response(''), port: 0, hostname: '127.0.0.1' })
    await new Promise((resolve) => closed.once('listening', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const nowhere = createSmmClient({ apiUrl: `http://127.0.0.1:${port}/api/v2`, apiKey })

    const error = await rejectionOf(nowhere.services())
    expect(error).toBeInstanceOf(SmmTransientError)
    expect((error as Error).message).toMatch(/^Network failure on services: .*ECONNREFUSED/)
  })
})

describe('the API key', () => {
  it('appears in no error and in no entry of the call log', async () => {
    simulator.setKnobs({ slowDelayMs: 300 })
    const impatientClient = createSmmClient({ apiUrl, apiKey, timeoutMs: 50 })
    const errors = [
      await rejectionOf(client.add({ service: 99, link: 'https://x.com/a', quantity: 100 })),
      await rejectionOf(client.add({ service: 1, link: 'https://x.com/a?sim=error', quantity: 100 })),
      await rejectionOf(impatientClient.add({ service: 1, link: 'https://x.com/a?sim=slow', quantity: 100 })),
    ]
    for (const error of errors) {
      const seen = `${String(error)} ${JSON.stringify(error)} ${String((error as Error).cause)}`
      expect(seen).not.toContain(apiKey)
    }
    expect(JSON.stringify(simulator.calls())).not.toContain(apiKey)
  })
})
