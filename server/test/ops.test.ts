import { Writable } from 'node:stream'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app'
import { createDatabase } from '../src/db/connect'
import { createJsonLogger, type Logger } from '../src/logger'
import { healthRoutes, metricsRoute, type WorkerState } from '../src/ops/health'
import { createMetrics, type Metrics } from '../src/ops/metrics'
import { runInRequest } from '../src/ops/request-context'
import { logUpstreamCalls } from '../src/ops/upstream-log'
import { freePort } from '../../scripts/free-port.mjs'
import { enqueue } from '../src/jobs/queue'
import { createWorker } from '../src/jobs/worker'
import { readJob } from './fulfilment/test-jobs'
import { createTestApp, type TestApp } from './support/app'

// The probes, the request log and the metrics, in process on the test's database. The built server serving
// them for real, in production mode and on several processes, is deployment.test.ts.

let t: TestApp
let metrics: Metrics
beforeAll(async () => {
  t = await createTestApp()
  metrics = createMetrics(t.db, { processLabel: 'api' })
})
afterAll(async () => {
  metrics.close()
  await t.close()
})

function probes(workerState: WorkerState, shuttingDown = false, db = t.db) {
  return new Hono().route(
    '/',
    healthRoutes(db, { workerState: () => workerState, shuttingDown: () => shuttingDown }),
  )
}

describe('/healthz and /readyz', () => {
  it('is ready with the database migrated and the worker running or deliberately off', async () => {
    for (const state of ['running', 'off'] as const) {
      const response = await probes(state).request('/readyz')
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({
        status: 'ready',
        checks: { database: { ok: true }, migrations: { ok: true }, worker: { ok: true, detail: state } },
      })
    }
    expect(await (await probes('running').request('/healthz')).json()).toEqual({ status: 'ok' })
  })

  it('is not ready while the worker starts or after it stopped, nor once shutting down', async () => {
    for (const state of ['starting', 'stopped'] as const) {
      const response = await probes(state).request('/readyz')
      expect(response.status).toBe(503)
      expect(await response.json()).toMatchObject({
        status: 'not ready',
        checks: { worker: { ok: false, detail: state } },
      })
    }
    const stopping = await probes('running', true).request('/readyz')
    expect(stopping.status).toBe(503)
    expect(await stopping.json()).toEqual({ status: 'shutting down' })
  })

  it('is not ready on a database without the migrations, nor on one that does not answer', async () => {
    const unmigrated = createDatabase({ sqliteFile: ':memory:' })
    const pending = await probes('running', false, unmigrated).request('/readyz')
    expect(pending.status).toBe(503)
    expect(await pending.json()).toMatchObject({
      checks: { database: { ok: true }, migrations: { ok: false } },
    })
    await unmigrated.destroy()
    const gone = await probes('running', false, unmigrated).request('/readyz')
    expect(gone.status).toBe(503)
    expect(await gone.json()).toMatchObject({ checks: { database: { ok: false } } })
    // The process itself is alive all the same.
    expect((await probes('running', false, unmigrated).request('/healthz')).status).toBe(200)
  })
})

describe('the request log', () => {
  const lines: Record<string, unknown>[] = []
  const capture: Logger = {
    info: (msg, fields) => lines.push({ level: 'info', msg, ...fields }),
    warn: (msg, fields) => lines.push({ level: 'warn', msg, ...fields }),
    error: (msg, fields) => lines.push({ level: 'error', msg, ...fields }),
  }
  afterEach(() => {
    lines.length = 0
  })

  function served(trustProxy: boolean) {
    return createApp({ ...t.deps, logger: capture, config: { ...t.config, trustProxy } }, { metrics })
  }

  it('makes its own request id unless a trusted proxy sent one, and sends it back', async () => {
    const untrusted = await served(false).request('/api/services', {
      headers: { 'X-Request-Id': 'forged-id' },
    })
    const made = untrusted.headers.get('x-request-id') ?? ''
    expect(made).toMatch(/^[0-9a-f-]{36}$/)
    const trusted = await served(true).request('/api/services', { headers: { 'X-Request-Id': 'proxy-7' } })
    expect(trusted.headers.get('x-request-id')).toBe('proxy-7')
    // Even a trusted proxy cannot write a line break (a forged log line) into the id.
    const odd = await served(true).request('/api/services', { headers: { 'X-Request-Id': 'a b' } })
    expect(odd.headers.get('x-request-id')).not.toBe('a b')

    expect(lines.map((line) => line.requestId)).toEqual([made, 'proxy-7', odd.headers.get('x-request-id')])
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      route: '/api/services',
      status: 200,
    })
    expect(lines[0]?.durationMs).toEqual(expect.any(Number))
  })

  it('logs the route pattern, not the path, and a refused request with its status', async () => {
    const response = await served(false).request('/api/orders/get')
    expect(response.status).toBe(401)
    expect(lines[0]).toMatchObject({ route: '/api/orders/get', status: 401 })
    expect(lines[0]).not.toHaveProperty('userId')
  })
})

describe('the JSON logger', () => {
  function jsonLines() {
    const written: string[] = []
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString())
        done()
      },
    })
    return {
      logger: createJsonLogger({ destination }),
      read: () => written.map((line) => JSON.parse(line) as Record<string, unknown>),
    }
  }

  it('writes JSON lines carrying the id of the request the work follows from', () => {
    const { logger, read } = jsonLines()
    runInRequest({ requestId: 'req-1' }, () => logger.info('Placed an order upstream', { orderId: 5 }))
    logger.warn('Outside any request')
    expect(read()).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'Placed an order upstream',
        orderId: 5,
        requestId: 'req-1',
      }),
      expect.not.objectContaining({ requestId: expect.anything() }),
    ])
  })

  it('carries the request id into the logs of the jobs the request enqueued', async () => {
    const { logger, read } = jsonLines()
    const jobId = await runInRequest({ requestId: 'req-job' }, () =>
      enqueue(t.db, { kind: 'test-record', payload: { label: 'from a request' } }),
    )
    const unrelated = await enqueue(t.db, { kind: 'test-record', payload: { label: 'from nowhere' } })
    expect((await readJob(t.db, jobId ?? 0)).request_id).toBe('req-job')
    expect((await readJob(t.db, unrelated ?? 0)).request_id).toBeNull()
    const worker = createWorker({
      db: t.db,
      logger,
      handlers: {
        'test-record': {
          run: async () => {
            throw new Error('upstream refused')
          },
        },
      },
    })
    await worker.drain()
    const failures = read().filter((line) => line.msg === 'Job failed, will retry')
    expect(failures.map((line) => [line.jobId, line.requestId])).toEqual(
      expect.arrayContaining([
        [jobId, 'req-job'],
        [unrelated, undefined],
      ]),
    )
  })

  it('logs each outgoing call with the id of the request it follows from, never its query or body', async () => {
    const { logger, read } = jsonLines()
    const upstream = serve({
      fetch: (request) =>
        new URL(request.url).pathname === '/down'
          ? new Response('no', { status: 503 })
          : Response.json({ ok: 1 }),
      port: 0,
      hostname: '127.0.0.1',
    })
    await new Promise((resolve) => upstream.once('listening', resolve))
    const origin = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`
    const stop = logUpstreamCalls(logger)
    try {
      await runInRequest({ requestId: 'req-upstream' }, async () => {
        await (
          await fetch(`${origin}/api/v2?key=secret-in-query`, { method: 'POST', body: 'key=secret' })
        ).text()
        await (await fetch(`${origin}/down`)).text()
      })
    } finally {
      stop()
      await new Promise((resolve) => upstream.close(resolve))
    }
    const lines = read().filter((line) => line.msg === 'Upstream call')
    expect(lines).toEqual([
      expect.objectContaining({ requestId: 'req-upstream', method: 'POST', path: '/api/v2', status: 200 }),
      expect.objectContaining({ requestId: 'req-upstream', method: 'GET', path: '/down', status: 503 }),
    ])
    expect(JSON.stringify(read())).not.toContain('secret')
  })

  it('blanks fields named like secrets', () => {
    const { logger, read } = jsonLines()
    const fields = { apiKey: 'sk-live-1', provider: { token: 'tok-2', name: 'Upstream' }, status: 401 }
    logger.error('Provider refused', fields)
    logger.info('request', { requestId: 'req-9', method: 'GET', route: '/api/user/me', status: 200 })
    const text = JSON.stringify(read())
    expect(text).not.toContain('sk-live-1')
    expect(text).not.toContain('tok-2')
    expect(read()[0]).toMatchObject({
      apiKey: '[redacted]',
      provider: { token: '[redacted]', name: 'Upstream' },
      status: 401,
    })
    expect(read()[1]).toMatchObject({ requestId: 'req-9', method: 'GET', route: '/api/user/me', status: 200 })
    // The logged object is the caller's: it is not blanked in place.
    expect(fields).toEqual({
      apiKey: 'sk-live-1',
      provider: { token: 'tok-2', name: 'Upstream' },
      status: 401,
    })
  })
})

describe('/metrics', () => {
  let upstream: ServerType
  let port = 0
  beforeAll(async () => {
    port = await new Promise<number>((resolve) => {
      upstream = serve({ fetch: () => new Response('{}'), port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve(info.port),
      )
    })
  })
  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())))

  it('measures outgoing calls and their failures by host', async () => {
    await (await fetch(`http://127.0.0.1:${port}/api/v2`, { method: 'POST' })).text()
    // A port nothing listens on: the call fails without an answer.
    const closed = await freePort()
    await fetch(`http://127.0.0.1:${closed}/refused`).catch(() => undefined)
    const text = await metrics.registry.metrics()
    expect(text).toMatch(
      new RegExp(
        `engage_upstream_request_duration_seconds_count\\{[^}]*host="127.0.0.1:${port}",status="200"[^}]*\\} 1`,
      ),
    )
    expect(text).toMatch(
      new RegExp(`engage_upstream_errors_total\\{[^}]*host="127.0.0.1:${closed}"[^}]*\\} 1`),
    )
  })

  it('asks for the token when it has one', async () => {
    const route = new Hono().route('/', metricsRoute(metrics, 'a-metrics-token-1234'))
    expect((await route.request('/metrics')).status).toBe(401)
    const wrong = await route.request('/metrics', {
      headers: { Authorization: 'Bearer a-metrics-token-1235' },
    })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({ detail: 'A valid metrics token is required' })
    const right = await route.request('/metrics', {
      headers: { Authorization: 'Bearer a-metrics-token-1234' },
    })
    expect(right.status).toBe(200)
    expect(right.headers.get('content-type')).toContain('text/plain')
    expect(await right.text()).toContain('# TYPE engage_jobs gauge')
  })
})
