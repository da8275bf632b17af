// Load benchmark of the API. It prints figures and asserts nothing.
//
//   pnpm bench:load                                (root script)
//   pnpm --filter ./server exec tsx ../bench/load.ts
//   BENCH_ONLY=user/me BENCH_DATABASES=sqlite BENCH_PROFILE=/tmp/profiles pnpm bench:load
//
// In one run: the API (as startServer runs it) on a fresh SQLite file and, when PostgreSQL answers (DATABASE_URL,
// else 127.0.0.1:5432), on a fresh PostgreSQL database, each compared with a bare @hono/node-server hello-world
// measured just before it. Every server runs in a child process of its own, so autocannon (in this process) does
// not share an event loop with it. Measured at BENCH_CONNECTIONS (32) connections for BENCH_SECONDS (5) each,
// after a 1 s warm-up: hello-world, GET /api/get-services, GET /api/user/me, the first page of GET
// /api/orders/get for a customer with 100,000 orders (one connection), POST /api/orders/create (distinct links,
// 64 funded customers in turn); and on PostgreSQL the same orders across two API processes and one worker
// process on one database (half the connections on each API process). Besides req/s and latencies, the server
// process's CPU time per request, which a busy machine moves much less.
// Targets (see TARGETS): get-services >= 0.8 x hello-world; user/me p99 <= 10 ms; orders/create >= 2,500/s on
// SQLite and >= 1,500/s on PostgreSQL with p99 <= 25 ms; the first page of 100,000 orders in <= 5 ms.

import { type ChildProcess, fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '../server/src/config'
import { createDatabase } from '../server/src/db/connect'
import { credit } from '../server/src/domain/ledger'
import { createSession } from '../server/src/domain/sessions'
import { systemClock } from '../server/src/http/env'
import { silentLogger } from '../server/src/logger'
import { startServer } from '../server/src/main'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const WARMUP_SECONDS = 1
const USERS = 64
const thisFile = fileURLToPath(import.meta.url)
/** BENCH_ONLY=user/me,orders/create measures only the scenarios whose name contains one of these. */
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean) ?? []
const wanted = (scenario: string) => ONLY.length === 0 || ONLY.some((part) => scenario.includes(part))
/** BENCH_DATABASES=sqlite or postgres measures only that database. */
const DATABASES = process.env.BENCH_DATABASES?.split(',') ?? ['sqlite', 'postgres']

// ---- Packages of the server ---------------------------------------------------------------------------------
// bench/ is not a workspace package, so bare imports from here would not resolve: autocannon, @hono/node-server
// and pg are loaded from the server package, which depends on them, and the few members used are typed here.

const requireFromServer = createRequire(path.join(path.dirname(thisFile), '../server/package.json'))

interface AutocannonRequest {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest
}

interface AutocannonResult {
  requests: { average: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
  timeouts: number
}

type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  requests?: AutocannonRequest[]
}) => Promise<AutocannonResult>

const autocannon = requireFromServer('autocannon') as Autocannon

const { serve } = requireFromServer('@hono/node-server') as {
  serve: (
    options: { fetch: (request: Request) => Response; port: number; hostname: string },
    listening: (info: AddressInfo) => void,
  ) => unknown
}

interface PostgresClient {
  connect(): Promise<void>
  query(text: string): Promise<unknown>
  end(): Promise<void>
}

const pg = requireFromServer('pg') as {
  Client: new (options: { connectionString: string; connectionTimeoutMillis?: number }) => PostgresClient
}

// ---- Child processes ----------------------------------------------------------------------------------------

interface ReadyMessage {
  url: string
  tokens: string[]
  /** The session of a customer with HISTORY_ORDERS orders. */
  historyToken?: string
}

/** The order history of the customer whose first page of orders is measured. */
const HISTORY_ORDERS = 100_000
// Measured one request at a time: the target is the time one listing takes, not a queue's.
const ORDER_HISTORY_SCENARIO = 'GET /api/orders/get, 100,000 orders, 1 connection'

function runHelloWorld(): void {
  serve({ fetch: () => Response.json({ hello: 'world' }), port: 0, hostname: '127.0.0.1' }, (info) => {
    process.send?.({ url: `http://127.0.0.1:${info.port}`, tokens: [] } satisfies ReadyMessage)
  })
}

/**
 * The server as `pnpm start` runs it (startServer: migrations, the service seed, the app on @hono/node-server)
 * on a fresh database, plus USERS funded customers with a session each, made directly in the database: signing
 * up (argon2) is not what is measured.
 */
async function runApi(): Promise<void> {
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
    const user = await db
      .insertInto('users')
      .values({
        email: `bench${index}@example.test`,
        username: `bench${index}`,
        password_hash: null,
        google_sub: null,
        phone: null,
        profile_photo: null,
        disabled_at: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db.transaction().execute((trx) =>
      credit(trx, {
        userId: user.id,
        amount: 100_000 * 1_000_000,
        kind: 'adjustment',
        reference: 'bench:funding',
        idempotencyKey: `bench:funding:${user.id}`,
        now,
      }),
    )
    const session = await createSession(db, user.id, now, {
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

/** A customer with HISTORY_ORDERS completed orders, written a thousand at a time; answers their session token. */
async function customerWithHistory(
  db: ReturnType<typeof createDatabase>,
  now: number,
  policy: { idleMs: number; absoluteMs: number },
): Promise<string> {
  const user = await db
    .insertInto('users')
    .values({
      email: 'history@example.test',
      username: 'history',
      password_hash: null,
      google_sub: null,
      phone: null,
      profile_photo: null,
      disabled_at: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const service = await db
    .selectFrom('services')
    .select(['id', 'name'])
    .where('name', '=', 'likes')
    .executeTakeFirstOrThrow()
  const BATCH = 1_000
  for (let first = 1; first <= HISTORY_ORDERS; first += BATCH) {
    await db
      .insertInto('orders')
      .values(
        Array.from({ length: Math.min(BATCH, HISTORY_ORDERS - first + 1) }, (_, index) => ({
          user_id: user.id,
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
          created_at: now - HISTORY_ORDERS + first + index,
          updated_at: now - HISTORY_ORDERS + first + index,
        })),
      )
      .execute()
  }
  return (await createSession(db, user.id, now, policy)).token
}

function start(
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
    const child = fork(thisFile, [], {
      env: { ...process.env, ...env, BENCH_ROLE: role },
      execArgv: [...process.execArgv, ...profile],
    })
    child.once('message', (message) => resolve({ child, ...(message as ReadyMessage) }))
    child.once('exit', (code) =>
      reject(new Error(`${role} server exited with ${String(code)} before it was ready`)),
    )
  })
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

// ---- Measuring ----------------------------------------------------------------------------------------------

interface Row {
  scenario: string
  database: string
  requestsPerSecond: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  /** CPU time of the server process per answered request, in microseconds (undefined off Linux). */
  cpuMicros: number | undefined
}

const CLOCK_TICKS_PER_SECOND = 100

/**
 * User + system CPU seconds a process has used so far, from /proc (Linux). Unlike req/s, CPU per request
 * hardly moves with the machine's load, so it compares runs made while other processes compete for the cores.
 */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // Fields 14 and 15 of the file (utime, stime), counted after the command name's closing parenthesis.
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND
  } catch {
    return undefined
  }
}

async function measure(
  scenario: string,
  database: string,
  server: { url: string; pid: number | undefined },
  requests: AutocannonRequest[],
  connections = CONNECTIONS,
): Promise<Row> {
  const { url } = server
  await autocannon({ url, connections, duration: WARMUP_SECONDS, requests })
  const cpuBefore = cpuSeconds(server.pid)
  const result = await autocannon({ url, connections, duration: SECONDS, requests })
  const cpuAfter = cpuSeconds(server.pid)
  const answered = result.requests.average * SECONDS
  const row: Row = {
    cpuMicros:
      cpuBefore !== undefined && cpuAfter !== undefined && answered > 0
        ? ((cpuAfter - cpuBefore) * 1e6) / answered
        : undefined,
    scenario,
    database,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
  console.log(
    `  ${scenario} (${database}): ${Math.round(row.requestsPerSecond)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms` +
      (row.cpuMicros === undefined ? '' : `, server CPU ${Math.round(row.cpuMicros)} µs/request`) +
      (row.non2xx || row.errors ? `, non-2xx ${row.non2xx}, errors ${row.errors}` : ''),
  )
  return row
}

let linkCounter = 0

function rotatingTokens(tokens: string[]) {
  let next = 0
  return () => {
    const token = tokens[next % tokens.length] ?? ''
    next += 1
    return token
  }
}

/** POST /api/orders/create with a link never used before, the customers taking turns. */
function orderRequests(tokens: string[]): AutocannonRequest[] {
  const orderToken = rotatingTokens(tokens)
  return [
    {
      method: 'POST',
      path: '/api/orders/create',
      setupRequest: (request) => {
        linkCounter += 1
        return {
          ...request,
          headers: { Authorization: `Bearer ${orderToken()}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            service_type: 'likes',
            target_url: `https://social.example/bench/${process.pid}/${linkCounter}`,
            quantity: 100,
            custom_comment: null,
            ai_settings: null,
          }),
        }
      },
    },
  ]
}

async function measureApi(
  database: string,
  env: Record<string, string>,
  hello: { url: string; pid: number | undefined },
): Promise<Row[]> {
  const started = await start('api', env)
  const api = { url: started.url, pid: started.child.pid, tokens: started.tokens, child: started.child }
  try {
    const rows: Row[] = []
    // The hello-world again, right before the API: the machine's load drifts, and the ratio is what matters.
    rows.push(await measure('hello-world', database, hello, [{ method: 'GET', path: '/' }]))
    if (wanted('GET /api/get-services'))
      rows.push(
        await measure('GET /api/get-services', database, api, [{ method: 'GET', path: '/api/get-services' }]),
      )
    const meToken = rotatingTokens(api.tokens)
    if (wanted('GET /api/user/me'))
      rows.push(
        await measure('GET /api/user/me', database, api, [
          {
            method: 'GET',
            path: '/api/user/me',
            setupRequest: (request) => ({ ...request, headers: { Authorization: `Bearer ${meToken()}` } }),
          },
        ]),
      )
    // Before the orders are placed: their dispatch jobs keep the worker in the same process busy afterwards.
    if (wanted('GET /api/orders/get') && started.historyToken)
      rows.push(
        await measure(
          ORDER_HISTORY_SCENARIO,
          database,
          api,
          [
            {
              method: 'GET',
              path: '/api/orders/get',
              headers: { Authorization: `Bearer ${started.historyToken}` },
            },
          ],
          1,
        ),
      )
    if (wanted('POST /api/orders/create'))
      rows.push(await measure('POST /api/orders/create', database, api, orderRequests(api.tokens)))
    return rows
  } finally {
    await stop(api.child)
  }
}

const TWO_PROCESSES_SCENARIO = 'POST /api/orders/create, 2 API processes + 1 worker process'

/**
 * `pnpm worker` (server/src/worker.ts) in a child process on `env`'s database; resolves once it works. Its log
 * lines are read and dropped.
 */
function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(path.dirname(thisFile), '../server/src/worker.ts'), [], {
      env: { ...process.env, ...env },
      execArgv: process.execArgv,
      silent: true,
    })
    let output = ''
    let ready = false
    child.stderr?.resume()
    child.stdout?.on('data', (chunk: Buffer) => {
      if (ready) return
      output += chunk.toString()
      if (/Job worker \S+ started/.test(output)) {
        ready = true
        resolve(child)
      }
    })
    child.once('exit', (code) => reject(new Error(`worker exited with ${String(code)} before it was ready`)))
  })
}

/**
 * orders/create across two API processes (as `pnpm start` runs them, without their in-process workers) and one
 * worker process (`pnpm worker`) on one PostgreSQL database: half the connections on each API process, at the
 * same time. req/s is the sum of both; p50 and p99 are the higher of the two processes' (an upper bound of the
 * whole's), CPU per request the two API processes' CPU over both's requests.
 */
async function measureTwoProcesses(databaseUrl: string): Promise<Row> {
  const env = {
    BENCH_DATABASE_URL: databaseUrl,
    BENCH_DATA_KEY: randomBytes(32).toString('base64'),
    WORKER_CONCURRENCY: '0',
    BENCH_NO_HISTORY: '1',
  }
  const first = await start('api', env)
  const children: ChildProcess[] = [first.child]
  const workerDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-bench-worker-'))
  try {
    const second = await start('api', { ...env, BENCH_MORE_API: '1' })
    children.push(second.child)
    children.push(
      await startWorkerProcess({
        DATABASE_URL: databaseUrl,
        DATA_KEY: env.BENCH_DATA_KEY,
        DATA_DIR: workerDataDir,
        LOG_LEVEL: 'info',
      }),
    )
    const apis = [first, second]
    const half = Math.max(1, Math.round(CONNECTIONS / apis.length))
    const run = (duration: number) =>
      Promise.all(
        apis.map((api) =>
          autocannon({ url: api.url, connections: half, duration, requests: orderRequests(first.tokens) }),
        ),
      )
    await run(WARMUP_SECONDS)
    const cpu = () => apis.map((api) => cpuSeconds(api.child.pid))
    const cpuBefore = cpu()
    const results = await run(SECONDS)
    const cpuAfter = cpu()
    const requestsPerSecond = results.reduce((sum, result) => sum + result.requests.average, 0)
    const cpuUsed = cpuAfter.reduce<number | undefined>((sum, after, index) => {
      const before = cpuBefore[index]
      return sum === undefined || after === undefined || before === undefined
        ? undefined
        : sum + after - before
    }, 0)
    const row: Row = {
      scenario: TWO_PROCESSES_SCENARIO,
      database: 'postgres',
      requestsPerSecond,
      p50: Math.max(...results.map((result) => result.latency.p50)),
      p99: Math.max(...results.map((result) => result.latency.p99)),
      non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
      errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
      cpuMicros:
        cpuUsed === undefined || requestsPerSecond === 0
          ? undefined
          : (cpuUsed * 1e6) / (requestsPerSecond * SECONDS),
    }
    console.log(
      `  ${TWO_PROCESSES_SCENARIO} (postgres): ${Math.round(requestsPerSecond)} req/s (${results
        .map((result) => Math.round(result.requests.average))
        .join(' + ')}), p50 ${row.p50} ms, p99 ${row.p99} ms` +
        (row.cpuMicros === undefined ? '' : `, API CPU ${Math.round(row.cpuMicros)} µs/request`) +
        (row.non2xx || row.errors ? `, non-2xx ${row.non2xx}, errors ${row.errors}` : ''),
    )
    return row
  } finally {
    await Promise.all(children.map(stop))
    fs.rmSync(workerDataDir, { recursive: true, force: true })
  }
}

async function reachablePostgres(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL?.startsWith('postgres')
    ? process.env.DATABASE_URL
    : 'postgres://postgres@127.0.0.1:5432/test'
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
  try {
    await client.connect()
    await client.query('select 1')
    return url
  } catch {
    return undefined
  } finally {
    await client.end().catch(() => {})
  }
}

const TARGETS: Record<string, { text: string; met: (row: Row, hello: number) => boolean }> = {
  'GET /api/get-services': {
    text: '>= 0.8 x hello-world',
    met: (row, hello) => row.requestsPerSecond >= 0.8 * hello,
  },
  'GET /api/user/me': { text: 'p99 <= 10 ms', met: (row) => row.p99 <= 10 },
  'POST /api/orders/create': {
    text: '>= 2,500/s SQLite, >= 1,500/s PostgreSQL, p99 <= 25 ms',
    met: (row) => row.requestsPerSecond >= (row.database === 'sqlite' ? 2_500 : 1_500) && row.p99 <= 25,
  },
  [TWO_PROCESSES_SCENARIO]: {
    text: '>= 1,500/s PostgreSQL, p99 <= 25 ms',
    met: (row) => row.requestsPerSecond >= 1_500 && row.p99 <= 25,
  },
  [ORDER_HISTORY_SCENARIO]: { text: 'p99 <= 5 ms', met: (row) => row.p99 <= 5 },
}

/**
 * One table: a line per scenario, for each database its req/s, p50 and p99 in ms, the ratio to the hello-world
 * measured just before that database's scenarios, and the server process's CPU per request; then which targets
 * are met.
 */
function printTable(rows: Row[]): void {
  const databases = [...new Set(rows.map((row) => row.database))]
  const scenarios = [...new Set(rows.map((row) => row.scenario))]
  const helloOf = (database: string) =>
    rows.find((row) => row.scenario === 'hello-world' && row.database === database)?.requestsPerSecond ?? 0
  const find = (scenario: string, database: string) =>
    rows.find((row) => row.scenario === scenario && row.database === database)
  const header = [
    'scenario',
    ...databases.flatMap((database) => [database, 'p50', 'p99', 'x hello', 'CPU/req']),
  ]
  const lines = scenarios.map((scenario) => [
    scenario,
    ...databases.flatMap((database) => {
      const row = find(scenario, database)
      if (!row) return ['', '', '', '', '']
      const hello = helloOf(database)
      const failed = row.non2xx + row.errors
      return [
        `${Math.round(row.requestsPerSecond).toLocaleString('en-US')}/s${failed ? ` (${failed} failed)` : ''}`,
        `${row.p50} ms`,
        `${row.p99} ms`,
        hello > 0 ? `${(row.requestsPerSecond / hello).toFixed(2)}` : '',
        row.cpuMicros === undefined ? '' : `${Math.round(row.cpuMicros)} µs`,
      ]
    }),
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  )
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
  console.log(`\n${format(header)}\n|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`)
  for (const line of lines) console.log(format(line))
  const verdicts = Object.entries(TARGETS).flatMap(([scenario, target]) =>
    databases.flatMap((database) => {
      const row = find(scenario, database)
      if (!row) return []
      const met = target.met(row, helloOf(database)) && row.non2xx + row.errors === 0
      return [`${scenario} on ${database} (${target.text}): ${met ? 'met' : 'NOT met'}`]
    }),
  )
  console.log(`\nTargets:\n${verdicts.map((verdict) => `  ${verdict}`).join('\n')}`)
  console.log(
    `\n${CONNECTIONS} connections unless said, ${SECONDS} s per measurement, ${os.cpus().length} CPUs, ` +
      `Node ${process.version}, load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}; ` +
      'CPU/req is the server process only (not PostgreSQL, not the load generator)',
  )
}

async function main(): Promise<void> {
  const rows: Row[] = []
  const hello = await start('hello')
  const helloServer = { url: hello.url, pid: hello.child.pid }
  try {
    if (DATABASES.includes('sqlite')) {
      console.log('SQLite')
      rows.push(...(await measureApi('sqlite', {}, helloServer)))
    }
    if (DATABASES.includes('postgres')) await measurePostgres(rows, helloServer)
  } finally {
    await stop(hello.child)
  }
  printTable(rows)
}

/** Runs `measureOn` on a fresh database of the PostgreSQL at `postgresUrl`, dropped afterwards. */
async function withDatabase<T>(postgresUrl: string, measureOn: (url: string) => Promise<T>): Promise<T> {
  const name = `engage_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  try {
    const url = new URL(postgresUrl)
    url.pathname = `/${name}`
    return await measureOn(url.toString())
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}

async function measurePostgres(rows: Row[], hello: { url: string; pid: number | undefined }): Promise<void> {
  const postgresUrl = await reachablePostgres()
  if (postgresUrl) {
    console.log('PostgreSQL')
    // A database of its own rather than a schema: startServer migrates whatever database DATABASE_URL names.
    rows.push(
      ...(await withDatabase(postgresUrl, (url) =>
        measureApi('postgres', { BENCH_DATABASE_URL: url }, hello),
      )),
    )
    // On a database of its own too, so that it starts from no orders like the line above.
    if (wanted(TWO_PROCESSES_SCENARIO)) rows.push(await withDatabase(postgresUrl, measureTwoProcesses))
  } else {
    console.log('PostgreSQL: not reachable (set DATABASE_URL); measured SQLite only')
  }
}

const role = process.env.BENCH_ROLE
if (role === 'hello') runHelloWorld()
else if (role === 'api') await runApi()
else await main()
