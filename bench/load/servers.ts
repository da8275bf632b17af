import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type ChildProcess, fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { loadConfig } from '../../server/src/config'
import { createDatabase } from '../../server/src/db/connect'
import { credit } from '../../server/src/domain/ledger'
import { createSession } from '../../server/src/domain/sessions'
import { systemClock } from '../../server/src/domain/clock'
import { silentLogger } from '../../server/src/logger'
import { startServer } from '../../server/src/main'
import { entryFile, USERS } from './config'
import { serve } from './packages'
import { createAccount } from '../../server/src/domain/accounts'

// Child processes.

interface ReadyMessage {
  url: string
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

/** An answer the bare server gives back as it was given: status, headers and body. */
export interface StoredAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * A bare @hono/node-server. `/` answers a small JSON. `PUT /answer` stores an answer that `GET /answer` then
 * gives back as it is, with nothing computed: what serving exactly the API's answer (its headers included)
 * costs at the least.
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
    return new Response(answer.body, { status: answer.status, headers: answer.headers })
  }
  serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    process.send?.({ url: `http://127.0.0.1:${info.port}`, tokens: [] } satisfies ReadyMessage)
  })
}

/**
 * The server as `pnpm start` runs it (startServer: migrations, the service seed, the app on @hono/node-server)
 * on a fresh database, plus USERS funded customers with a session each, made directly in the database: signing
 * up (argon2) is not what is measured.
 */
export async function runApi(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-bench-'))
  const config = loadConfig({
    // The processes sharing one database share its key (BENCH_DATA_KEY).
    DATA_KEY: process.env.BENCH_DATA_KEY ?? randomBytes(32).toString('base64'),
    DEMO: '0',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    // WORKER_CONCURRENCY=0 measures the API without the job worker that `pnpm start` runs beside it.
    ...(process.env.WORKER_CONCURRENCY ? { WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY } : {}),
  })
  const running = await startServer(config, silentLogger)
  const stopOnSignal = () =>
    process.on('SIGTERM', () => {
      void running.close().finally(() => {
        fs.rmSync(dataDir, { recursive: true, force: true })
        process.exit(0)
      })
    })
  if (process.env.BENCH_MORE_API === '1') {
    // A further API process on a database the first one filled: it only serves.
    process.send?.({ url: running.url, tokens: [] } satisfies ReadyMessage)
    stopOnSignal()
    return
  }
  const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir })
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
    const session = await createSession(db, userId, now, {
      idleMs: config.sessionIdleMs,
      absoluteMs: config.sessionAbsoluteMs,
    })
    tokens.push(session.token)
  }
  const historyToken =
    process.env.BENCH_NO_HISTORY === '1'
      ? undefined
      : await customerWithHistory(db, now, {
          idleMs: config.sessionIdleMs,
          absoluteMs: config.sessionAbsoluteMs,
        })
  await db.destroy()
  process.send?.({ url: running.url, tokens, historyToken } satisfies ReadyMessage)
  stopOnSignal()
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
  policy: { idleMs: number; absoluteMs: number },
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
    // BENCH_PROFILE=<dir> writes a CPU profile of each API process there (read with bench/profile-summary.ts).
    const profile =
      role === 'api' && process.env.BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
        : []
    const child = fork(entryFile, [], {
      env: { ...process.env, ...env, BENCH_ROLE: role },
      execArgv: [...process.execArgv, ...profile],
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
