import { AUTHENTICATION_REQUIRED, INVALID_OR_EXPIRED_TOKEN } from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authed, type TestApp } from './support/app'
import { createLiveTestApp, type LiveTestApp, orderEvent, orderEvents } from './support/live'

// The live updates' stream on each database: what a customer's open page is told, and when. The hub here
// listens for PostgreSQL's notifications as a served process does (on SQLite it polls). What only PostgreSQL
// can show, a transaction left open while another commits, is in live-events-postgres.test.ts.

let live: LiveTestApp
let t: TestApp
let app: LiveTestApp['app']
let customer: LiveTestApp['customer']
let streamCookie: LiveTestApp['streamCookie']
let openStream: LiveTestApp['openStream']
let placeOrder: LiveTestApp['placeOrder']

beforeAll(async () => {
  live = await createLiveTestApp()
  ;({ t, app, customer, streamCookie, openStream, placeOrder } = live)
})
afterAll(() => live.close())

describe('the live updates stream', () => {
  it('starts with a ping carrying the newest id, then pushes a placed order and the charge to its customer', async () => {
    const alice = await customer()
    const orderBefore = await placeOrder(alice)
    const stream = await openStream(alice)
    try {
      // A first connection first gets the last seconds' events: the order placed just before it opened.
      const { event: started, before } = await stream.until((event) => event.event === 'ping')
      expect(started.id).toMatch(/^\d+$/)
      expect(orderEvents(before)).toEqual([{ orderId: orderBefore }])
      const orderId = await placeOrder(alice)
      await stream.until(orderEvent(orderId))
      await stream.until((event) => event.event === 'balance')
    } finally {
      await stream.close()
    }
  })

  it('never pushes a change that was rolled back', async () => {
    const bob = await customer()
    const stream = await openStream(bob)
    try {
      const rolledBack = await placeOrder(bob)
      const committed = await placeOrder(bob)
      await stream.until(orderEvent(committed))
      await expect(
        t.db.transaction().execute(async (trx) => {
          await trx.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', rolledBack).execute()
          throw new Error('the change fails after its write')
        }),
      ).rejects.toThrow('the change fails after its write')
      await t.db.updateTable('orders').set({ remains: 40 }).where('id', '=', committed).execute()
      // Events arrive in the order of the writes: had the rolled-back write been pushed, it would come first.
      const { before } = await stream.until(orderEvent(committed))
      expect(orderEvents(before)).toEqual([])
    } finally {
      await stream.close()
    }
  })

  it("never delivers another customer's events", async () => {
    const dana = await customer()
    const erin = await customer()
    const danaStream = await openStream(dana)
    const erinStream = await openStream(erin)
    try {
      const erinsOrder = await placeOrder(erin)
      const danasOrder = await placeOrder(dana)
      const { before } = await danaStream.until(orderEvent(danasOrder))
      expect(orderEvents(before)).toEqual([])
      await erinStream.until(orderEvent(erinsOrder))
      await t.db.updateTable('orders').set({ remains: 5 }).where('id', '=', erinsOrder).execute()
      await t.db.updateTable('orders').set({ remains: 5 }).where('id', '=', danasOrder).execute()
      const next = await danaStream.until((event) => event.event === 'order')
      expect(JSON.parse(next.event.data)).toEqual({ orderId: danasOrder })
    } finally {
      await danaStream.close()
      await erinStream.close()
    }
  })

  it("tells every customer's stream when the panel's updates change", async () => {
    const frank = await customer()
    const stream = await openStream(frank)
    try {
      await stream.until((event) => event.event === 'ping')
      await t.db
        .insertInto('updates')
        .values({
          icon: 'info',
          title: 'Live now',
          text: 'Orders update as they happen',
          url: null,
          date_at: 0,
        })
        .execute()
      await stream.until((event) => event.event === 'updates')
    } finally {
      await stream.close()
    }
  })

  it('replays what a reconnecting stream missed after its Last-Event-ID', async () => {
    const gina = await customer()
    const first = await openStream(gina)
    const { event: started } = await first.until((event) => event.event === 'ping')
    await first.close()
    const missed = await placeOrder(gina)
    const again = await openStream(gina, started.id)
    try {
      const { before } = await again.until(orderEvent(missed))
      expect(before.map((event) => event.event)).not.toContain('reset')
    } finally {
      await again.close()
    }
  })

  it('starts afresh when the events after Last-Event-ID are no longer kept or the id is not one of ours', async () => {
    const hana = await customer()
    const first = await openStream(hana)
    const orderId = await placeOrder(hana)
    const { event } = await first.until(orderEvent(orderId))
    await first.close()
    const notOurs = await openStream(hana, '99999999999')
    expect((await notOurs.until(() => true)).event.event).toBe('reset')
    await notOurs.close()
    // An id this server never writes is no id: the stream starts as a first connection does.
    const malformed = await openStream(hana, 'not-an-id')
    const { before } = await malformed.until((event) => event.event === 'ping')
    expect(before.map((event) => event.event)).not.toContain('reset')
    await malformed.close()
    // What the retention deletes: everything, here.
    await t.db.deleteFrom('live_events').execute()
    const late = await openStream(hana, String(Number(event.id) - 1))
    try {
      expect((await late.until(() => true)).event.event).toBe('reset')
    } finally {
      await late.close()
    }
  })

  it('deletes the events past the retention and keeps the recent ones', async () => {
    const kim = await customer()
    const recentOrder = await placeOrder(kim)
    const eventsOfKim = () =>
      t.db
        .selectFrom('live_events')
        .select(['topic', 'subject_id', 'created_at'])
        .where('user_id', '=', kim.userId)
        .orderBy('id')
        .execute()
    const recent = await eventsOfKim()
    expect(recent).toContainEqual(expect.objectContaining({ topic: 'order', subject_id: recentOrder }))
    const twoHoursAgo = Date.now() - 2 * 60 * 60_000
    await t.db
      .insertInto('live_events')
      .values({ user_id: kim.userId, topic: 'balance', subject_id: null, created_at: twoHoursAgo })
      .execute()
    await live.hub.prune()
    expect(await eventsOfKim()).toEqual(recent)
  })

  it('refuses a stream without the cookie, and one whose session has ended', async () => {
    const missing = await app.request('/api/events')
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({ detail: AUTHENTICATION_REQUIRED })
    const noBearer = await app.request('/api/events/session', { method: 'POST' })
    expect(noBearer.status).toBe(401)

    const ivan = await customer()
    const cookie = await streamCookie(ivan.token)
    const logout = await app.request('/api/logout', { method: 'POST', headers: authed(ivan.token) })
    expect(logout.status).toBeLessThan(300)
    const ended = await app.request('/api/events', { headers: { Cookie: cookie } })
    expect(ended.status).toBe(401)
    expect(await ended.json()).toEqual({ detail: INVALID_OR_EXPIRED_TOKEN })
    const forged = await app.request('/api/events', { headers: { Cookie: 'engage_live=a%20b' } })
    expect(forged.status).toBe(401)
  })
})
