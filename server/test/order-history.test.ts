import { ServiceCatalogueResponse } from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invalidateCompletionAverages } from '../src/domain/service-catalogue'
import { invalidateServicesCache } from '../src/domain/services'
import { authed, createTestApp, fund, signUp, type SignedUp, type TestApp } from './support/app'
import { addService } from './support/services'

// The order history tools (filters of the list, the CSV exports) and the services catalogue, over real HTTP on
// SQLite and PostgreSQL (per vitest project).

let t: TestApp
let customer: SignedUp
let other: SignedUp
let operator: SignedUp
const placed: { id: string; service: string; link: string }[] = []

async function place(who: SignedUp, service: string, link: string, quantity = 100): Promise<string> {
  const response = await t.app.request('/api/orders/create', {
    method: 'POST',
    headers: authed(who.token),
    body: JSON.stringify({ service_type: service, target_url: link, quantity }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

async function listIds(token: string, query: string): Promise<string[]> {
  const response = await t.app.request(`/api/orders/get${query}`, { headers: authed(token) })
  expect(response.status).toBe(200)
  return ((await response.json()) as { id: string }[]).map((order) => order.id)
}

beforeAll(async () => {
  t = await createTestApp()
  await addService(t.db, 'followers', 1_000_000)
  await addService(t.db, 'likes', 500_000)
  invalidateServicesCache(t.db)
  customer = await signUp(t)
  other = await signUp(t)
  operator = await signUp(t)
  await t.db.updateTable('users').set({ role: 'support' }).where('id', '=', operator.userId).execute()
  await fund(t.db, customer.userId, 100)
  await fund(t.db, other.userId, 100)
  const links = [
    ['followers', 'https://instagram.com/alpha'],
    ['likes', 'https://instagram.com/p/beta'],
    ['followers', 'https://tiktok.com/@gamma'],
    ['likes', 'https://x.com/delta/status/1'],
  ] as const
  for (const [service, link] of links) {
    placed.push({ id: await place(customer, service, link), service, link })
    t.clock.advance(24 * 60 * 60 * 1000)
  }
  await place(other, 'followers', 'https://instagram.com/alpha-of-someone-else')
})
afterAll(() => t.close())

describe('GET /api/orders/get with filters', () => {
  it('finds an order by its id, with or without #, and by a part of its link', async () => {
    const [first, second, third] = placed
    expect(await listIds(customer.token, `?search=${second!.id}`)).toEqual([second!.id])
    expect(await listIds(customer.token, `?search=%23${third!.id}`)).toEqual([third!.id])
    expect(await listIds(customer.token, '?search=INSTAGRAM.com')).toEqual([second!.id, first!.id])
  })

  it('never shows another customer’s orders, whatever the search', async () => {
    expect(await listIds(customer.token, '?search=someone-else')).toEqual([])
  })

  it('filters by status, service and a date range (from inclusive, to exclusive)', async () => {
    expect(await listIds(customer.token, '?service=likes')).toEqual([placed[3]!.id, placed[1]!.id])
    expect(await listIds(customer.token, '?status=completed')).toEqual([])
    const start = new Date(Date.UTC(2026, 10, 22, 0, 0, 0)).toISOString()
    const end = new Date(Date.UTC(2026, 10, 23, 9, 0, 0)).toISOString()
    expect(await listIds(customer.token, `?from=${start}&to=${end}`)).toEqual([placed[1]!.id])
  })

  it('keeps paging by cursor within the filters', async () => {
    const response = await t.app.request('/api/orders/get?service=followers&limit=1', {
      headers: authed(customer.token),
    })
    const cursor = response.headers.get('X-Next-Cursor')
    expect(cursor).toBe(placed[2]!.id)
    expect(await listIds(customer.token, `?service=followers&limit=1&cursor=${cursor!}`)).toEqual([
      placed[0]!.id,
    ])
  })

  it('refuses a bad status or date with a 422 and its field, never a 500', async () => {
    for (const query of ['?status=lost', '?from=yesterday']) {
      const response = await t.app.request(`/api/orders/get${query}`, { headers: authed(customer.token) })
      expect(response.status).toBe(422)
      expect(await response.json()).toMatchObject({ detail: expect.any(String) as string })
    }
  })
})

describe('GET /api/orders/export', () => {
  it('streams the filtered orders as CSV, newest first, with a header record', async () => {
    const response = await t.app.request('/api/orders/export?service=likes', {
      headers: authed(customer.token),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="orders.csv"')
    const lines = (await response.text()).replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe('Order ID,Date,Service,Link,Quantity,Charge (USD),Status,Start count,Remains')
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual([placed[3]!.id, placed[1]!.id])
    expect(lines[1]).toBe(
      `${placed[3]!.id},2026-11-24T09:00:00.000Z,likes,https://x.com/delta/status/1,100,0.05,pending,,`,
    )
    expect(lines.at(-1)).toBe('')
  })

  it('quotes commas and quotes and defuses a link that a spreadsheet would run as a formula', async () => {
    const link = 'https://evil.example/?a=1,b="2"'
    const id = await place(customer, 'followers', link)
    await t.db
      .updateTable('orders')
      .set({ target_url: '=HYPERLINK("https://evil.example")' })
      .where('id', '=', Number(id))
      .execute()
    const response = await t.app.request(`/api/orders/export?search=${id}`, {
      headers: authed(customer.token),
    })
    const text = await response.text()
    expect(text).toContain(`${id},`)
    expect(text).toContain(`,"'=HYPERLINK(""https://evil.example"")",`)
    await t.db.updateTable('orders').set({ target_url: link }).where('id', '=', Number(id)).execute()
    const quoted = await (
      await t.app.request(`/api/orders/export?search=${id}`, { headers: authed(customer.token) })
    ).text()
    expect(quoted).toContain(`,"https://evil.example/?a=1,b=""2""",`)
  })

  it('exports more orders than one batch reads, each exactly once', async () => {
    const rows = Array.from({ length: 1_203 }, (_, index) => ({
      user_id: other.userId,
      service_id: 1,
      service_type: 'bulk',
      target_url: `https://bulk.example/${String(index)}`,
      quantity: 10,
      charge: 1_000,
      status: 'completed' as const,
      created_at: 1,
      updated_at: 1,
    }))
    for (let start = 0; start < rows.length; start += 200) {
      await t.db
        .insertInto('orders')
        .values(rows.slice(start, start + 200))
        .execute()
    }
    const response = await t.app.request('/api/orders/export?service=bulk', { headers: authed(other.token) })
    const ids = (await response.text())
      .split('\r\n')
      .slice(1, -1)
      .map((line) => Number(line.split(',')[0]))
    expect(ids).toHaveLength(1_203)
    expect(new Set(ids).size).toBe(1_203)
    expect([...ids].sort((a, b) => b - a)).toEqual(ids)
  })

  it('needs a signed-in customer', async () => {
    expect((await t.app.request('/api/orders/export')).status).toBe(401)
  })
})

describe('GET /api/admin/orders and its export', () => {
  it('filters every account’s orders by search and dates, and exports them with the account', async () => {
    const list = await t.app.request('/api/admin/orders?search=instagram&service=followers', {
      headers: authed(operator.token),
    })
    expect(list.status).toBe(200)
    const body = (await list.json()) as { orders: { id: string }[] }
    expect(body.orders.map((order) => order.id)).toHaveLength(2)

    const exported = await t.app.request('/api/admin/orders/export?search=instagram&service=followers', {
      headers: authed(operator.token),
    })
    expect(exported.status).toBe(200)
    const lines = (await exported.text()).split('\r\n')
    expect(lines[0]).toMatch(/,Account$/)
    expect(lines.slice(1, -1).map((line) => line.split(',').at(-1))).toEqual([other.email, customer.email])
  })

  it('exports the header alone for an account that does not exist, and refuses customers', async () => {
    const exported = await t.app.request('/api/admin/orders/export?user=nobody@example.test', {
      headers: authed(operator.token),
    })
    expect((await exported.text()).split('\r\n').filter(Boolean)).toHaveLength(1)
    const refused = await t.app.request('/api/admin/orders/export', { headers: authed(customer.token) })
    expect(refused.status).toBe(403)
  })
})

describe('GET /api/services/catalogue', () => {
  it('lists every enabled service with its description, flags and average completion time of the last 30 days', async () => {
    const now = t.clock.now()
    await t.db
      .updateTable('services')
      .set({ category: 'Instagram', description: 'Real-looking followers', refill: 1 })
      .where('name', '=', 'followers')
      .execute()
    invalidateServicesCache(t.db)
    // Two recent completions of 1 h and 3 h, and one older than 30 days that must not count.
    const [a, b, c] = placed
    await t.db
      .updateTable('orders')
      .set({ status: 'completed', created_at: now - 3_600_000, completed_at: now })
      .where('id', '=', Number(a!.id))
      .execute()
    await t.db
      .updateTable('orders')
      .set({ status: 'completed', created_at: now - 10_800_000, completed_at: now })
      .where('id', '=', Number(c!.id))
      .execute()
    await t.db
      .updateTable('orders')
      .set({ status: 'completed', created_at: now - 40 * 86_400_000, completed_at: now - 31 * 86_400_000 })
      .where('id', '=', Number(b!.id))
      .execute()
    invalidateCompletionAverages(t.db)

    const response = await t.app.request('/api/services/catalogue')
    expect(response.status).toBe(200)
    const { services } = ServiceCatalogueResponse.parse(await response.json())
    const followers = services.find((service) => service.name === 'followers')
    expect(followers).toMatchObject({
      category: 'Instagram',
      description: 'Real-looking followers',
      ratePer1k: 1,
      refill: true,
      cancel: true,
      averageCompletionSeconds: 7_200,
      completedOrders: 2,
    })
    expect(services.find((service) => service.name === 'likes')).toMatchObject({
      averageCompletionSeconds: null,
      completedOrders: 0,
    })
  })

  it('keeps the averages for a minute, then reads them again', async () => {
    const [, , , d] = placed
    const now = t.clock.now()
    await t.db
      .updateTable('orders')
      .set({ status: 'completed', created_at: now - 600_000, completed_at: now })
      .where('id', '=', Number(d!.id))
      .execute()
    const likes = async () =>
      ServiceCatalogueResponse.parse(
        await (await t.app.request('/api/services/catalogue')).json(),
      ).services.find((service) => service.name === 'likes')
    expect((await likes())?.averageCompletionSeconds).toBeNull()
    t.clock.advance(61_000)
    expect((await likes())?.averageCompletionSeconds).toBe(600)
  })
})
