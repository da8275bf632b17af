import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chargeMicros, Order as ApiOrder, usdToMicros } from '@engage/contract'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '../src/config'
import { type RunningServer, startServer } from '../src/main'
import { DEMO_CUSTOMER_EMAIL, DEMO_OPENING_BALANCE_USD, SEED_SERVICES } from '../src/seed'
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './support/database'

// The demo as `pnpm start` runs it, on the real clock: the server mounts the simulator as its default
// provider and starts the worker, so an order completes by itself and a partial one refunds its remainder.
// Steps are shortened (SIMULATOR_STEP_MS) so that takes seconds instead of minutes.

let dataDir: string
let database: TestDatabase | undefined
let running: RunningServer
const lines: string[] = []

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-demo-'))
  const environment: Record<string, string> = {
    DATA_DIR: dataDir,
    SIMULATOR_STEP_MS: '150',
    SYNC_INTERVAL_MS: '150',
    WORKER_POLL_MS: '50',
  }
  if (testDatabaseKind === 'postgres') {
    database = await createTestDatabase()
    const url = new URL(database.url ?? '')
    url.searchParams.set('options', `-c search_path=${database.schema ?? ''}`)
    environment.DATABASE_URL = url.toString()
  }
  const logger = {
    info: (message: string) => lines.push(message),
    warn: (message: string) => lines.push(message),
    error: (message: string) => lines.push(message),
  }
  running = await startServer({ ...loadConfig(environment), port: 0 }, logger)
})

afterAll(async () => {
  await running.close()
  await database?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

it('completes a demo order by itself, and refunds the remainder of a partial one to the wallet', async () => {
  const password = /demo@engage-panel\.test \/ (\S+)/.exec(lines.join('\n'))?.[1]
  const signin = await fetch(`${running.url}/api/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO_CUSTOMER_EMAIL, password }),
  })
  expect(signin.status).toBe(200)
  const { token } = (await signin.json()) as { token: string }
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
  const place = async (target_url: string) => {
    const response = await fetch(`${running.url}/api/orders/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ service_type: 'followers', target_url, quantity: 500 }),
    })
    expect(response.status).toBe(201)
    return ApiOrder.parse(await response.json())
  }
  const whole = await place('https://x.com/engage_demo')
  const partial = await place('https://x.com/engage_demo/status/7?sim=partial')

  const statuses = async () => {
    const response = await fetch(`${running.url}/api/orders/get`, { headers })
    const orders = (await response.json()) as ApiOrder[]
    return Object.fromEntries(orders.map((order) => [order.id, [order.status, order.remains]]))
  }
  await expect
    .poll(statuses, { timeout: 30_000, interval: 100 })
    .toEqual({ [whole.id]: ['completed', 0], [partial.id]: ['partial', 200] })

  // followers sell at the seeded rate; the simulator leaves 40% of a partial order undelivered.
  const rate = usdToMicros(SEED_SERVICES.find((service) => service.name === 'followers')?.ratePer1kUsd ?? 0)
  const charge = chargeMicros(rate, 500)
  const refund = Math.floor((charge * 200) / 500)
  const me = await fetch(`${running.url}/api/user/me`, { headers })
  const { balance } = (await me.json()) as { balance: number }
  expect(usdToMicros(balance)).toBe(usdToMicros(DEMO_OPENING_BALANCE_USD) - 2 * charge + refund)
}, 60_000)
