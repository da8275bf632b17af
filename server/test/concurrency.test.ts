import type { AddressInfo } from 'node:net'
import { DUPLICATE_ACTIVE_ORDER, INSUFFICIENT_BALANCE } from '@engage/contract'
import { type ServerType, serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerSum } from '../src/domain/ledger'
import { authed, createTestApp, fund, signUp, type TestApp } from './support/app'
import { testDatabaseKind } from './support/database'
import { addService, uniqueLink } from './support/services'

// Money under concurrency, through real HTTP: the server runs on @hono/node-server on an ephemeral port, over a
// SQLite file or a PostgreSQL schema with its connection pool, and the requests arrive all at once.

let t: TestApp
let server: ServerType
let baseUrl: string

beforeAll(async () => {
  t = await createTestApp()
  // 2 USD per 1,000 likes: an order of 1,000 costs exactly 2 USD.
  await addService(t.db, 'likes', 2_000_000)
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await t.close()
})

async function balanceOf(userId: number): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return row.balance
}

function placeOrder(token: string, link: string): Promise<Response> {
  return fetch(`${baseUrl}/api/orders/create`, {
    method: 'POST',
    headers: authed(token),
    body: JSON.stringify({ service_type: 'likes', target_url: link, quantity: 1000 }),
  })
}

describe(`orders under concurrency (${testDatabaseKind})`, () => {
  it('accepts exactly the 37 of 200 simultaneous orders the balance covers and refuses the rest with 402', async () => {
    const user = await signUp(t)
    await fund(t.db, user.userId, 37 * 2)
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => placeOrder(user.token, uniqueLink())),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(37)
    expect(statuses.filter((status) => status === 402)).toHaveLength(163)
    const refusals = await Promise.all(
      responses.filter((response) => response.status === 402).map((response) => response.json()),
    )
    expect(new Set(refusals.map((body) => JSON.stringify(body)))).toEqual(
      new Set([JSON.stringify({ detail: INSUFFICIENT_BALANCE })]),
    )

    const balance = await balanceOf(user.userId)
    expect(balance).toBeGreaterThanOrEqual(0)
    expect(balance).toBe(0)
    expect(balance).toBe(await ledgerSum(t.db, user.userId))
    const orders = await t.db.selectFrom('orders').select('id').where('user_id', '=', user.userId).execute()
    expect(orders).toHaveLength(37)
    const jobs = await t.db
      .selectFrom('jobs')
      .select('unique_key')
      .where(
        'unique_key',
        'in',
        orders.map((order) => `order:${order.id}:dispatch`),
      )
      .execute()
    expect(jobs).toHaveLength(37)
  })

  it('accepts one of 50 simultaneous orders for the same link and service, charging once', async () => {
    const user = await signUp(t)
    await fund(t.db, user.userId, 500)
    const link = uniqueLink()
    const responses = await Promise.all(Array.from({ length: 50 }, () => placeOrder(user.token, link)))
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(49)
    const refusal = responses.find((response) => response.status === 409)
    expect(await refusal?.json()).toEqual({ detail: DUPLICATE_ACTIVE_ORDER, field: 'target_url' })
    expect(await balanceOf(user.userId)).toBe(498_000_000)
    expect(await ledgerSum(t.db, user.userId)).toBe(498_000_000)
  })

  it('settles mass orders that share links in opposite orders with one winner and 409s, never a deadlock', async () => {
    const user = await signUp(t)
    await fund(t.db, user.userId, 1_000)
    const pairs = Array.from({ length: 20 }, () => [uniqueLink(), uniqueLink(), uniqueLink()] as const)
    const requests = pairs.flatMap(([first, second, third]) => [
      fetch(`${baseUrl}/api/orders/mass`, {
        method: 'POST',
        headers: authed(user.token),
        body: JSON.stringify({
          items: [first, second, third].map((url) => ({ type: 'likes', quantity: 1000, url })),
        }),
      }),
      fetch(`${baseUrl}/api/orders/mass`, {
        method: 'POST',
        headers: authed(user.token),
        body: JSON.stringify({
          items: [third, second, first].map((url) => ({ type: 'likes', quantity: 1000, url })),
        }),
      }),
      placeOrder(user.token, second),
    ])
    const statuses = (await Promise.all(requests)).map((response) => response.status)
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([])
    // Every request placed all its orders or none: 3 per mass order accepted, 1 per single order.
    const accepted = statuses.reduce(
      (count, status, index) => count + (status === 201 ? (index % 3 === 2 ? 1 : 3) : 0),
      0,
    )
    const orders = await t.db
      .selectFrom('orders')
      .select('target_url')
      .where('user_id', '=', user.userId)
      .execute()
    expect(orders).toHaveLength(accepted)
    const links = orders.map((order) => order.target_url)
    expect(new Set(links).size).toBe(links.length)
    const balance = await balanceOf(user.userId)
    expect(balance).toBe(1_000_000_000 - orders.length * 2_000_000)
    expect(balance).toBe(await ledgerSum(t.db, user.userId))
  })
})
