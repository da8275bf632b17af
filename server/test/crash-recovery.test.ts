import { setTimeout as sleep } from 'node:timers/promises'
import { serve, type ServerType } from '@hono/node-server'
import { Order as ApiOrder } from '@engage/contract'
import { Hono } from 'hono'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PLACEMENT_UNCONFIRMED } from '../src/domain/fulfilment'
import { ledgerSum, undeliveredRefundMicros } from '../src/domain/ledger'
import { importProviderServices, mapService, providerClient, saveProvider } from '../src/domain/providers'
import { createSimulator, type Simulator } from '../src/simulator'
import { authed, createTestApp, fund, signUp, type TestApp } from './support/app'
import { addService, uniqueLink } from './support/services'
import { killLiveWorkerProcesses, startWorkerProcess, type WorkerProcess } from './fulfilment/processes'

// Crash recovery: worker PROCESSES, killed with SIGKILL at random points while they dispatch and sync orders
// against the simulator, then replaced. Every job runs again until it is done, no order reaches the upstream
// twice, and an order caught between `add` and storing its id ends paused for review, never resent. That last
// case is made certain: when the simulator has placed the order of a link marked `crash-after-add`, it kills
// the worker that asked before it answers; that order is placed after the random kills, so none of them can
// stop it short of `add`.

const API_KEY = 'crash-test-key'
const STEP_MS = 200
const RANDOM_KILLS = 4
const CRASH_LINK = 'https://social.example/crash-after-add/1'

let t: TestApp
let simulator: Simulator
let server: ServerType
let current: WorkerProcess | undefined
let crashedAfterAdd = false
let workerEnvironment: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  // Every answer takes a while, so that a kill at a random moment finds jobs in the middle of their work.
  simulator = createSimulator({ apiKey: API_KEY, stepMs: STEP_MS, knobs: { delayMs: 60 } })
  const root = new Hono()
  root.use('/api/v2', async (c, next) => {
    const fields = new URLSearchParams(await c.req.text())
    await next()
    if (fields.get('action') === 'add' && fields.get('link') === CRASH_LINK && !crashedAfterAdd) {
      // The order exists upstream now; its worker (the only one alive) dies before it can read the id.
      crashedAfterAdd = true
      await killLiveWorkerProcesses()
    }
  })
  root.route('/api/v2', simulator.app)
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port))
  })
  const { provider } = await saveProvider(t.db, t.config.dataKey, {
    name: 'Simulator',
    apiUrl: `http://127.0.0.1:${port}/api/v2`,
    apiKey: API_KEY,
    now: Date.now(),
  })
  await importProviderServices(t.db, provider, providerClient(provider, t.config.dataKey), Date.now())
  await addService(t.db, 'likes', 900_000)
  await mapService(t.db, {
    serviceName: 'likes',
    providerName: 'Simulator',
    remoteServiceId: '2',
    now: Date.now(),
  })
  workerEnvironment = {
    DATA_KEY: t.config.dataKey.toString('base64'),
    WORKER_CONCURRENCY: '2',
    WORKER_POLL_MS: '50',
    WORKER_LEASE_MS: '1000',
    SYNC_INTERVAL_MS: String(STEP_MS),
  }
})

afterAll(async () => {
  await current?.stop('SIGKILL')
  await new Promise((resolve) => server.close(resolve))
  simulator.close()
  await t.close()
})

it('recovers from workers killed mid-job: every job runs again, no order is sent twice, an unconfirmed one is paused', async () => {
  // The worker processes run on the system clock: the orders and their jobs are due now.
  t.clock.set(Date.now())
  const user = await signUp(t)
  await fund(t.db, user.userId, 100)
  const links = [
    ...Array.from({ length: 16 }, () => uniqueLink()),
    ...Array.from({ length: 5 }, () => `${uniqueLink()}?sim=partial`),
  ]
  const response = await t.app.request('/api/orders/mass', {
    method: 'POST',
    headers: authed(user.token),
    body: JSON.stringify({ items: links.map((url) => ({ type: 'likes', url, quantity: 100 })) }),
  })
  expect(response.status).toBe(201)
  const placed = ((await response.json()) as { newOrders: unknown[] }).newOrders.map((order) =>
    ApiOrder.parse(order),
  )

  const outputs: string[] = []
  for (let round = 0; round < RANDOM_KILLS; round += 1) {
    current = await startWorkerProcess(t.database, workerEnvironment)
    await sleep(150 + Math.random() * 900)
    await current.stop('SIGKILL')
    outputs.push(current.output())
  }

  // The certain case, after the random kills (one of which could otherwise land between the crash order's
  // recorded attempt and its `add`, so that `add` never comes): the simulator places it, then kills the worker.
  const crashResponse = await t.app.request('/api/orders/create', {
    method: 'POST',
    headers: authed(user.token),
    body: JSON.stringify({ service_type: 'likes', target_url: CRASH_LINK, quantity: 100 }),
  })
  expect(crashResponse.status).toBe(201)
  placed.push(ApiOrder.parse(await crashResponse.json()))
  current = await startWorkerProcess(t.database, workerEnvironment)
  await expect.poll(() => crashedAfterAdd, { timeout: 120_000, interval: 100 }).toBe(true)
  outputs.push(current.output())
  current = await startWorkerProcess(t.database, workerEnvironment)

  const settled = async () => {
    const busyJobs = await t.db
      .selectFrom('jobs')
      .select('id')
      .where('status', 'in', ['queued', 'running'])
      .where((eb) => eb.or([eb('unique_key', 'is', null), eb('unique_key', 'not like', 'recurring:%')]))
      .execute()
    const activeOrders = await t.db
      .selectFrom('orders')
      .select('id')
      .where('status', 'in', ['pending', 'processing'])
      .execute()
    return busyJobs.length + activeOrders.length
  }
  await expect.poll(settled, { timeout: 120_000, interval: 200 }).toBe(0)
  await current.stop('SIGTERM')
  outputs.push(current.output())

  expect(crashedAfterAdd).toBe(true)
  const orders = await t.db.selectFrom('orders').selectAll().where('user_id', '=', user.userId).execute()
  expect(orders).toHaveLength(placed.length)
  const adds = simulator.calls().filter((call) => call.action === 'add')
  for (const order of orders) {
    const addsOfLink = adds.filter((call) => call.fields.link === order.target_url).length
    expect(addsOfLink, `adds for ${order.target_url}`).toBeLessThanOrEqual(1)
    if (order.upstream_order_id !== null) {
      expect(simulator.order(Number(order.upstream_order_id))?.link).toBe(order.target_url)
      expect(order.status).toMatch(/^(completed|partial)$/)
    } else {
      // Killed after its attempt was recorded: maybe placed, so it waits for a person, never resent.
      expect(order).toMatchObject({ status: 'paused', paused_reason: PLACEMENT_UNCONFIRMED })
      expect(order.upstream_attempted_at).not.toBeNull()
    }
  }

  const caught = orders.find((order) => order.target_url === CRASH_LINK)
  expect(caught).toMatchObject({
    status: 'paused',
    paused_reason: PLACEMENT_UNCONFIRMED,
    upstream_order_id: null,
  })
  expect(adds.filter((call) => call.fields.link === CRASH_LINK)).toHaveLength(1)
  const caughtJob = await t.db
    .selectFrom('jobs')
    .selectAll()
    .where('unique_key', '=', `order:${caught?.id}:dispatch`)
    .executeTakeFirstOrThrow()
  // Its dispatch ran again after the crash (a second attempt) and ended the job.
  expect(caughtJob).toMatchObject({ status: 'done' })
  expect(caughtJob.attempts).toBeGreaterThanOrEqual(2)

  expect(await t.db.selectFrom('jobs').select('id').where('status', '=', 'dead').execute()).toEqual([])
  for (const order of orders.filter((row) => row.status === 'partial')) {
    const refunds = await t.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('reference', '=', `order:${order.id}`)
      .where('kind', '=', 'refund')
      .execute()
    expect(refunds).toHaveLength(1)
    expect(refunds[0]?.amount).toBe(undeliveredRefundMicros(order.charge, order.quantity, 40))
    expect(order.refunded).toBe(refunds[0]?.amount)
  }
  const balance = await t.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', user.userId)
    .executeTakeFirstOrThrow()
  expect(balance.balance).toBe(await ledgerSum(t.db, user.userId))
}, 300_000)
