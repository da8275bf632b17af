import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { Order as ApiOrder } from '@engage/contract'
import { Hono } from 'hono'
import pg from 'pg'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { createDatabase, type Db } from '../src/db/connect'
import { createSession } from '../src/domain/sessions'
import { importProviderServices, mapService, providerClient, saveProvider } from '../src/domain/providers'
import { createSimulator, type Simulator } from '../src/simulator'
import { fund } from './support/app'
import { readEventStream, type StreamedEvent } from './support/event-stream'
import { uniqueLink } from './support/services'
import { createAccount } from '../src/domain/accounts'

// The deployment with more than one process, on PostgreSQL only (the SQLite project leaves this file out):
// two API processes and one worker process, each started as `pnpm start` and `pnpm worker` start them
// (src/main.ts and src/worker.ts run with `node --import tsx`), on one database of their own, with the simulator
// as the provider. The API processes keep their own in-process workers, so three workers compete for every job.
// Orders are placed through both API processes at once; each order's dispatch job must run exactly once: one
// `add` upstream per order, and one job per order, done at its first attempt. A change made in one process
// reaches a live updates stream held by another.

const API_KEY = 'multi-process-key'
const ORDERS_PER_API = 24
const CUSTOMERS = 6
const serverRoot = path.resolve(import.meta.dirname, '..')

interface Process {
  child: ChildProcess
  output(): string
  exited: Promise<void>
}

const started: Process[] = []
let databaseName: string
let adminUrl: string
let db: Db
let simulator: Simulator
let simulatorServer: ServerType
let dataDir: string
let environment: Record<string, string>
let apiUrls: string[]
let tokens: string[]

/** Starts `entry` with `node --import tsx` and resolves with its output once a line matches `ready`. */
async function startProcess(
  entry: string,
  ready: RegExp,
): Promise<{ process: Process; match: RegExpExecArray }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: serverRoot,
    env: { ...process.env, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const running: Process = { child, output: () => output, exited }
  started.push(running)
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const onData = () => {
      const found = ready.exec(output)
      if (found) {
        child.stdout?.off('data', onData)
        resolve(found)
      }
    }
    child.stdout?.on('data', onData)
    void exited.then(() => reject(new Error(`${entry} exited before it was ready:\n${output}`)))
  })
  return { process: running, match }
}

async function stopProcess(running: Process): Promise<void> {
  if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGTERM')
  await running.exited
}

beforeAll(async () => {
  // A database of its own: the processes migrate whatever database DATABASE_URL names, as a deployment does.
  adminUrl = inject('postgresUrl')
  databaseName = `engage_procs_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${databaseName}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${databaseName}`

  simulator = createSimulator({ apiKey: API_KEY, stepMs: 200 })
  const root = new Hono().route('/api/v2', simulator.app)
  const port = await new Promise<number>((resolve) => {
    simulatorServer = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(info.port),
    )
  })

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-procs-'))
  const dataKey = randomBytes(32)
  environment = {
    DATABASE_URL: url.toString(),
    DATA_KEY: dataKey.toString('base64'),
    DATA_DIR: dataDir,
    DEMO: '0',
    HOST: '127.0.0.1',
    PORT: '0',
    WORKER_CONCURRENCY: '4',
    WORKER_POLL_MS: '50',
    SYNC_INTERVAL_MS: '500',
  }
  // The first API process migrates and seeds; the others start on the database it left.
  apiUrls = []
  for (let index = 0; index < 2; index += 1) {
    const { match } = await startProcess('src/main.ts', /API listening on (http:\/\/[0-9.:]+)/)
    apiUrls.push(match[1] ?? '')
  }
  await startProcess('src/worker.ts', /Job worker \S+ started/)

  db = createDatabase({ databaseUrl: url.toString(), poolSize: 4 })
  const { provider } = await saveProvider(db, dataKey, {
    name: 'Simulator',
    apiUrl: `http://127.0.0.1:${port}/api/v2`,
    apiKey: API_KEY,
    now: Date.now(),
  })
  await importProviderServices(db, provider, providerClient(provider, dataKey), Date.now())
  // The seeded `likes` service, placed with the simulator's service 2.
  await mapService(db, {
    serviceName: 'likes',
    providerName: 'Simulator',
    remoteServiceId: '2',
    now: Date.now(),
  })
  tokens = []
  for (let index = 0; index < CUSTOMERS; index += 1) {
    const now = Date.now()
    const userId = await createAccount(db, { email: `procs${index}@example.test`, passwordHash: null, now })
    await fund(db, userId, 100)
    tokens.push((await createSession(db, userId, now, { idleMs: 3_600_000, absoluteMs: 86_400_000 })).token)
  }
}, 120_000)

afterAll(async () => {
  await Promise.all(started.map(stopProcess))
  await db?.destroy()
  await new Promise((resolve) => simulatorServer?.close(resolve))
  simulator?.close()
  if (databaseName) {
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${databaseName} with (force)`)
    await admin.end()
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
}, 60_000)

it('two API processes and a worker process on one database run every order once', async () => {
  const links = Array.from({ length: ORDERS_PER_API * apiUrls.length }, () => uniqueLink())
  // Every order at once, alternating between the two API processes.
  const responses = await Promise.all(
    links.map(async (link, index) => {
      const response = await fetch(`${apiUrls[index % apiUrls.length]}/api/orders/create`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${tokens[index % tokens.length]}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ service_type: 'likes', target_url: link, quantity: 100 }),
      })
      return { status: response.status, body: (await response.json()) as unknown }
    }),
  )
  for (const response of responses) expect(response.status, JSON.stringify(response.body)).toBe(201)
  const orderIds = responses.map((response) => ApiOrder.parse(response.body).id)
  expect(new Set(orderIds).size).toBe(links.length)

  const dispatchJobs = () =>
    db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'dispatch-order')
      .where(
        'unique_key',
        'in',
        orderIds.map((id) => `order:${id}:dispatch`),
      )
      .execute()
  await expect
    .poll(async () => (await dispatchJobs()).filter((job) => job.status === 'done').length, {
      timeout: 60_000,
      interval: 200,
    })
    .toBe(links.length)

  const jobs = await dispatchJobs()
  expect(jobs).toHaveLength(links.length)
  for (const job of jobs) expect(job, `job ${job.unique_key}`).toMatchObject({ status: 'done', attempts: 1 })
  const adds = simulator.calls().filter((call) => call.action === 'add')
  expect(adds).toHaveLength(links.length)
  for (const link of links)
    expect(
      adds.filter((call) => call.fields.link === link),
      link,
    ).toHaveLength(1)
  const orders = await db.selectFrom('orders').selectAll().where('id', 'in', orderIds.map(Number)).execute()
  for (const order of orders) {
    expect(order.upstream_order_id, `order ${order.id}`).not.toBeNull()
    expect(simulator.order(Number(order.upstream_order_id))?.link).toBe(order.target_url)
  }
  expect(started.every((running) => running.child.exitCode === null)).toBe(true)
}, 120_000)

it("an order placed through one API process reaches the customer's live stream held by the other", async () => {
  const [placingUrl, streamingUrl] = apiUrls
  const token = tokens[0] ?? ''
  const session = await fetch(`${streamingUrl}/api/events/session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(session.status).toBe(204)
  const cookie = (session.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
  const stream = readEventStream(await fetch(`${streamingUrl}/api/events`, { headers: { Cookie: cookie } }))
  try {
    await stream.until((event) => event.event === 'ping')
    const placed = await fetch(`${placingUrl}/api/orders/create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ service_type: 'likes', target_url: uniqueLink(), quantity: 100 }),
    })
    expect(placed.status).toBe(201)
    const orderId = Number(ApiOrder.parse(await placed.json()).id)
    const ofThisOrder = (event: StreamedEvent) =>
      event.event === 'order' && (JSON.parse(event.data) as { orderId: number }).orderId === orderId
    await stream.until(ofThisOrder)
    // Then its dispatch, by whichever of the three workers claimed it, moves it to processing.
    await stream.until(ofThisOrder)
    const order = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst()
    expect(order?.status).not.toBe('pending')
  } finally {
    await stream.close()
  }
}, 60_000)
