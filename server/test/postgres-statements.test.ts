import { Kysely, PostgresDialect, sql } from 'kysely'
import v8 from 'node:v8'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { INVALID_OR_EXPIRED_TOKEN } from '@engage/contract'
import { createOutboxMailer } from '../src/adapters/mail'
import { createApp } from '../src/app'
import { createDatabase, type Db } from '../src/db/connect'
import type { Database } from '../src/db/schema'
import { createAccount } from '../src/domain/accounts'
import { readMe } from '../src/domain/me'
import { OrderRefusal, placeOrder, type PlaceOrderInput } from '../src/domain/orders'
import { createSession } from '../src/domain/sessions'
import { silentLogger } from '../src/logger'
import { authed, createTestClock, createTestConfig, fund } from './support/app'
import { createTestDatabase, type TestDatabase } from './support/database'
import { addService, uniqueLink } from './support/services'

// On PostgreSQL the statements of every request are sent by name (keepPrepared in db/connect.ts), so each
// connection parses them once and PostgreSQL can keep their plan; every other statement stays unnamed. The pool's
// clients hand every statement to node-postgres with a callback, which lets each result go with the young
// generation's next collection.
// PostgreSQL only: SQLite keeps every statement prepared itself (see sqlite-statements.test.ts).

let test: TestDatabase
let oneConnection: Db

beforeAll(async () => {
  test = await createTestDatabase()
  // One connection, so that what it has prepared can be read back on it.
  oneConnection = createDatabase({ databaseUrl: test.url, schema: test.schema, poolSize: 1 })
})
afterAll(async () => {
  await oneConnection.destroy()
  await test.close()
})

async function preparedOnTheConnection(): Promise<{ name: string; statement: string }[]> {
  const { rows } = await sql<{ name: string; statement: string }>`
    select name, statement from pg_prepared_statements order by name`.execute(oneConnection)
  return rows
}

it("keeps the customer's page statement prepared by name, and leaves other statements unnamed", async () => {
  const userId = await createAccount(oneConnection, {
    email: 'prepared@example.test',
    passwordHash: null,
    now: 1,
  })
  const dataKey = Buffer.alloc(32, 7)
  const first = await readMe(oneConnection, userId, dataKey)
  const again = await readMe(oneConnection, userId, dataKey)
  expect(again).toEqual(first)
  expect(first?.email).toBe('prepared@example.test')

  const prepared = await preparedOnTheConnection()
  const page = prepared.filter((row) => row.statement.includes('"unread_notifications"'))
  expect(page).toHaveLength(1)
  expect(page[0]?.name).toMatch(/^engage_\d+$/)
  // The account's insert above was sent unnamed: nothing of it stays on the connection.
  expect(prepared.filter((row) => row.statement.startsWith('insert into "users"'))).toEqual([])
})

/** The test's database on one connection that lists every query it sends, as sent: one per round trip. */
function countingDatabase(): { counted: Db; sent: string[] } {
  const sent: string[] = []
  const pool = new pg.Pool({ connectionString: test.url, max: 1, options: `-c search_path=${test.schema}` })
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    client.query = ((...args: unknown[]) => {
      const [text] = args
      sent.push(typeof text === 'string' ? text : String((text as { text?: unknown }).text))
      return query(...args)
    }) as typeof client.query
  })
  return { counted: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), sent }
}

it("answers a customer's page in one round trip: the session check reads the page", async () => {
  const { counted, sent } = countingDatabase()
  const clock = createTestClock()
  const config = createTestConfig()
  const app = createApp({
    db: counted,
    config,
    clock,
    mailer: createOutboxMailer(counted, clock, silentLogger),
    logger: silentLogger,
    adapters: {},
  })
  try {
    const userId = await createAccount(counted, {
      email: 'one-trip@example.test',
      passwordHash: null,
      now: clock.now(),
    })
    await fund(counted, userId, 12)
    const { token } = await createSession(counted, userId, clock.now(), {
      idleMs: config.sessionIdleMs,
      absoluteMs: config.sessionAbsoluteMs,
    })
    const me = () => app.request('/api/user/me', { headers: authed(token) })
    // The first page gives the account its AI presets and fills the panel-wide lists kept in memory.
    expect((await me()).status).toBe(200)

    sent.length = 0
    const response = await me()
    expect(response.status).toBe(200)
    const body = (await response.json()) as { email: string; balance: number; aiSettings: unknown[] }
    expect(body.email).toBe('one-trip@example.test')
    expect(body.balance).toBe(12)
    expect(body.aiSettings).toHaveLength(2)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toContain('"unread_notifications"')
    expect(sent[0]).toContain('"token_hash"')

    // The same statement still refuses a session that has ended, with nothing of the page in the answer.
    await counted.deleteFrom('sessions').where('user_id', '=', userId).execute()
    const ended = await me()
    expect(ended.status).toBe(401)
    expect(await ended.json()).toEqual({ detail: INVALID_OR_EXPIRED_TOKEN })
  } finally {
    await counted.destroy()
  }
})

it('places an order in one round trip, on its own; a refused one leaves nothing behind', async () => {
  const { counted, sent } = countingDatabase()
  try {
    await addService(oneConnection, 'round_trip_likes', 2_000_000)
    const userId = await createAccount(oneConnection, {
      email: 'round-trip@example.test',
      passwordHash: null,
      now: 1,
    })
    await fund(oneConnection, userId, 3)
    const order = (quantity: number): PlaceOrderInput => ({
      userId,
      serviceType: 'round_trip_likes',
      targetUrl: uniqueLink(),
      quantity,
      customComment: null,
      aiSetting: null,
      operatorAiKeys: {},
      now: 2,
    })

    const placed = await placeOrder(counted, order(1000))
    expect(placed.order.charge).toBe(2_000_000)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatch(/^with\s+o as \(insert into orders/)

    // $1 left: the statement debits, then refuses itself, and nothing of the order stays.
    sent.length = 0
    await expect(placeOrder(counted, order(1000))).rejects.toBeInstanceOf(OrderRefusal)
    expect(sent[0]).toMatch(/^with\s+o as \(insert into orders/)
    const left = await oneConnection
      .selectFrom('users')
      .select('balance')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(left.balance).toBe(1_000_000)
    const rows = async (table: 'orders' | 'ledger_entries') =>
      (await oneConnection.selectFrom(table).select('id').where('user_id', '=', userId).execute()).length
    expect(await rows('orders')).toBe(1)
    expect(await rows('ledger_entries')).toBe(2)
    const jobs = await sql<{ count: string }>`select count(*) as count from jobs
      where kind = 'dispatch-order'`.execute(oneConnection)
    expect(Number(jobs.rows[0]?.count)).toBe(1)
  } finally {
    await counted.destroy()
  }
})

it("lists a customer's orders in three round trips: what each order's service offers comes from memory", async () => {
  const { counted, sent } = countingDatabase()
  const clock = createTestClock()
  const app = createApp({
    db: counted,
    config: createTestConfig(),
    clock,
    mailer: createOutboxMailer(counted, clock, silentLogger),
    logger: silentLogger,
    adapters: {},
  })
  try {
    const userId = await accountWithOrders('lister', 60)
    await oneConnection
      .updateTable('services')
      .set({ refill: 1, refill_days: 30 })
      .where('name', '=', 'lister-likes')
      .execute()
    const { token } = await createSession(counted, userId, clock.now(), {
      idleMs: 3_600_000,
      absoluteMs: 86_400_000,
    })
    const list = async () => {
      const response = await app.request('/api/orders/get?limit=50', { headers: authed(token) })
      expect(response.status).toBe(200)
      return (await response.json()) as { id: string; refill_until: string | null }[]
    }
    // The first list loads the services snapshot.
    expect(await list()).toHaveLength(50)

    sent.length = 0
    const orders = await list()
    expect(orders).toHaveLength(50)
    // Completed orders of a service that refills: each shows when its refill window ends.
    expect(orders.every((order) => order.refill_until !== null)).toBe(true)
    // The session, the page, the page's refills.
    expect(sent).toHaveLength(3)
    expect(sent.filter((statement) => statement.includes('from "services"'))).toEqual([])

    // A service the snapshot does not know (another process added it) is read once, when an order shows it.
    const newService = await addService(oneConnection, 'lister-newer-likes', 1_000_000)
    await oneConnection
      .updateTable('services')
      .set({ refill: 1, refill_days: 30 })
      .where('id', '=', newService)
      .execute()
    const newest = await oneConnection
      .updateTable('orders')
      .set({ service_id: newService })
      .where('user_id', '=', userId)
      .where('id', '=', Number(orders[0]?.id))
      .returning('id')
      .executeTakeFirstOrThrow()
    sent.length = 0
    const again = await list()
    expect(again.find((order) => Number(order.id) === newest.id)?.refill_until).not.toBeNull()
    expect(sent.filter((statement) => statement.includes('from "services"'))).toHaveLength(1)
  } finally {
    await counted.destroy()
  }
})

/** A new account `name`@example.test with `count` completed orders of a service of its own. */
async function accountWithOrders(name: string, count: number): Promise<number> {
  const userId = await createAccount(oneConnection, {
    email: `${name}@example.test`,
    passwordHash: null,
    now: 1,
  })
  const serviceId = await addService(oneConnection, `${name}-likes`, 1_000_000)
  await sql`
    insert into orders (user_id, service_id, service_type, target_url, quantity, charge, status, created_at,
      updated_at)
    select ${userId}, ${serviceId}, 'likes', cast(${`https://social.example/${name}/`} as text) || n, 100, 1000,
      'completed', n, n
    from generate_series(1, ${count}) as n`.execute(oneConnection)
  return userId
}

it("keeps one plan for the customer's page, reading orders by the account's index, when one customer holds most orders", async () => {
  // Statistics as a young panel has them: one reseller with thousands of orders, a customer with none.
  const reseller = await accountWithOrders('reseller', 5_000)
  const newcomer = await createAccount(oneConnection, {
    email: 'newcomer@example.test',
    passwordHash: null,
    now: 1,
  })
  await sql`analyze`.execute(oneConnection)

  // A connection of its own, which has prepared nothing yet, as a connection of the API's pool starts.
  const fresh = createDatabase({ databaseUrl: test.url, schema: test.schema, poolSize: 1 })
  try {
    const dataKey = Buffer.alloc(32, 7)
    for (let run = 0; run < 8; run++) {
      expect((await readMe(fresh, newcomer, dataKey))?.orders).toEqual([])
    }
    expect((await readMe(fresh, reseller, dataKey))?.orders).toHaveLength(50)

    const { rows } = await sql<{ name: string; generic_plans: string }>`
      select name, generic_plans from pg_prepared_statements
      where statement like '%"unread_notifications"%'`.execute(fresh)
    const page = rows[0]
    if (!page) throw new Error('The page statement is not prepared on the connection')
    // PostgreSQL plans a prepared statement for the values of its first five runs, then keeps one plan for all
    // unless that one looks dearer.
    expect(Number(page.generic_plans)).toBeGreaterThan(0)
    const plan = JSON.stringify(
      (
        await sql`explain (format json) execute ${sql.raw(page.name)}(${sql.raw(String(newcomer))})`.execute(
          fresh,
        )
      ).rows,
    )
    // The account's index, not the primary key walked backwards in search of the account's orders.
    expect(plan).toContain('"Index Name":"orders_user"')
    expect(plan).not.toContain('"Index Name":"orders_pkey"')
  } finally {
    await fresh.destroy()
  }
})

type Collection = v8.GCProfilerResult['statistics'][number]

/** The old generation's bytes in use, before or after a garbage collection. */
function oldGeneration(heap: Collection['beforeGC']): number {
  const space = heap.heapSpaceStatistics.find((entry) => entry.spaceName === 'old_space')
  if (!space) throw new Error('No old_space in the collection statistics')
  return space.spaceUsedSize
}

it('lets the young generation collect the rows of every statement once they are read', async () => {
  const customer = await accountWithOrders('rows', 60)

  // A page of 51 orders at a time, as the order list reads them, while the young generation is collected again
  // and again. A collection moves to the old generation what has survived two; a page read and dropped must never
  // get there (node-postgres's own promise kept every page until a full collection: about 20 KB a page, 10 MB a
  // collection).
  const profiler = new v8.GCProfiler()
  profiler.start()
  const pages = 4_000
  let read = 0
  for (let page = 0; page < pages; page++) {
    const rows = await oneConnection
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', customer)
      .orderBy('id', 'desc')
      .limit(51)
      .execute()
    read += rows.length
  }
  const { statistics } = profiler.stop()
  expect(read).toBe(pages * 51)
  const promoted = (collection: Collection) =>
    Math.max(0, oldGeneration(collection.afterGC) - oldGeneration(collection.beforeGC))
  // What was already young when the loop began is moved by the first two collections; the later ones tell of
  // the pages alone.
  const later = statistics.filter((collection) => collection.gcType === 'Scavenge').slice(2)
  expect(later.length).toBeGreaterThanOrEqual(3)
  expect(later.map(promoted).reduce((sum, bytes) => sum + bytes, 0)).toBeLessThan(2 * 1024 * 1024)
})
