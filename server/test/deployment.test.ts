import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { credit } from '../src/domain/ledger'
import {
  buildServer,
  createDeployment,
  type Deployment,
  killAll,
  ledgerBalances,
  signUpOver,
  startApi,
  startWorker,
  unsettled,
} from './ops/deployment'

// The built server as it is deployed: `NODE_ENV=production node dist/server/main.js`, no tsx, on this
// project's database (SQLite, or PostgreSQL in server-postgres), with real processes stopped by SIGTERM.

vi.setConfig({ testTimeout: 120_000 })

let build: ReturnType<typeof buildServer>
let deployment: Deployment | undefined

beforeAll(() => {
  build = buildServer()
})
afterEach(async () => {
  killAll()
  await deployment?.close()
  deployment = undefined
})
afterAll(() => build.remove())

async function fundCustomer(email: string, usd: number) {
  const db = deployment!.db
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  await db.transaction().execute((trx) =>
    credit(trx, {
      userId: Number(user.id),
      amount: usd * 1_000_000,
      kind: 'adjustment',
      reference: 'test:fund',
      idempotencyKey: `test:fund:${email}`,
      now: Date.now(),
    }),
  )
}

function order(url: string, token: string, link: string) {
  return fetch(`${url}/api/orders/create`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ service_type: 'likes', target_url: link, quantity: 100 }),
  })
}

async function expectEveryOrderPlacedOnce(links: string[]) {
  const { db, addsByLink } = deployment!
  await expect.poll(() => unsettled(db), { timeout: 90_000, interval: 200 }).toBe(0)
  for (const link of links) expect(addsByLink.get(link), link).toBe(1)
  const orders = await db.selectFrom('orders').select(['status', 'upstream_order_id']).execute()
  expect(orders).toHaveLength(links.length)
  for (const placed of orders)
    expect(placed).toMatchObject({ status: 'completed', upstream_order_id: expect.any(String) })
  const dead = await db.selectFrom('jobs').select('id').where('status', '=', 'dead').execute()
  expect(dead).toEqual([])
  for (const account of await ledgerBalances(db)) expect(account.balance).toBe(account.sum)
}

it('stops on SIGTERM without losing a job or running one twice, and the next start finishes them', async () => {
  deployment = await createDeployment({ stepMs: 200, delayMs: 80 })
  const environment = { ...deployment.environment, WORKER_CONCURRENCY: '2' }
  const first = await startApi(build.dir, environment)
  const email = 'restart@example.test'
  const { token } = await signUpOver(first.url, email)
  await fundCustomer(email, 100)
  const links = Array.from({ length: 12 }, (_, index) => `https://social.example/restart/${index}`)
  for (const link of links) expect((await order(first.url, token, link)).status).toBe(201)

  // Stopped while it works through them: some are placed upstream, some not yet.
  await expect.poll(() => deployment!.addsByLink.size, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0)
  expect(deployment.addsByLink.size).toBeLessThan(links.length)
  const readyBefore = await fetch(`${first.url}/readyz`)
  expect(readyBefore.status).toBe(200)
  expect(await first.stop('SIGTERM'), first.output()).toBe(0)
  expect(first.lines().map((line) => line.msg)).toContain('Shut down')
  // Its running jobs finished before it exited: none is left leased to a process that is gone.
  const running = await deployment.db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'running')
    .execute()
  expect(running).toEqual([])

  const second = await startApi(build.dir, environment)
  await expectEveryOrderPlacedOnce(links)
  expect(await second.stop('SIGTERM')).toBe(0)
})

it('runs a customer through two API processes and a separate worker on one database', async () => {
  deployment = await createDeployment({ stepMs: 150, delayMs: 0 })
  const metricsToken = 'metrics-token-of-the-test'
  const apiEnvironment = {
    ...deployment.environment,
    WORKER_CONCURRENCY: '0',
    TRUST_PROXY: '1',
    METRICS_TOKEN: metricsToken,
  }
  const [a, b] = await Promise.all([startApi(build.dir, apiEnvironment), startApi(build.dir, apiEnvironment)])
  const worker = await startWorker(build.dir, { ...deployment.environment, WORKER_CONCURRENCY: '2' })

  for (const api of [a, b]) {
    expect(await (await fetch(`${api.url}/healthz`)).json()).toEqual({ status: 'ok' })
    const ready = await fetch(`${api.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      checks: { worker: { ok: true, detail: 'off' } },
    })
  }

  // Signed up on one process, the session works on the other: the proxy may send any request anywhere.
  const email = 'two-processes@example.test'
  const { token } = await signUpOver(a.url, email)
  await fundCustomer(email, 100)
  const links = Array.from({ length: 8 }, (_, index) => `https://social.example/two/${index}`)
  const answers = await Promise.all(
    links.map((link, index) => order(index % 2 === 0 ? a.url : b.url, token, link)),
  )
  expect(
    answers.map((answer) => answer.status),
    a.output() + b.output(),
  ).toEqual(links.map(() => 201))
  await expectEveryOrderPlacedOnce(links)

  // The request log: one JSON line per request with the proxy's request id, the route and the user, no token.
  const traced = await fetch(`${b.url}/api/orders/get`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Request-Id': 'proxy-id-42' },
  })
  expect(traced.status).toBe(200)
  expect(traced.headers.get('x-request-id')).toBe('proxy-id-42')
  await sleep(50)
  const line = b.lines().find((entry) => entry.requestId === 'proxy-id-42')
  expect(line).toMatchObject({
    level: 'info',
    msg: 'request',
    method: 'GET',
    route: '/api/orders/get',
    status: 200,
  })
  expect(line?.userId).toEqual(expect.any(Number))
  expect(line?.durationMs).toEqual(expect.any(Number))
  expect(a.output() + b.output()).not.toContain(token)

  // The metrics: only with the token; requests by route and status, orders by provider, the ledger.
  expect((await fetch(`${a.url}/metrics`)).status).toBe(401)
  const metrics = await (
    await fetch(`${b.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })
  ).text()
  expect(metrics).toMatch(
    /engage_http_request_duration_seconds_count\{[^}]*method="GET",route="\/api\/orders\/get",status="200"[^}]*\} 1/,
  )
  expect(metrics).toMatch(/engage_orders\{[^}]*provider="Upstream",status="completed"[^}]*\} 8/)
  expect(metrics).toMatch(/engage_ledger_micro_usd\{[^}]*kind="order_payment"[^}]*\} -/)
  expect(metrics).toMatch(/engage_jobs\{[^}]*state="done"[^}]*\} \d+/)

  const codes = await Promise.all([a.stop(), b.stop(), worker.stop()])
  expect(codes).toEqual([0, 0, 0])
})
