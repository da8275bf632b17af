import { timingSafeEqual } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { sql } from 'kysely'
import type { Db } from '../db/connect'
import { migrations } from '../db/migrations'
import type { AppEnv } from '../http/env'
import type { Metrics } from './metrics'

// The probes a load balancer or orchestrator polls, and the Prometheus endpoint:
// - /healthz: the process answers (nothing else is checked: a failing database is not cured by a restart);
// - /readyz: this process can do its work: the database answers, every migration is applied, and the job
//   worker runs or was turned off on purpose; 503 while shutting down, so the proxy stops sending requests.
// Both are cheap enough to poll every second: /readyz runs two small queries.

/** The job worker of this process: running, deliberately off (WORKER_CONCURRENCY=0), or not (yet/any more). */
export type WorkerState = 'running' | 'off' | 'starting' | 'stopped'

export interface Readiness {
  workerState(): WorkerState
  shuttingDown(): boolean
}

interface Check {
  ok: boolean
  detail?: string
}

export function healthRoutes(db: Db, readiness: Readiness) {
  const expectedMigrations = Object.keys(migrations).length
  // Once all are applied they stay applied: later polls skip the count.
  let migrationsApplied = false

  async function checkDatabase(): Promise<{ database: Check; migrations: Check }> {
    try {
      await sql`select 1`.execute(db)
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      return { database: { ok: false, detail }, migrations: { ok: false, detail: 'database unreachable' } }
    }
    if (!migrationsApplied) {
      try {
        const row = await sql<{
          count: number | string
        }>`select count(*) as count from kysely_migration`.execute(db)
        const applied = Number(row.rows[0]?.count ?? 0)
        migrationsApplied = applied >= expectedMigrations
        if (!migrationsApplied) {
          return {
            database: { ok: true },
            migrations: { ok: false, detail: `${applied} of ${expectedMigrations} applied` },
          }
        }
      } catch {
        return { database: { ok: true }, migrations: { ok: false, detail: 'no migration has run' } }
      }
    }
    return { database: { ok: true }, migrations: { ok: true } }
  }

  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      if (readiness.shuttingDown()) return c.json({ status: 'shutting down' }, 503)
      const checks = await checkDatabase()
      const state = readiness.workerState()
      const worker: Check = { ok: state === 'running' || state === 'off', detail: state }
      const ready = checks.database.ok && checks.migrations.ok && worker.ok
      return c.json(
        { status: ready ? 'ready' : 'not ready', checks: { ...checks, worker } },
        ready ? 200 : 503,
      )
    })
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * GET /metrics in Prometheus' text format. With `token`, only for `Authorization: Bearer <token>` (the public
 * port); without one, for anyone who reaches it (an internal listener).
 */
export function metricsRoute(metrics: Metrics, token: string | undefined) {
  return new Hono<AppEnv>().get('/metrics', async (c: Context) => {
    if (token !== undefined) {
      const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
      if (!sameSecret(given, token)) {
        c.header('WWW-Authenticate', 'Bearer')
        return c.json({ detail: 'A valid metrics token is required' }, 401)
      }
    }
    const body = await metrics.registry.metrics()
    return c.body(body, 200, { 'Content-Type': metrics.registry.contentType })
  })
}
