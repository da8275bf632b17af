// Scale of the status sync: how many upstream calls and how long one round of the sync takes for 10,000 orders
// in progress at one provider. It prints figures and asserts nothing.
//
//   pnpm --filter ./server exec tsx ../bench/sync.ts
//   SYNC_ORDERS=2000 BENCH_DATABASES=sqlite pnpm --filter ./server exec tsx ../bench/sync.ts
//
// The provider is the simulator (`pnpm simulator`, server/src/simulator/main.ts) in a child process of its own,
// holding SYNC_ORDERS (10,000) orders placed through its API. On a fresh SQLite file and, when PostgreSQL answers
// (DATABASE_URL, else 127.0.0.1:5432), on a fresh PostgreSQL database, the same number of processing orders point
// at them; the round the `sync-orders` job runs (syncProcessingOrders) is timed twice: the first round writes
// every order (the provider reports remains and start counts the orders did not have yet), the second finds
// nothing changed. Upstream calls are counted as this process makes them (fetch's diagnostics channel).

import { type ChildProcess, fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDatabase, type Db, migrate } from '../server/src/db/connect'
import { syncProcessingOrders } from '../server/src/domain/fulfilment'
import { providerClientFactory, saveProvider } from '../server/src/domain/providers'
import { silentLogger } from '../server/src/logger'
import { seed } from '../server/src/seed'
import { reachablePostgres, withDatabase } from './postgres'
import { systemClock } from '../server/src/domain/clock'
import { createAccount } from '../server/src/domain/accounts'

const ORDERS = Number(process.env.SYNC_ORDERS ?? 10_000)
const DATABASES = process.env.BENCH_DATABASES?.split(',') ?? ['sqlite', 'postgres']
const API_KEY = 'sync-bench-key'
/** The simulator's service the orders use (450 micro-USD per unit: 10,000 orders of 100 fit its balance). */
const REMOTE_SERVICE = '2'
const thisFile = fileURLToPath(import.meta.url)

/** The simulator in a child process; resolves with its API v2 URL once it listens. */
function startSimulator(): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(path.dirname(thisFile), '../server/src/simulator/main.ts'), [], {
      env: {
        ...process.env,
        SIMULATOR_PORT: '0',
        SIMULATOR_API_KEY: API_KEY,
        // Orders stay in progress for the whole benchmark.
        SIMULATOR_STEP_MS: String(3_600_000),
      },
      execArgv: process.execArgv,
      silent: true,
    })
    let output = ''
    child.stderr?.resume()
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const found = /simulator at (http:\/\/\S+)/.exec(output)
      if (found?.[1]) resolve({ child, url: found[1] })
    })
    child.once('exit', (code) => reject(new Error(`simulator exited with ${String(code)}:\n${output}`)))
  })
}

/** Places `count` orders with the simulator, 32 at a time; answers their ids. */
async function placeUpstream(url: string, count: number): Promise<number[]> {
  const ids: number[] = new Array<number>(count)
  let next = 0
  const placeOne = async (): Promise<void> => {
    while (next < count) {
      const index = next
      next += 1
      const response = await fetch(url, {
        method: 'POST',
        body: new URLSearchParams({
          key: API_KEY,
          action: 'add',
          service: REMOTE_SERVICE,
          link: `https://social.example/sync/${index}`,
          quantity: '100',
        }),
      })
      const body = (await response.json()) as { order?: number; error?: string }
      if (body.order === undefined) throw new Error(`The simulator refused an order: ${body.error ?? ''}`)
      ids[index] = body.order
    }
  }
  await Promise.all(Array.from({ length: 32 }, placeOne))
  return ids
}

/** Counts the HTTP calls this process makes to `origin` while `run` runs. */
async function countingCalls<T>(
  origin: string,
  run: () => Promise<T>,
): Promise<{ result: T; calls: number }> {
  let calls = 0
  const onCreate = (message: unknown) => {
    if ((message as { request: { origin?: string } }).request.origin === origin) calls += 1
  }
  subscribe('undici:request:create', onCreate)
  try {
    return { result: await run(), calls }
  } finally {
    unsubscribe('undici:request:create', onCreate)
  }
}

/** A customer and `upstreamIds.length` processing orders at the simulator's provider, a thousand per insert. */
async function fill(db: Db, simulatorUrl: string, upstreamIds: number[], dataKey: Buffer): Promise<void> {
  const now = systemClock.now()
  await seed(db, { demo: false, now })
  const { provider } = await saveProvider(db, dataKey, {
    name: 'Simulator',
    apiUrl: simulatorUrl,
    apiKey: API_KEY,
    now,
  })
  const userId = await createAccount(db, { email: 'sync@example.test', passwordHash: null, now })
  const service = await db
    .selectFrom('services')
    .select(['id', 'name'])
    .where('name', '=', 'likes')
    .executeTakeFirstOrThrow()
  const BATCH = 1_000
  for (let first = 0; first < upstreamIds.length; first += BATCH) {
    await db
      .insertInto('orders')
      .values(
        upstreamIds.slice(first, first + BATCH).map((upstreamId, offset) => ({
          user_id: userId,
          service_id: service.id,
          service_type: service.name,
          target_url: `https://social.example/sync/${first + offset}`,
          quantity: 100,
          charge: 45_000,
          status: 'processing' as const,
          start_count: null,
          remains: null,
          custom_comment: null,
          ai_setting: null,
          subscription_id: null,
          paused_reason: null,
          provider_id: provider.id,
          upstream_order_id: String(upstreamId),
          upstream_attempted_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute()
  }
}

async function measure(
  database: string,
  db: Db,
  simulatorUrl: string,
  upstreamIds: number[],
  schema?: string,
): Promise<void> {
  const dataKey = randomBytes(32)
  await migrate(db, schema)
  await fill(db, simulatorUrl, upstreamIds, dataKey)
  const deps = {
    db,
    clock: systemClock,
    logger: silentLogger,
    clientFor: providerClientFactory(dataKey, { timeoutMs: 30_000 }),
    orderTexts: () => Promise.resolve(null),
    operatorAiKeys: {},
  }
  const origin = new URL(simulatorUrl).origin
  for (const round of ['first round', 'second round']) {
    const started = performance.now()
    const { result, calls } = await countingCalls(origin, () => syncProcessingOrders(deps))
    const seconds = (performance.now() - started) / 1000
    console.log(
      `  ${database}, ${round}: ${upstreamIds.length.toLocaleString('en-US')} orders, ${calls} upstream calls, ` +
        `${seconds.toFixed(2)} s (${result.checked.toLocaleString('en-US')} checked, ` +
        `${result.changed.toLocaleString('en-US')} changed${
          result.failedProviders.length ? `, failed: ${result.failedProviders.join(', ')}` : ''
        })`,
    )
  }
}

async function main(): Promise<void> {
  const simulator = await startSimulator()
  try {
    const placing = performance.now()
    const upstreamIds = await placeUpstream(simulator.url, ORDERS)
    console.log(
      `Placed ${ORDERS.toLocaleString('en-US')} orders with the simulator in ${((performance.now() - placing) / 1000).toFixed(1)} s`,
    )
    if (DATABASES.includes('sqlite')) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-sync-bench-'))
      const db = createDatabase({ dataDir })
      try {
        await measure('SQLite', db, simulator.url, upstreamIds)
      } finally {
        await db.destroy()
        fs.rmSync(dataDir, { recursive: true, force: true })
      }
    }
    const postgresUrl = DATABASES.includes('postgres') ? await reachablePostgres() : undefined
    if (postgresUrl) {
      await withDatabase(postgresUrl, 'engage_sync', async (url) => {
        const db = createDatabase({ databaseUrl: url })
        try {
          await measure('PostgreSQL', db, simulator.url, upstreamIds)
        } finally {
          await db.destroy()
        }
      })
    } else if (DATABASES.includes('postgres')) {
      console.log('PostgreSQL: not reachable (set DATABASE_URL); measured SQLite only')
    }
  } finally {
    simulator.child.kill('SIGTERM')
  }
  console.log(
    `${os.cpus().length} CPUs, Node ${process.version}, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  )
}

await main()
