import { randomBytes } from 'node:crypto'
import { usdToMicros } from '@engage/contract'
import { createApp } from '../../src/app'
import { createOutboxMailer, type Mailer } from '../../src/adapters/mail'
import { type Config, loadConfig } from '../../src/config'
import type { Db } from '../../src/db/connect'
import { credit } from '../../src/domain/ledger'
import type { AppAdapters, AppDeps } from '../../src/http/env'
import { type Logger, silentLogger } from '../../src/logger'
import { createTestDatabase, type TestDatabase } from './database'

// The app as tests use it: a fresh migrated database (SQLite or PostgreSQL, per vitest project), a clock the
// test moves, the outbox mailer (mail lands in mail_outbox), and a silent logger.

/** A clock that stands still until the test moves it. */
export interface TestClock {
  now(): number
  /** Moves time forward by `ms`. */
  advance(ms: number): void
  set(epochMs: number): void
}

export function createTestClock(start = Date.UTC(2026, 10, 21, 9, 0, 0)): TestClock {
  let current = start
  return {
    now: () => current,
    advance: (ms) => {
      current += ms
    },
    set: (epochMs) => {
      current = epochMs
    },
  }
}

/**
 * The configuration tests run with: a random DATA_KEY, demo off, and TRUST_PROXY on so each test request can
 * name its client address with X-Forwarded-For (signUp gives every call its own, keeping the per-address
 * sign-up limit out of tests that are not about it). OPERATOR_2FA is off so the console's tests can make an
 * operator by changing a role; two-factor.test.ts turns it on and proves the console stays closed.
 */
export function createTestConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    DATA_KEY: randomBytes(32).toString('base64'),
    DEMO: '0',
    TRUST_PROXY: '1',
    OPERATOR_2FA: '0',
    PUBLIC_URL: 'http://panel.test',
    DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/engage-tests`,
  })
  return { ...base, ...overrides }
}

export interface TestAppOptions {
  config?: Partial<Config>
  adapters?: Partial<AppAdapters>
  logger?: Logger
  /** Instead of the outbox mailer (mail in the mail_outbox table). */
  mailer?: Mailer
}

export interface TestApp {
  app: ReturnType<typeof createApp>
  db: Db
  clock: TestClock
  config: Config
  deps: AppDeps
  database: TestDatabase
  close(): Promise<void>
}

type App = TestApp['app']

// signUp accepts the Hono app alone: it finds the app's database here to answer the new user's id.
const databaseOfApp = new WeakMap<App, Db>()

/** A fresh app on a fresh database; call close() in afterAll/afterEach. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase()
  const clock = createTestClock()
  const config = createTestConfig(options.config)
  const logger = options.logger ?? silentLogger
  const deps: AppDeps = {
    db: database.db,
    config,
    clock,
    mailer: options.mailer ?? createOutboxMailer(database.db, clock, logger),
    logger,
    adapters: options.adapters ?? {},
  }
  const app = createApp(deps)
  databaseOfApp.set(app, database.db)
  return {
    app,
    db: database.db,
    clock,
    config,
    deps,
    database,
    close: () => database.close(),
  }
}

let addressCounter = 0
let emailCounter = 0

/** A client address of its own for one request (TRUST_PROXY is on in tests). */
export function uniqueAddress(): string {
  addressCounter += 1
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`
}

export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1
  return `${prefix}${emailCounter}.${randomBytes(3).toString('hex')}@example.test`
}

export const TEST_PASSWORD = 'correct horse battery'

export interface SignedUp {
  token: string
  sessionId: string
  userId: number
  email: string
  password: string
}

/**
 * Signs a new customer up through POST /api/signup, from a client address of its own. Accepts the TestApp or
 * its `app`.
 */
export async function signUp(
  target: TestApp | App,
  email: string = uniqueEmail(),
  password: string = TEST_PASSWORD,
): Promise<SignedUp> {
  const app = 'app' in target && 'db' in target ? target.app : (target as App)
  const db = databaseOfApp.get(app)
  if (!db) throw new Error('signUp needs an app made by createTestApp')
  const response = await app.request('/api/signup', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueAddress() },
    body: JSON.stringify({ email, password }),
  })
  if (response.status !== 200) throw new Error(`signUp failed: ${response.status} ${await response.text()}`)
  const body = (await response.json()) as { token: string; sessionId: string }
  const session = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('id', '=', body.sessionId)
    .executeTakeFirstOrThrow()
  return {
    token: body.token,
    sessionId: body.sessionId,
    userId: Number(session.user_id),
    email: email.trim().toLowerCase(),
    password,
  }
}

/** Headers of an authenticated JSON request. */
export function authed(token: string, headers: Record<string, string> = {}): Record<string, string> {
  return { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers }
}

/** Credits a user's wallet through the ledger (kind 'adjustment'), as an operator would. */
export async function fund(db: Db, userId: number, usd: number, now = Date.now()): Promise<void> {
  await db.transaction().execute((trx) =>
    credit(trx, {
      userId,
      amount: usdToMicros(usd),
      kind: 'adjustment',
      reference: 'test:fund',
      idempotencyKey: `test:fund:${randomBytes(8).toString('hex')}`,
      note: 'test funding',
      now,
    }),
  )
}
