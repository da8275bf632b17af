import { Order } from '@engage/contract'
import { expect } from 'vitest'
import { createApp } from '../../src/app'
import { createLiveHub, type LiveHub } from '../../src/live/hub'
import { authed, createTestApp, fund, signUp, type SignedUp, type TestApp } from './app'
import { testDatabaseKind } from './database'
import { readEventStream, type StreamedEvent } from './event-stream'
import { addService, uniqueLink } from './services'

// A panel whose live updates hub reads as a served process's does: woken by PostgreSQL's notifications on
// PostgreSQL, polling on SQLite. With the steps of the live tests: a funded customer, an open stream, an order.

export interface LiveTestApp {
  t: TestApp
  hub: LiveHub
  app: ReturnType<typeof createApp>
  customer(): Promise<SignedUp>
  /** The stream's cookie, as the panel gets it: POST /api/events/session with the bearer token. */
  streamCookie(token: string): Promise<string>
  openStream(user: SignedUp, lastEventId?: string): Promise<ReturnType<typeof readEventStream>>
  /** Places a 'likes' order through the API and answers its id. */
  placeOrder(user: SignedUp): Promise<number>
  close(): Promise<void>
}

export async function createLiveTestApp(): Promise<LiveTestApp> {
  const t = await createTestApp()
  const hub = createLiveHub({
    db: t.db,
    listen:
      testDatabaseKind === 'postgres'
        ? { databaseUrl: t.database.url ?? '', schema: t.database.schema }
        : undefined,
  })
  const app = createApp({ ...t.deps, live: hub })
  await addService(t.db, 'likes', 2_000_000)

  async function streamCookie(token: string): Promise<string> {
    const response = await app.request('/api/events/session', { method: 'POST', headers: authed(token) })
    expect(response.status).toBe(204)
    const cookie = response.headers.get('Set-Cookie') ?? ''
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect(cookie).toMatch(/Path=\/api\/events/)
    return cookie.split(';')[0] ?? ''
  }

  return {
    t,
    hub,
    app,
    async customer() {
      const user = await signUp(t)
      await fund(t.db, user.userId, 100)
      return user
    },
    streamCookie,
    async openStream(user, lastEventId) {
      const response = await app.request('/api/events', {
        headers: {
          Cookie: await streamCookie(user.token),
          ...(lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId }),
        },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/)
      return readEventStream(response)
    },
    async placeOrder(user) {
      const response = await app.request('/api/orders/create', {
        method: 'POST',
        headers: authed(user.token),
        body: JSON.stringify({ service_type: 'likes', target_url: uniqueLink(), quantity: 100 }),
      })
      expect(response.status).toBe(201)
      return Number(Order.parse(await response.json()).id)
    },
    async close() {
      await hub.close()
      await t.close()
    },
  }
}

/** Accepts the 'order' event of this order. */
export const orderEvent = (orderId: number) => (event: StreamedEvent) =>
  event.event === 'order' && (JSON.parse(event.data) as { orderId: number }).orderId === orderId

/** The orders named by the 'order' events among these. */
export const orderEvents = (events: StreamedEvent[]) =>
  events
    .filter((event) => event.event === 'order')
    .map((event) => JSON.parse(event.data) as { orderId: number })
