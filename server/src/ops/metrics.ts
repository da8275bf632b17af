import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { sql } from 'kysely'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Db } from '../db/connect'

// The Prometheus metrics of one process. Durations and upstream calls are counted as they happen, in this
// process; jobs, orders, payments and the ledger are read from the database when scraped, so every process
// reports the same totals (with several API processes, take max() of those, not sum()).

export interface Metrics {
  registry: Registry
  /** Records one answered request: its route pattern (not the path, so ids do not multiply series). */
  observeRequest(input: { method: string; route: string; status: number; seconds: number }): void
  /** Stops listening for upstream calls. */
  close(): void
}

/** The request-duration buckets: from a cached page to a slow upstream call. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

interface UndiciRequest {
  origin?: string
  method?: string
}

/** `db` feeds the database-derived series; a process without one (none so far) reports only its own. */
export function createMetrics(db: Db, options: { processLabel: 'api' | 'worker' }): Metrics {
  const registry = new Registry()
  registry.setDefaultLabels({ process: options.processLabel })
  collectDefaultMetrics({ register: registry })

  const requests = new Histogram({
    name: 'engage_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  })

  const upstream = new Histogram({
    name: 'engage_upstream_request_duration_seconds',
    help: 'Time of outgoing HTTP calls (SMM providers, payment gateways, AI providers) until their headers, by host',
    labelNames: ['host', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  })
  const upstreamErrors = new Counter({
    name: 'engage_upstream_errors_total',
    help: 'Outgoing HTTP calls that failed without an answer (refused, reset, timed out), by host',
    labelNames: ['host'] as const,
    registers: [registry],
  })
  // fetch() reports each call on these channels; watching them measures every adapter without touching it.
  const started = new WeakMap<object, number>()
  const hostOf = (request: UndiciRequest) => {
    try {
      return new URL(request.origin ?? '').host || 'unknown'
    } catch {
      return 'unknown'
    }
  }
  const onCreate = (message: unknown) => {
    started.set((message as { request: object }).request, performance.now())
  }
  const onHeaders = (message: unknown) => {
    const { request, response } = message as { request: UndiciRequest; response: { statusCode: number } }
    const start = started.get(request)
    if (start === undefined) return
    started.delete(request)
    upstream.observe(
      { host: hostOf(request), status: String(response.statusCode) },
      (performance.now() - start) / 1000,
    )
  }
  const onError = (message: unknown) => {
    const { request } = message as { request: UndiciRequest }
    started.delete(request)
    upstreamErrors.inc({ host: hostOf(request) })
  }
  const channels: [string, (message: unknown) => void][] = [
    ['undici:request:create', onCreate],
    ['undici:request:headers', onHeaders],
    ['undici:request:error', onError],
  ]
  for (const [name, listener] of channels) subscribe(name, listener)

  new Gauge({
    name: 'engage_jobs',
    help: 'Jobs in the queue by kind and state',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      const rows = await db
        .selectFrom('jobs')
        .select(['kind', 'status', sql<number>`count(*)`.as('count')])
        .groupBy(['kind', 'status'])
        .execute()
      for (const row of rows) this.set({ kind: row.kind, state: row.status }, Number(row.count))
    },
  })
  new Gauge({
    name: 'engage_job_lag_seconds',
    help: 'How long the oldest due job of each kind has waited past its run time (0 when none is due)',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      const now = Date.now()
      const rows = await db
        .selectFrom('jobs')
        .select(['kind', sql<number>`min(run_at)`.as('oldest')])
        .where('status', '=', 'queued')
        .where('run_at', '<=', now)
        .groupBy('kind')
        .execute()
      for (const row of rows) this.set({ kind: row.kind }, Math.max(0, now - Number(row.oldest)) / 1000)
    },
  })
  new Gauge({
    name: 'engage_orders',
    help: 'Orders by provider and status (cancelled and partial ones include those that failed upstream)',
    labelNames: ['provider', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      const rows = await db
        .selectFrom('orders')
        .leftJoin('providers', 'providers.id', 'orders.provider_id')
        .select(['providers.name as provider', 'orders.status', sql<number>`count(*)`.as('count')])
        .groupBy(['providers.name', 'orders.status'])
        .execute()
      for (const row of rows) {
        this.set({ provider: row.provider ?? 'none', status: row.status }, Number(row.count))
      }
    },
  })
  new Gauge({
    name: 'engage_payments',
    help: 'Payments by gateway and status',
    labelNames: ['gateway', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      const rows = await db
        .selectFrom('payments')
        .select(['gateway', 'status', sql<number>`count(*)`.as('count')])
        .groupBy(['gateway', 'status'])
        .execute()
      for (const row of rows) this.set({ gateway: row.gateway, status: row.status }, Number(row.count))
    },
  })
  new Gauge({
    name: 'engage_ledger_micro_usd',
    help: 'The ledger: the sum of its entries by kind, in micro-USD (credits positive, charges negative)',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      const rows = await db
        .selectFrom('ledger_entries')
        .select(['kind', sql<number>`sum(amount)`.as('total')])
        .groupBy('kind')
        .execute()
      for (const row of rows) this.set({ kind: row.kind }, Number(row.total))
    },
  })

  return {
    registry,
    observeRequest({ method, route, status, seconds }) {
      requests.observe({ method, route, status: String(status) }, seconds)
    },
    close() {
      for (const [name, listener] of channels) unsubscribe(name, listener)
    },
  }
}
