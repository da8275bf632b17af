import { ListOrdersResponse, Order, refillWindowEnded } from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REFILL_POLL_MS } from '../src/domain/refills'
import { invalidateServicesCache } from '../src/domain/services'
import { uniqueLink } from './support/services'
import { type Customer, type RunningPanel, startRunningPanel } from './v2-client/running-panel'

// Refills from the panel (POST /api/orders/{id}/refill, the order's refill fields in GET /api/orders/get) and
// through API v2, against the simulator as the order's provider: one rule for both, the refill window of the
// service counted from the moment the order completed.

const DAY_MS = 24 * 60 * 60 * 1000

let p: RunningPanel
beforeAll(async () => {
  p = await startRunningPanel()
})
afterAll(async () => {
  await p.close()
})

async function completedOrder(customer: Customer, service: number): Promise<number> {
  const answer = (await customer.api.add({ service, link: uniqueLink(), quantity: 500 })) as { order: number }
  await p.worker.drain()
  await p.advanceSteps(5)
  expect(await customer.api.status(answer.order)).toMatchObject({ status: 'Completed' })
  return answer.order
}

async function panelRefill(customer: Customer, orderId: number | string) {
  const response = await p.panel(customer, 'POST', `/api/orders/${orderId}/refill`)
  return { status: response.status, body: (await response.json()) as unknown }
}

async function listedOrder(customer: Customer, orderId: number): Promise<Order> {
  const response = await p.panel(customer, 'GET', '/api/orders/get')
  expect(response.status).toBe(200)
  const found = ListOrdersResponse.parse(await response.json()).find((order) => order.id === String(orderId))
  if (!found) throw new Error(`order ${orderId} is not listed`)
  return found
}

describe('refills from the panel', () => {
  it('refills a completed order: the provider is asked, and the order shows the refill until it completes', async () => {
    const customer = await p.customer()
    const orderId = await completedOrder(customer, p.services.followers)
    const completedAt = p.h.t.clock.now()
    const before = await listedOrder(customer, orderId)
    expect(before).toMatchObject({ refill: null, refillable: true })
    expect(Date.parse(before.refill_until ?? '')).toBeGreaterThanOrEqual(completedAt - 1000 + 30 * DAY_MS)
    expect(Date.parse(before.refill_until ?? '')).toBeLessThanOrEqual(completedAt + 30 * DAY_MS)

    const { status, body } = await panelRefill(customer, orderId)
    expect(status).toBe(201)
    const answered = Order.parse(body)
    expect(answered).toMatchObject({
      id: String(orderId),
      status: 'completed',
      refillable: false,
      refill: { status: 'pending' },
    })
    // The open page learns of the new refill from the live updates, as of a change of the order.
    const events = await p.h.t.db
      .selectFrom('live_events')
      .select(['topic', 'subject_id'])
      .where('user_id', '=', customer.user.userId)
      .where('subject_id', '=', orderId)
      // A notification's event names the notification (the completed order's may have the same number).
      .where('topic', '!=', 'notification')
      .execute()
    expect(events.length).toBeGreaterThan(0)
    expect(events.every((event) => event.topic === 'order')).toBe(true)

    await p.worker.drain()
    expect(p.h.simulator.calls().filter((call) => call.action === 'refill').length).toBeGreaterThan(0)
    p.h.t.clock.advance(REFILL_POLL_MS)
    await p.worker.drain()
    const after = await listedOrder(customer, orderId)
    expect(after.refill).toMatchObject({ id: answered.refill?.id, status: 'completed', reason: null })
    // Once it ended, the order may be refilled again inside its window.
    expect(after.refillable).toBe(true)
    // The refill API v2 reads is the same one.
    expect(await customer.api.refillStatus(answered.refill?.id ?? '')).toEqual({ status: 'Completed' })
  })

  it('offers no refill window on orders of services without refills or orders not completed', async () => {
    const customer = await p.customer()
    const noRefill = await completedOrder(customer, p.services.likes)
    expect(await listedOrder(customer, noRefill)).toMatchObject({
      refill_until: null,
      refillable: false,
      refill: null,
    })
    const running = (await customer.api.add({
      service: p.services.followers,
      link: uniqueLink(),
      quantity: 500,
    })) as { order: number }
    expect(await listedOrder(customer, running.order)).toMatchObject({
      refill_until: null,
      refillable: false,
      refill: null,
    })
  })

  it('refuses with a reason the customer understands, and API v2 refuses the same orders', async () => {
    const customer = await p.customer()
    const other = await p.customer()
    const noRefill = await completedOrder(customer, p.services.likes)
    expect(await panelRefill(customer, noRefill)).toEqual({
      status: 409,
      body: { detail: 'This service does not offer refills' },
    })
    expect(await customer.api.refill(noRefill)).toEqual({ error: 'Refill is not available for this service' })

    const running = (await customer.api.add({
      service: p.services.followers,
      link: uniqueLink(),
      quantity: 500,
    })) as { order: number }
    expect(await panelRefill(customer, running.order)).toEqual({
      status: 409,
      body: { detail: 'Only completed orders can be refilled' },
    })
    expect(await customer.api.refill(running.order)).toEqual({
      error: 'Refill is available only for completed orders',
    })

    const theirs = await completedOrder(other, p.services.followers)
    for (const id of [theirs, 999999, 'abc']) {
      expect(await panelRefill(customer, id)).toEqual({ status: 404, body: { detail: 'Order not found' } })
    }

    // One refill at a time, whichever side asked first.
    const orderId = await completedOrder(customer, p.services.followers)
    expect((await panelRefill(customer, orderId)).status).toBe(201)
    expect(await panelRefill(customer, orderId)).toEqual({
      status: 409,
      body: { detail: 'A refill of this order is already in progress' },
    })
    expect(await customer.api.refill(orderId)).toEqual({
      error: 'A refill of this order is already in progress',
    })
    const viaApi = await completedOrder(customer, p.services.followers)
    expect(await customer.api.refill(viaApi)).toEqual({ refill: expect.stringMatching(/^\d+$/) })
    expect((await panelRefill(customer, viaApi)).status).toBe(409)
  })

  it("refuses once the service's refill window has ended, on both sides, with the day it ended", async () => {
    const serviceId = await p.h.addMappedService('followers_week', 2_400_000, '1')
    await p.h.t.db
      .updateTable('services')
      .set({ refill: 1, refill_days: 7 })
      .where('id', '=', serviceId)
      .execute()
    invalidateServicesCache(p.h.t.db)
    const customer = await p.customer()
    // Completed first, its window ends first.
    const earlier = await completedOrder(customer, serviceId)
    const later = await completedOrder(customer, serviceId)
    const earlierEnd = Date.parse((await listedOrder(customer, earlier)).refill_until ?? '')
    const laterEnd = Date.parse((await listedOrder(customer, later)).refill_until ?? '')
    expect(laterEnd - p.h.t.clock.now()).toBeLessThanOrEqual(7 * DAY_MS)
    expect(laterEnd - p.h.t.clock.now()).toBeGreaterThan(7 * DAY_MS - 5000)
    expect(earlierEnd).toBeLessThan(laterEnd)

    // The last moment of a window still counts; a moment after it does not.
    p.h.t.clock.advance(laterEnd - p.h.t.clock.now())
    expect(await listedOrder(customer, earlier)).toMatchObject({ refillable: false, refill: null })
    expect((await listedOrder(customer, later)).refillable).toBe(true)
    expect(await customer.api.refill(later)).toEqual({ refill: expect.stringMatching(/^\d+$/) })
    const day = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
    }).format(earlierEnd)
    expect(await panelRefill(customer, earlier)).toEqual({
      status: 409,
      body: { detail: refillWindowEnded(day) },
    })
    expect(await customer.api.refill(earlier)).toEqual({ error: 'The refill period of this order has ended' })
  })
})
