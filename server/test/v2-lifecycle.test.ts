import { chargeMicros } from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REFILL_POLL_MS } from '../src/domain/refills'
import { uniqueLink } from './support/services'
import { type Customer, RATES, type RunningPanel, startRunningPanel } from './v2-client/running-panel'

// Orders placed through POST /api/v2 on their way through fulfilment: the worker sends them to the simulator
// over HTTP, the status sync follows them, and the protocol's status, cancel, refill and refill_status answer
// what happened. One controlled clock drives the panel, the worker and the simulator (steps of 1 s: Pending,
// In progress for three steps, then the order's end).

let p: RunningPanel
beforeAll(async () => {
  p = await startRunningPanel()
})
afterAll(async () => {
  await p.close()
})

async function place(customer: Customer, service: number, quantity: number, link = uniqueLink()) {
  const answer = (await customer.api.add({ service, link, quantity })) as { order?: number; error?: string }
  expect(answer.error).toBeUndefined()
  return { orderId: answer.order as number, link }
}

describe('status through fulfilment', () => {
  it('follows an order from Pending through In progress to Completed, with the start count and remains', async () => {
    const customer = await p.customer()
    const { orderId, link } = await place(customer, p.services.likes, 400)
    expect(await customer.api.status(orderId)).toMatchObject({ status: 'Pending', remains: '400' })

    await p.worker.drain()
    const upstream = p.h.upstreamOrderFor(link)
    expect(upstream?.quantity).toBe(400)
    expect(await customer.api.status(orderId)).toMatchObject({ status: 'In progress' })

    await p.advanceSteps(2)
    const running = (await customer.api.status(orderId)) as Record<string, string>
    expect(running).toMatchObject({
      status: 'In progress',
      start_count: String(upstream?.startCount),
      // Two of four steps: half delivered.
      remains: '200',
    })

    await p.advanceSteps(3)
    expect(await customer.api.status(orderId)).toEqual({
      charge: '0.36',
      start_count: String(upstream?.startCount),
      status: 'Completed',
      remains: '0',
      currency: 'USD',
    })
  })

  it('reports a Partial order with its remains and the charge less the refund', async () => {
    const customer = await p.customer()
    const link = `${uniqueLink()}?sim=partial`
    const { orderId } = await place(customer, p.services.likes, 1000, link)
    await p.worker.drain()
    await p.advanceSteps(5)
    const charge = chargeMicros(RATES.likes, 1000)
    // The simulator leaves 40% undelivered; the panel refunds that share of the charge.
    const refund = (charge * 400) / 1000
    expect(await customer.api.status(orderId)).toMatchObject({
      status: 'Partial',
      remains: '400',
      charge: `${((charge - refund) / 1_000_000).toFixed(2)}`,
    })
  })

  it('reads a paused order as Processing: active, not delivering, waiting for a retry', async () => {
    const customer = await p.customer()
    const { orderId } = await place(customer, p.services.follows, 100)
    await p.worker.drain()
    const row = await p.h.t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('paused')
    expect(await customer.api.status(orderId)).toMatchObject({ status: 'Processing', remains: '100' })
  })

  it('sends the comments of an AI order to the provider as they were given', async () => {
    const customer = await p.customer()
    const comments = ['First reply', 'Second reply']
    const link = uniqueLink()
    const answer = (await customer.api.add({ service: p.services.aiComments, link, comments })) as {
      order: number
    }
    await p.worker.drain()
    expect(p.h.upstreamOrderFor(link)?.comments).toEqual(comments)
    expect(await customer.api.status(answer.order)).toMatchObject({ status: 'In progress', remains: '2' })
  })
})

describe('cancel through fulfilment', () => {
  it('asks the provider to cancel an order in progress, then reports it Canceled with the undelivered part refunded', async () => {
    const customer = await p.customer(10)
    const { orderId } = await place(customer, p.services.likes, 400)
    await p.worker.drain()
    await p.advanceSteps(1)
    expect(await customer.api.cancel([orderId])).toEqual([{ order: orderId, cancel: 1 }])
    await p.worker.drain()
    const status = (await customer.api.status(orderId)) as Record<string, string>
    expect(status.status).toBe('Canceled')
    // One of four steps delivered a quarter; the other three quarters come back.
    expect(status.remains).toBe('300')
    const charge = chargeMicros(RATES.likes, 400)
    expect(status.charge).toBe(((charge - (charge * 300) / 400) / 1_000_000).toFixed(2))
    expect(await customer.api.balance()).toEqual({
      balance: ((10_000_000 - charge + (charge * 300) / 400) / 1_000_000).toFixed(2),
      currency: 'USD',
    })
  })

  it('refuses to cancel a completed order', async () => {
    const customer = await p.customer()
    const { orderId } = await place(customer, p.services.likes, 100)
    await p.worker.drain()
    await p.advanceSteps(5)
    expect(await customer.api.cancel([orderId])).toEqual([
      { order: orderId, cancel: { error: 'Only pending or processing orders can be cancelled' } },
    ])
  })
})

describe('refill', () => {
  async function completedOrder(customer: Customer, service: number) {
    const placed = await place(customer, service, 500)
    await p.worker.drain()
    await p.advanceSteps(5)
    expect(await customer.api.status(placed.orderId)).toMatchObject({ status: 'Completed' })
    return placed
  }

  it('asks the provider to refill a completed order and follows the refill until it is completed', async () => {
    const customer = await p.customer()
    const { orderId, link } = await completedOrder(customer, p.services.followers)
    const upstreamId = p.h.upstreamOrderFor(link)?.id

    const answer = (await customer.api.refill(orderId)) as { refill?: string }
    expect(answer).toEqual({ refill: expect.stringMatching(/^\d+$/) })
    const refillId = answer.refill as string
    expect(await customer.api.refillStatus(refillId)).toEqual({ status: 'Pending' })
    // A second refill while this one runs is refused.
    expect(await customer.api.refill(orderId)).toEqual({
      error: 'A refill of this order is already in progress',
    })

    p.h.simulator.clearCalls()
    await p.worker.drain()
    expect(p.h.simulator.calls().filter((call) => call.action === 'refill')).toEqual([
      expect.objectContaining({ fields: expect.objectContaining({ order: String(upstreamId) }) }),
    ])
    expect(await customer.api.refillStatus(refillId)).toEqual({ status: 'Pending' })

    p.h.t.clock.advance(REFILL_POLL_MS)
    await p.worker.drain()
    expect(p.h.simulator.calls().some((call) => call.action === 'refill_status')).toBe(true)
    expect(await customer.api.refillStatus(refillId)).toEqual({ status: 'Completed' })
    // The job is done: nothing left queued for this refill.
    const job = await p.h.t.db
      .selectFrom('jobs')
      .select('status')
      .where('unique_key', '=', `refill:${refillId}`)
      .executeTakeFirstOrThrow()
    expect(job.status).toBe('done')
    // Once it ended, the order may be refilled again.
    expect(await customer.api.refill(orderId)).toEqual({ refill: expect.stringMatching(/^\d+$/) })
  })

  it('refills several orders in one call and reads several refills, each with its id, status or error', async () => {
    const customer = await p.customer()
    const first = await completedOrder(customer, p.services.followers)
    const notRefillable = await completedOrder(customer, p.services.likes)
    const answer = (
      await customer.api.raw({
        action: 'refill',
        orders: `${first.orderId},${notRefillable.orderId},999999`,
      })
    ).body as { order: number; refill: string | { error: string } }[]
    expect(answer).toEqual([
      { order: first.orderId, refill: expect.stringMatching(/^\d+$/) },
      { order: notRefillable.orderId, refill: { error: 'Refill is not available for this service' } },
      { order: 999999, refill: { error: 'Incorrect order ID' } },
    ])
    const refillId = answer[0]?.refill as string

    const statuses = await customer.api.raw({ action: 'refill_status', refills: `${refillId},999999` })
    expect(statuses.body).toEqual([
      { refill: Number(refillId), status: 'Pending' },
      { refill: 999999, status: { error: 'Incorrect refill ID' } },
    ])
  })

  it('reads Rejected when the provider refuses the refill, with its reason kept for support', async () => {
    // Offered with refills by us, but placed with a provider service that has none (simulator service 2).
    const serviceId = await p.h.addMappedService('likes_refill', RATES.likes, '2')
    await p.h.t.db.updateTable('services').set({ refill: 1 }).where('id', '=', serviceId).execute()
    const customer = await p.customer()
    const { orderId } = await completedOrder(customer, serviceId)
    const { refill } = (await customer.api.refill(orderId)) as { refill: string }
    await p.worker.drain()
    expect(await customer.api.refillStatus(refill)).toEqual({ status: 'Rejected' })
    const row = await p.h.t.db
      .selectFrom('refills')
      .select('reason')
      .where('id', '=', Number(refill))
      .executeTakeFirstOrThrow()
    expect(row.reason).toBe('Refill is not available for this service')
  })

  it('reads Error when the provider cannot be reached through every attempt', async () => {
    const customer = await p.customer()
    const { orderId } = await completedOrder(customer, p.services.followers)
    const { refill } = (await customer.api.refill(orderId)) as { refill: string }
    p.h.simulator.setKnobs({ errorRate: 1 })
    try {
      // Each attempt fails with HTTP 500; the backoff (at most 8 s here) is waited out between them.
      for (let attempt = 0; attempt < 12; attempt += 1) {
        await p.worker.drain()
        p.h.t.clock.advance(10_000)
      }
    } finally {
      p.h.simulator.setKnobs({ errorRate: 0 })
    }
    expect(await customer.api.refillStatus(refill)).toEqual({ status: 'Error' })
    const job = await p.h.t.db
      .selectFrom('jobs')
      .select('status')
      .where('unique_key', '=', `refill:${refill}`)
      .executeTakeFirstOrThrow()
    expect(job.status).toBe('dead')
  })

  it('refuses a service without refills, an order not completed and an order that is not yours', async () => {
    const customer = await p.customer()
    const other = await p.customer()
    const noRefill = await completedOrder(customer, p.services.likes)
    expect(await customer.api.refill(noRefill.orderId)).toEqual({
      error: 'Refill is not available for this service',
    })
    const running = await place(customer, p.services.followers, 500)
    expect(await customer.api.refill(running.orderId)).toEqual({
      error: 'Refill is available only for completed orders',
    })
    const theirs = await completedOrder(other, p.services.followers)
    for (const id of [theirs.orderId, 999999, 'abc']) {
      expect(await customer.api.refill(id)).toEqual({ error: 'Incorrect order ID' })
    }
  })

  it("answers Incorrect refill ID for another customer's refill and for ids that are none", async () => {
    const owner = await p.customer()
    const other = await p.customer()
    const { orderId } = await completedOrder(owner, p.services.followers)
    const { refill } = (await owner.api.refill(orderId)) as { refill: string }
    for (const id of [refill, '999999', 'abc', '']) {
      expect(await other.api.refillStatus(id)).toEqual({ error: 'Incorrect refill ID' })
    }
  })
})
