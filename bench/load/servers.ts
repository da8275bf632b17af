import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type ChildProcess, fork, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '../../server/src/config'
import { createDatabase, isPostgresUrl, migrate } from '../../server/src/db/connect'
import { credit } from '../../server/src/domain/ledger'
import { createSession, type SessionPolicy, sessionPolicy } from '../../server/src/domain/sessions'
import { systemClock } from '../../server/src/domain/clock'
import { seed } from '../../server/src/seed'
import { entryFile, USERS } from './config'
import { vacuumAnalyze } from '../postgres'
import { serve } from './packages'
import { createAccount } from '../../server/src/domain/accounts'

// Child processes.

interface ReadyMessage {
  url: string
  /** The process that serves `url`: the API's built server, the hello-world's own. */
  pid: number | undefined
  tokens: string[]
  /** The session of a customer with HISTORY_ORDERS orders. */
  historyToken?: string
}

/** The order history of the customer whose first page of orders is measured. */
const HISTORY_ORDERS = 100_000
// Measured one request at a time: the target is the time one listing takes, not a queue's.
export const ORDER_HISTORY_SCENARIO = 'GET /api/orders/get, 100,000 orders, 1 connection'
/** The longest range the analytics take, by day: every hour of the year's history is read. */
export const ANALYTICS_SCENARIO = 'GET /api/analytics, 100,000 orders, 366 days by day, 1 connection'

/** The customer's analytics over the last 366 days, today (UTC) included. */
export function analyticsPath(now = Date.now()): string {
  const to = new Date(now).toISOString().slice(0, 10)
  const from = new Date(now - 365 * 86_400_000).toISOString().slice(0, 10)
  return `/api/analytics?from=${from}&to=${to}&granularity=day`
}

/**
 * An answer the bare server gives back as it was given: status, headers and body; with `spendMicros`, after
 * keeping its one thread busy that long on each request.
 */
export interface StoredAnswer {
  status: number
  headers: Record<string, string>
  body: string
  spendMicros?: number
}

/** Keeps the thread busy for `micros` microseconds, computing nothing: the stand-in for a route's work. */
function spend(micros: number): void {
  const until = performance.now() + micros / 1_000
  while (performance.now() < until);
}

/**
 * A bare @hono/node-server. `/` answers a small JSON. `PUT /answer` stores an answer that `GET /answer` then
 * gives back as it is, with nothing computed: what serving exactly the API's answer (its headers included)
 * costs at the least. With a `spendMicros`, the same answer from a server as costly per request as the API but
 * doing nothing else: no promises, no garbage, no database, no log line.
 */
export function runHelloWorld(): void {
  let answer: StoredAnswer | undefined
  const fetch = (request: Request): Response | Promise<Response> => {
    if (!request.url.endsWith('/answer')) return Response.json({ hello: 'world' })
    if (request.method === 'PUT') {
      return request.json().then((stored) => {
        answer = stored as StoredAnswer
        return new Response(null, { status: 204 })
      })
    }
    if (!answer) return new Response('No answer stored', { status: 404 })
    if (answer.spendMicros) spend(answer.spendMicros)
    return new Response(answer.body, { status: answer.status, headers: answer.headers })
  }
  serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    process.send?.({
      url: `http://127.0.0.1:${info.port}`,
      pid: process.pid,
      tokens: [],
    } satisfies ReadyMessage)
  })
}

/**
 * An entry of the server as it ships, the build (server/scripts/build.mjs) started with plain node: `main` is what
 * `pnpm start` runs, `worker` what `pnpm worker` runs.
 */
export function builtEntry(name: 'main' | 'worker'): string {
  const file = fileURLToPath(new URL(`../../server/dist/server/${name}.js`, import.meta.url))
  if (!fs.existsSync(file)) throw new Error(`No server build at ${file}: run pnpm run build`)
  return file
}

/** A port nothing listens on now, for a server that must be told its port before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** With BENCH_PROFILE=<dir>, the flags that make a Node process write its CPU profile there as it exits. */
export function profileFlags(): string[] {
  const dir = process.env.BENCH_PROFILE
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : []
}

/**
 * Starts the built server (`node server/dist/server/main.js`, what `pnpm start` runs) with `env`, its JSON log
 * lines written to `logFile` as a production process writes them to its standard output, and resolves once
 * /readyz answers 200. BENCH_PROFILE=<dir> writes its CPU profile there.
 */
async function startBuiltServer(
  env: Record<string, string>,
  logFile: string,
): Promise<{ url: string; server: ChildProcess }> {
  const entry = builtEntry('main')
  const port = await freePort()
  const log = fs.openSync(logFile, 'a')
  const server = spawn(process.execPath, [...profileFlags(), entry], {
    env: { PATH: process.env.PATH ?? '', ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', log, log],
  })
  fs.closeSync(log)
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited with ${server.exitCode}: ${fs.readFileSync(logFile, 'utf8')}`)
    }
    const ready = await fetch(`${url}/readyz`).then(
      (answer) => answer.status === 200,
      () => false,
    )
    if (ready) return { url, server }
    if (Date.now() > deadline)
      throw new Error(`The server did not get ready: ${fs.readFileSync(logFile, 'utf8')}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * A fresh database with USERS funded customers and a session each, made directly in the database (signing up,
 * argon2, is not what is measured), then the built server on it (startBuiltServer). This process stays as its
 * keeper: it passes the server's address and pid to the benchmark and stops it on SIGTERM.
 */
export async function runApi(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-bench-'))
  const env: Record<string, string> = {
    // The processes sharing one database share its key (BENCH_DATA_KEY).
    DATA_KEY: process.env.BENCH_DATA_KEY ?? randomBytes(32).toString('base64'),
    DEMO: '0',
    DATA_DIR: dataDir,
    // Each request's log line is written, as in production; its threshold is the default's.
    LOG_LEVEL: 'info',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    // WORKER_CONCURRENCY=0 measures the API without the job worker that `pnpm start` runs beside it.
    ...(process.env.WORKER_CONCURRENCY ? { WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY } : {}),
  }
  const keep = (running: { url: string; server: ChildProcess }, ready: Omit<ReadyMessage, 'url' | 'pid'>) => {
    process.send?.({ url: running.url, pid: running.server.pid, ...ready } satisfies ReadyMessage)
    process.on('SIGTERM', () => {
      const done = () => {
        fs.rmSync(dataDir, { recursive: true, force: true })
        process.exit(0)
      }
      // A server that already stopped (it failed during the run) sends no further exit.
      if (running.server.exitCode !== null || running.server.signalCode !== null) return done()
      running.server.once('exit', done)
      running.server.kill('SIGTERM')
    })
  }
  const logFile = path.join(dataDir, 'server.log')
  if (process.env.BENCH_MORE_API === '1') {
    // A further API process on a database the first one filled: it only serves.
    keep(await startBuiltServer(env, logFile), { tokens: [] })
    return
  }
  const config = loadConfig({ ...env, HOST: '127.0.0.1', PORT: '0' })
  const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir })
  await migrate(db)
  await seed(db, { demo: false, now: systemClock.now() })
  const now = systemClock.now()
  const tokens: string[] = []
  for (let index = 0; index < USERS; index++) {
    const userId = await createAccount(db, { email: `bench${index}@example.test`, passwordHash: null, now })
    await db.transaction().execute((trx) =>
      credit(trx, {
        userId,
        amount: 100_000 * 1_000_000,
        kind: 'adjustment',
        reference: 'bench:funding',
        idempotencyKey: `bench:funding:${userId}`,
        now,
      }),
    )
    const session = await createSession(db, userId, now, sessionPolicy(config))
    tokens.push(session.token)
  }
  const historyToken =
    process.env.BENCH_NO_HISTORY === '1'
      ? undefined
      : await customerWithHistory(db, now, sessionPolicy(config))
  await db.destroy()
  // The history's orders were placed over a year: PostgreSQL's autovacuum would long have cleaned up after them.
  if (historyToken !== undefined && isPostgresUrl(config.databaseUrl)) await vacuumAnalyze(config.databaseUrl)
  keep(await startBuiltServer(env, logFile), { tokens, historyToken })
}

/** The year the history's orders are spread over, one every HISTORY_SPACING_MS up to now. */
const HISTORY_SPACING_MS = Math.floor((365 * 86_400_000) / HISTORY_ORDERS)

/**
 * A customer with HISTORY_ORDERS completed orders placed over the last year, each paid by an `order_payment`
 * ledger entry (after a deposit that covers them all), written a thousand at a time; answers their session
 * token. The rollups' triggers run on every row, as they do for orders placed through the API.
 */
async function customerWithHistory(
  db: ReturnType<typeof createDatabase>,
  now: number,
  policy: SessionPolicy,
): Promise<string> {
  const userId = await createAccount(db, { email: 'history@example.test', passwordHash: null, now })
  const service = await db
    .selectFrom('services')
    .select(['id', 'name'])
    .where('name', '=', 'likes')
    .executeTakeFirstOrThrow()
  const BATCH = 1_000
  // The deposit that paid for them all, before the first: the balance stays the sum of the entries (0).
  await db
    .insertInto('ledger_entries')
    .values({
      user_id: userId,
      amount: HISTORY_ORDERS * 1_000,
      kind: 'deposit',
      reference: 'bench:history',
      idempotency_key: 'bench:history:deposit',
      note: null,
      created_at: now - HISTORY_ORDERS * HISTORY_SPACING_MS,
    })
    .execute()
  for (let first = 1; first <= HISTORY_ORDERS; first += BATCH) {
    const placed = await db
      .insertInto('orders')
      .values(
        Array.from({ length: Math.min(BATCH, HISTORY_ORDERS - first + 1) }, (_, index) => ({
          user_id: userId,
          service_id: service.id,
          service_type: service.name,
          target_url: `https://social.example/history/${first + index}`,
          quantity: 100,
          charge: 1_000,
          status: 'completed' as const,
          start_count: null,
          remains: null,
          custom_comment: null,
          ai_setting: null,
          subscription_id: null,
          paused_reason: null,
          provider_id: null,
          upstream_order_id: null,
          upstream_attempted_at: null,
          created_at: now - (HISTORY_ORDERS - first - index) * HISTORY_SPACING_MS,
          updated_at: now - (HISTORY_ORDERS - first - index) * HISTORY_SPACING_MS,
        })),
      )
      .returning(['id', 'created_at'])
      .execute()
    await db
      .insertInto('ledger_entries')
      .values(
        placed.map((order) => ({
          user_id: userId,
          amount: -1_000,
          kind: 'order_payment' as const,
          reference: `order:${order.id}`,
          idempotency_key: `order:${order.id}:charge`,
          note: null,
          created_at: order.created_at,
        })),
      )
      .execute()
  }
  return (await createSession(db, userId, now, policy)).token
}

export function start(
  role: 'hello' | 'api',
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess } & ReadyMessage> {
  return new Promise((resolve, reject) => {
    // process.execArgv carries tsx's loader, so the child runs this TypeScript file the same way.
    const child = fork(entryFile, [], {
      env: { ...process.env, ...env, BENCH_ROLE: role },
      execArgv: process.execArgv,
    })
    child.once('message', (message) => resolve({ child, ...(message as ReadyMessage) }))
    child.once('exit', (code) =>
      reject(new Error(`${role} server exited with ${String(code)} before it was ready`)),
    )
  })
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
