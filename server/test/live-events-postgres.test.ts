import { afterAll, beforeAll, expect, it } from 'vitest'
import { createLiveTestApp, type LiveTestApp } from './support/live'

// PostgreSQL only (the SQLite project leaves this file out): there transactions run side by side, and ids are
// taken when rows are written, not when they commit. SQLite runs one transaction at a time, so a stream there
// cannot read a change before its commit (live-events.test.ts covers the rest on both databases).

let live: LiveTestApp

beforeAll(async () => {
  live = await createLiveTestApp()
})
afterAll(() => live.close())

it('pushes a change once its transaction commits, not while it is open', async () => {
  const carol = await live.customer()
  const first = await live.placeOrder(carol)
  const second = await live.placeOrder(carol)
  const stream = await live.openStream(carol)
  try {
    await stream.until((event) => event.event === 'ping')
    let commit!: () => void
    const committing = new Promise<void>((resolve) => (commit = resolve))
    let written!: () => void
    const writtenInside = new Promise<void>((resolve) => (written = resolve))
    const open = live.t.db.transaction().execute(async (trx) => {
      await trx.updateTable('orders').set({ remains: 10 }).where('id', '=', first).execute()
      written()
      await committing
    })
    await writtenInside
    // A later write, committed while the first is still open: it is pushed, the open one is not.
    await live.t.db.updateTable('orders').set({ remains: 20 }).where('id', '=', second).execute()
    const later = await stream.until((event) => event.event === 'order')
    expect(JSON.parse(later.event.data)).toEqual({ orderId: second })
    commit()
    await open
    const earlier = await stream.until((event) => event.event === 'order')
    expect(JSON.parse(earlier.event.data)).toEqual({ orderId: first })
    // Its id was taken first and committed last: the hub waited for it rather than skip it.
    expect(Number(earlier.event.id)).toBeLessThan(Number(later.event.id))
  } finally {
    await stream.close()
  }
})
