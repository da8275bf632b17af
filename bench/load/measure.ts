import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { CONNECTIONS, SECONDS, wanted, WARMUP_SECONDS } from './config'
import { autocannon, type AutocannonRequest } from './packages'
import {
  ANALYTICS_SCENARIO,
  analyticsPath,
  ORDER_HISTORY_SCENARIO,
  builtEntry,
  profileFlags,
  start,
  stop,
  type StoredAnswer,
} from './servers'

// Measuring.

export interface Row {
  scenario: string
  database: string
  requestsPerSecond: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  /** CPU time of the server process per answered request, in microseconds (undefined off Linux). */
  cpuMicros: number | undefined
  /**
   * CPU time of the whole machine per answered request (the API, PostgreSQL's backends, the load generator and
   * anything else), in microseconds, and the share of all cores that was busy (undefined off Linux).
   */
  machine: { cpuMicros: number; busy: number } | undefined
  /** CPU time of PostgreSQL's processes (its backends and helpers) per answered request; undefined on SQLite. */
  postgresCpuMicros: number | undefined
  /** CPU time of the load generator (autocannon, in this process) per answered request. */
  loadCpuMicros: number
}

const CLOCK_TICKS_PER_SECOND = 100

/**
 * User + system CPU seconds a process has used so far, from /proc (Linux). Unlike req/s, CPU per request
 * hardly moves with the machine's load, so it compares runs made while other processes compete for the cores.
 */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  try {
    return cpuOfStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return undefined
  }
}

/** The user + system CPU seconds in a process's /proc/<pid>/stat. */
function cpuOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // Fields 14 and 15 of the file (utime, stime), counted after the command name's closing parenthesis.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND
}

/**
 * User + system CPU seconds each of PostgreSQL's processes has used so far, by pid: every process named `postgres`
 * (the server the benchmark's database lives on: its backends, one per pooled connection, and its writers), from
 * /proc.
 */
function postgresSeconds(): Map<string, number> | undefined {
  const seconds = new Map<string, number>()
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      let stat: string
      try {
        stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      } catch {
        continue // ended since the directory was read
      }
      // The command name stands between the first '(' and the last ')'.
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres')
        seconds.set(entry, cpuOfStat(stat))
    }
  } catch {
    return undefined
  }
  return seconds
}

/**
 * What PostgreSQL's processes used between two readings: a process started in between counts from nothing; one
 * that ended in between (a pooled connection closed when idle) is left out, as its last CPU can no longer be read.
 */
function postgresUse(before: Map<string, number> | undefined, after: Map<string, number> | undefined) {
  if (!before || !after) return undefined
  let used = 0
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0)
  return used
}

/** CPU seconds this process (the load generator) has used so far. */
function loadSeconds(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}

/** The machine's busy and total CPU seconds, over every core, from /proc/stat (Linux). */
function machineSeconds(): { busy: number; total: number } | undefined {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
    // cpu user nice system idle iowait irq softirq steal ...: idle and iowait are the time no process ran.
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number)
    const total = ticks.reduce((sum, tick) => sum + tick, 0)
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0)
    return { busy: (total - idle) / CLOCK_TICKS_PER_SECOND, total: total / CLOCK_TICKS_PER_SECOND }
  } catch {
    return undefined
  }
}

/** What the whole machine spent per request between two readings of machineSeconds. */
function machineUse(
  before: ReturnType<typeof machineSeconds>,
  after: ReturnType<typeof machineSeconds>,
  answered: number,
): Row['machine'] {
  if (!before || !after || answered === 0 || after.total === before.total) return undefined
  const busy = after.busy - before.busy
  return { cpuMicros: (busy * 1e6) / answered, busy: busy / (after.total - before.total) }
}

/** CPU used so far by the servers measured, PostgreSQL, the load generator and the whole machine. */
interface CpuReading {
  servers: (number | undefined)[]
  postgres: Map<string, number> | undefined
  load: number
  machine: ReturnType<typeof machineSeconds>
}

function readCpu(pids: (number | undefined)[], database: string): CpuReading {
  return {
    servers: pids.map(cpuSeconds),
    postgres: database === 'postgres' ? postgresSeconds() : undefined,
    load: loadSeconds(),
    machine: machineSeconds(),
  }
}

/** What each part used per answered request between two readings, in microseconds. */
function cpuUse(
  before: CpuReading,
  after: CpuReading,
  answered: number,
): Pick<Row, 'cpuMicros' | 'machine' | 'postgresCpuMicros' | 'loadCpuMicros'> {
  const perRequest = (from: number | undefined, to: number | undefined) =>
    from === undefined || to === undefined || answered === 0 ? undefined : ((to - from) * 1e6) / answered
  const servers = after.servers.map((to, index) => perRequest(before.servers[index], to))
  return {
    cpuMicros: servers.includes(undefined)
      ? undefined
      : servers.reduce<number>((sum, micros) => sum + (micros ?? 0), 0),
    machine: machineUse(before.machine, after.machine, answered),
    postgresCpuMicros: perRequest(0, postgresUse(before.postgres, after.postgres)),
    loadCpuMicros: perRequest(before.load, after.load) ?? 0,
  }
}

/** The console line's account of the CPU: the server's (or servers'), PostgreSQL's, the load generator's, the machine's. */
function cpuText(row: Row, server = 'server'): string {
  const micros = (value: number) => `${Math.round(value)} µs/request`
  return (
    (row.cpuMicros === undefined ? '' : `, ${server} CPU ${micros(row.cpuMicros)}`) +
    (row.postgresCpuMicros === undefined ? '' : `, PostgreSQL ${micros(row.postgresCpuMicros)}`) +
    `, load generator ${micros(row.loadCpuMicros)}` +
    (row.machine
      ? `, machine CPU ${micros(row.machine.cpuMicros)} (${Math.round(row.machine.busy * 100)}% of ${os.cpus().length} cores busy)`
      : '')
  )
}

/**
 * With BENCH_PERF=<dir>, Linux's `perf` samples a server process (the kernel's side of it too) for the measured
 * seconds, into <dir>/<scenario>-<database>[-<process>].data for bench/perf-summary.ts; resolves once the file is
 * written. Sampling slows the server: the figures of such a run are not the ones to quote.
 */
function recordPerf(
  scenario: string,
  database: string,
  pid: number | undefined,
  processName?: string,
): Promise<void> {
  const dir = process.env.BENCH_PERF
  if (!dir || pid === undefined) return Promise.resolve()
  fs.mkdirSync(dir, { recursive: true })
  const name = [scenario, database, processName]
    .filter((part) => part !== undefined)
    .join('-')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  const output = path.join(path.resolve(dir), `${name}.data`)
  const args = ['record', '-q', '-e', 'cpu-clock', '-F', '2000', '-g', '-p', String(pid), '-o', output]
  return new Promise((resolve, reject) => {
    const perf = spawn('perf', [...args, '--', 'sleep', String(SECONDS)], { stdio: 'inherit' })
    perf.once('error', reject)
    perf.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`perf record exited with ${String(code)}`)),
    )
  })
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
  const before = readCpu([server.pid], database)
  const [result] = await Promise.all([
    autocannon({ url, connections, duration: SECONDS, requests }),
    recordPerf(scenario, database, server.pid),
  ])
  const after = readCpu([server.pid], database)
  const row: Row = {
    ...cpuUse(before, after, result.requests.average * SECONDS),
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
      cpuText(row) +
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

/** The hello-world server giving back, byte for byte, the answer the API gave to a list of services. */
export const SAME_ANSWER_SCENARIO = "get-services' answer from the bare hello-world"

/** The headers Node writes itself for every answer. */
const CONNECTION_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
])

/** The user/me answer from the bare server: as it is, then with as much CPU spent on each as the API spent. */
const ME_SAME_ANSWER_SCENARIO = "user/me's answer from the bare hello-world"
const ME_SAME_COST_SCENARIO = "user/me's answer from the bare hello-world, at the API's CPU/req"

/** The answer the API gives to `url` (with `headers`), as the bare server would give it back. */
async function readAnswer(url: string, headers: Record<string, string> = {}): Promise<StoredAnswer> {
  const response = await fetch(url, { headers })
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
  return {
    status: response.status,
    headers: Object.fromEntries(
      [...response.headers].filter(([name]) => !CONNECTION_HEADERS.has(name.toLowerCase())),
    ),
    body: await response.text(),
  }
}

/** The request that has the bare server give back the answer it was given. */
const STORED_ANSWER: AutocannonRequest[] = [{ method: 'GET', path: '/answer' }]

/** Gives the bare server `answer`, to give back at `/answer`. */
async function storeAnswer(helloUrl: string, answer: StoredAnswer): Promise<void> {
  const stored = await fetch(`${helloUrl}/answer`, { method: 'PUT', body: JSON.stringify(answer) })
  if (stored.status !== 204) throw new Error(`The bare server did not take the answer: ${stored.status}`)
}

export async function measureApi(
  database: string,
  env: Record<string, string>,
  hello: { url: string; pid: number | undefined },
): Promise<Row[]> {
  const started = await start('api', env)
  const api = { url: started.url, pid: started.pid, tokens: started.tokens, child: started.child }
  try {
    const rows: Row[] = []
    // The hello-world again, right before the API: the machine's load drifts, and the ratio is what matters.
    rows.push(await measure('hello-world', database, hello, [{ method: 'GET', path: '/' }]))
    if (wanted('GET /api/get-services')) {
      rows.push(
        await measure('GET /api/get-services', database, api, [{ method: 'GET', path: '/api/get-services' }]),
      )
      await storeAnswer(hello.url, await readAnswer(`${api.url}/api/get-services`))
      rows.push(await measure(SAME_ANSWER_SCENARIO, database, hello, STORED_ANSWER))
    }
    const meToken = rotatingTokens(api.tokens)
    if (wanted('GET /api/user/me')) {
      const me = await measure('GET /api/user/me', database, api, [
        {
          method: 'GET',
          path: '/api/user/me',
          setupRequest: (request) => ({ ...request, headers: { Authorization: `Bearer ${meToken()}` } }),
        },
      ])
      rows.push(me)
      // Whether user/me's p99 is what its CPU per request gives in this queue of 32 on this machine, or more: a
      // server that spends as much per request and nothing else (no garbage collection, no database) is the
      // yardstick.
      const answer = await readAnswer(`${api.url}/api/user/me`, { Authorization: `Bearer ${meToken()}` })
      await storeAnswer(hello.url, answer)
      const bare = await measure(ME_SAME_ANSWER_SCENARIO, database, hello, STORED_ANSWER)
      rows.push(bare)
      if (me.cpuMicros !== undefined && bare.cpuMicros !== undefined) {
        await storeAnswer(hello.url, { ...answer, spendMicros: Math.max(0, me.cpuMicros - bare.cpuMicros) })
        rows.push(await measure(ME_SAME_COST_SCENARIO, database, hello, STORED_ANSWER))
      }
    }
    // Before the orders are placed: their dispatch jobs keep the worker in the same process busy afterwards.
    // The customer with 100,000 orders, one request at a time: the target is the time one answer takes.
    const history = started.historyToken
    for (const [scenario, path] of [
      [ORDER_HISTORY_SCENARIO, '/api/orders/get'],
      [ANALYTICS_SCENARIO, analyticsPath()],
    ] as const) {
      if (!wanted(scenario) || history === undefined) continue
      const request = { method: 'GET' as const, path, headers: { Authorization: `Bearer ${history}` } }
      rows.push(await measure(scenario, database, api, [request], 1))
    }
    if (wanted('POST /api/orders/create'))
      rows.push(await measure('POST /api/orders/create', database, api, orderRequests(api.tokens)))
    return rows
  } finally {
    await stop(api.child)
  }
}

export const TWO_PROCESSES_SCENARIO = 'POST /api/orders/create, 2 API processes + 1 worker process'

/**
 * `pnpm worker` (the built server/dist/server/worker.js) in a child process on `env`'s database; resolves once it
 * works. Its log lines are read and dropped; BENCH_PROFILE=<dir> writes its CPU profile there.
 */
function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...profileFlags(), builtEntry('worker')], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
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
export async function measureTwoProcesses(databaseUrl: string): Promise<Row> {
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
    const worker = await startWorkerProcess({
      DATABASE_URL: databaseUrl,
      DATA_KEY: env.BENCH_DATA_KEY,
      DATA_DIR: workerDataDir,
      LOG_LEVEL: 'info',
    })
    children.push(worker)
    const apis = [first, second]
    const half = Math.max(1, Math.round(CONNECTIONS / apis.length))
    const run = (duration: number) =>
      Promise.all(
        apis.map((api) =>
          autocannon({ url: api.url, connections: half, duration, requests: orderRequests(first.tokens) }),
        ),
      )
    await run(WARMUP_SECONDS)
    const pids = apis.map((api) => api.pid)
    const before = readCpu(pids, 'postgres')
    const recorded: [number | undefined, string][] = [
      ...apis.map((api, index): [number | undefined, string] => [api.pid, `api-${String(index + 1)}`]),
      [worker.pid, 'worker'],
    ]
    const [results] = await Promise.all([
      run(SECONDS),
      ...recorded.map(([pid, name]) => recordPerf(TWO_PROCESSES_SCENARIO, 'postgres', pid, name)),
    ])
    const after = readCpu(pids, 'postgres')
    const requestsPerSecond = results.reduce((sum, result) => sum + result.requests.average, 0)
    const row: Row = {
      ...cpuUse(before, after, requestsPerSecond * SECONDS),
      scenario: TWO_PROCESSES_SCENARIO,
      database: 'postgres',
      requestsPerSecond,
      p50: Math.max(...results.map((result) => result.latency.p50)),
      p99: Math.max(...results.map((result) => result.latency.p99)),
      non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
      errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
    }
    console.log(
      `  ${TWO_PROCESSES_SCENARIO} (postgres): ${Math.round(requestsPerSecond)} req/s (${results
        .map((result) => Math.round(result.requests.average))
        .join(' + ')}), p50 ${row.p50} ms, p99 ${row.p99} ms` +
        cpuText(row, 'API') +
        (row.non2xx || row.errors ? `, non-2xx ${row.non2xx}, errors ${row.errors}` : ''),
    )
    return row
  } finally {
    await Promise.all(children.map(stop))
    fs.rmSync(workerDataDir, { recursive: true, force: true })
  }
}

export const TARGETS: Record<string, { text: string; met: (row: Row, hello: number) => boolean }> = {
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
  [ANALYTICS_SCENARIO]: { text: 'p99 <= 50 ms', met: (row) => row.p99 <= 50 },
}
