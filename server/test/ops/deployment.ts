import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { createDatabase, type Db } from '../../src/db/connect'
import { importProviderServices, mapService, providerClient, saveProvider } from '../../src/domain/providers'
import { createSimulator, type Simulator } from '../../src/simulator'
import { createTestDatabase, testDatabaseKind } from '../support/database'
import { addService } from '../support/services'

// A deployment as an operator runs one, for the tests of the built server: the bundle (scripts/build.mjs)
// started with plain `node` in production mode, on this test's database, against a simulator standing in for
// the upstream SMM panel that counts how often each link was ordered from it.

const serverRoot = path.resolve(import.meta.dirname, '..', '..')

/** Builds the server into a folder of this test file's own (the build takes about a second). */
export function buildServer(): { dir: string; remove(): void } {
  const name = `test-${process.pid}-${randomBytes(3).toString('hex')}`
  execFileSync(process.execPath, ['scripts/build.mjs', path.join('dist', name)], {
    cwd: serverRoot,
    stdio: 'inherit',
  })
  const dir = path.join(serverRoot, 'dist', name)
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

export interface Deployment {
  db: Db
  /** What every process of the deployment is started with: the database, the key, production mode. */
  environment: Record<string, string>
  /** How many times the upstream received an order (`add`) for each link. */
  addsByLink: Map<string, number>
  close(): Promise<void>
}

const API_KEY = 'deployment-test-key'

export async function createDeployment(options: { stepMs: number; delayMs: number }): Promise<Deployment> {
  const dataKey = randomBytes(32)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-deploy-'))
  const database = await createTestDatabase()
  let db: Db
  let databaseEnvironment: Record<string, string>
  if (testDatabaseKind === 'postgres') {
    // A deployment knows only DATABASE_URL: the test's schema rides on it as the connection's search_path.
    const url = new URL(database.url ?? '')
    url.searchParams.set('options', `-c search_path=${database.schema ?? ''}`)
    databaseEnvironment = { DATABASE_URL: url.toString() }
    db = database.db
  } else {
    // The server opens DATA_DIR/engage.sqlite: the test's database moves there.
    await database.db.destroy()
    fs.renameSync(
      path.join(database.dataDir ?? '', database.sqliteFile ?? ''),
      path.join(dataDir, 'engage.sqlite'),
    )
    db = createDatabase({ dataDir })
    databaseEnvironment = {}
  }

  const addsByLink = new Map<string, number>()
  const simulator: Simulator = createSimulator({
    apiKey: API_KEY,
    stepMs: options.stepMs,
    knobs: { delayMs: options.delayMs },
  })
  const upstream = new Hono()
  upstream.use('/api/v2', async (c, next) => {
    const fields = new URLSearchParams(await c.req.text())
    await next()
    const link = fields.get('link')
    if (fields.get('action') === 'add' && link && c.res.status === 200) {
      addsByLink.set(link, (addsByLink.get(link) ?? 0) + 1)
    }
  })
  upstream.route('/api/v2', simulator.app)
  let server: ServerType | undefined
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: upstream.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port))
  })
  const { provider } = await saveProvider(db, dataKey, {
    name: 'Upstream',
    apiUrl: `http://127.0.0.1:${port}/api/v2`,
    apiKey: API_KEY,
    now: Date.now(),
  })
  await importProviderServices(db, provider, providerClient(provider, dataKey), Date.now())
  await addService(db, 'likes', 900_000)
  await mapService(db, {
    serviceName: 'likes',
    providerName: 'Upstream',
    remoteServiceId: '2',
    now: Date.now(),
  })

  return {
    db,
    environment: {
      ...databaseEnvironment,
      DATA_DIR: dataDir,
      DATA_KEY: dataKey.toString('base64'),
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://panel.example.test',
      HOST: '127.0.0.1',
      PORT: '0',
      WORKER_POLL_MS: '50',
      WORKER_LEASE_MS: '2000',
      SYNC_INTERVAL_MS: String(options.stepMs),
    },
    addsByLink,
    async close() {
      await new Promise((resolve) => server?.close(resolve))
      simulator.close()
      if (testDatabaseKind === 'postgres') await database.close()
      else await db.destroy()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface ServerProcess {
  child: ChildProcess
  /** http://host:port, read from the start-up log (PORT=0). */
  url: string
  /** The JSON lines written so far. */
  lines(): Record<string, unknown>[]
  output(): string
  /** Sends `signal`; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

const live = new Set<ChildProcess>()

/** Kills whatever a failed test left running. */
export function killAll(): void {
  for (const child of live) child.kill('SIGKILL')
}

/** Starts `entry` (main.js or worker.js of a build) and resolves once it has logged `ready`. */
export async function startProcess(
  entry: string,
  environment: Record<string, string>,
  ready: RegExp,
): Promise<ServerProcess> {
  const { DATABASE_URL: _inherited, ...inherited } = process.env
  const child = spawn(process.execPath, [entry], {
    cwd: serverRoot,
    env: { ...inherited, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  live.add(child)
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      live.delete(child)
      resolve(code)
    }),
  )
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const check = () => {
      const found = ready.exec(output)
      if (found) {
        child.stdout?.off('data', check)
        resolve(found)
      }
    }
    child.stdout?.on('data', check)
    void exited.then(() => reject(new Error(`${entry} exited before it was ready:\n${output}`)))
  })
  const lines = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
  return {
    child,
    url: match[1] ?? '',
    lines,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

/** The API server of a build, on `environment`. */
export function startApi(build: string, environment: Record<string, string>) {
  return startProcess(path.join(build, 'main.js'), environment, /API listening on (http:\/\/\S+?)"/)
}

/** A worker process of a build. */
export function startWorker(build: string, environment: Record<string, string>) {
  return startProcess(path.join(build, 'worker.js'), environment, /Job worker (\S+) started/)
}

/** Signs a customer up over HTTP and returns the session token. */
export async function signUpOver(url: string, email: string): Promise<{ token: string }> {
  const response = await fetch(`${url}/api/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  })
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`)
  return (await response.json()) as { token: string }
}

/** Every user's balance next to the sum of their ledger entries. */
export async function ledgerBalances(db: Db) {
  const users = await db.selectFrom('users').select(['id', 'balance']).execute()
  const sums = await db
    .selectFrom('ledger_entries')
    .select(['user_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .groupBy('user_id')
    .execute()
  const byUser = new Map(sums.map((row) => [Number(row.user_id), Number(row.total)]))
  return users.map((user) => ({ balance: Number(user.balance), sum: byUser.get(Number(user.id)) ?? 0 }))
}

/** Jobs still to run (recurring ones aside) plus orders not yet finished upstream. */
export async function unsettled(db: Db): Promise<number> {
  const jobs = await db
    .selectFrom('jobs')
    .select('id')
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => eb.or([eb('unique_key', 'is', null), eb('unique_key', 'not like', 'recurring:%')]))
    .execute()
  const orders = await db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', ['pending', 'processing'])
    .execute()
  return jobs.length + orders.length
}
