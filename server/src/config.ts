import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import * as z from 'zod'
import { aiConfigFromEnv, type AiConfig } from './adapters/ai'
import { paymentConfigFromEnv, type PaymentConfig } from './adapters/payments/config'

// Environment → typed configuration. Every variable is optional: with none set, the embedded default runs
// (SQLite under ./data, a generated development DATA_KEY, demo data). README lists them all.

/** A configuration problem found at start-up; main.ts prints its message and exits. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

export interface Config {
  port: number
  host: string
  /** Where customers reach the panel, without a trailing slash: reset links and payment returns point here. */
  publicUrl: string
  dataDir: string
  /** postgres://... selects PostgreSQL; undefined means the SQLite file under dataDir. */
  databaseUrl: string | undefined
  /** 32 bytes: the AES-256-GCM key for secrets at rest (customer and upstream API keys). */
  dataKey: Buffer
  /** Where the key came from, for the start-up log (never the key itself). */
  dataKeySource: 'environment' | 'generated' | 'file'
  production: boolean
  /** Seed the operator and demo customer accounts (services, updates and contacts are always seeded). */
  demo: boolean
  /** smtp(s)://user:pass@host:port; without it mail goes to the mail_outbox table and the log. */
  smtpUrl: string | undefined
  /** The From of outgoing mail. */
  mailFrom: string
  /** A session ends after this long without a request... */
  sessionIdleMs: number
  /** ...and after this long in any case. */
  sessionAbsoluteMs: number
  /** Take the client address from X-Forwarded-For (only behind a reverse proxy that sets it). */
  trustProxy: boolean
  /**
   * Operators must turn two-factor sign-in on before the console answers them (OPERATOR_2FA, on unless set to
   * off; ADR 145). Customers choose for themselves.
   */
  operatorTwoFactor: boolean
  /** Rate limits of sign-in, sign-up and forgot-password, counted in auth_attempts. */
  authRateLimit: { windowMs: number; perAccount: number; perIp: number; accountCeiling: number }
  /** Origins allowed to embed the order widget (read by the widget area). */
  widgetOrigins: string[]
  /** The built-in SMM simulator's step (read by the simulator area); undefined = its own default. */
  simulatorStepMs: number | undefined
  /**
   * Google sign-in (OIDC code flow, routes/google.ts): enabled when both GOOGLE_CLIENT_ID and
   * GOOGLE_CLIENT_SECRET are set. `issuer` is GOOGLE_ISSUER without a trailing slash (Google by default; tests
   * point it at a local fake issuer); `redirectUrl` is the callback under PUBLIC_URL, to register with Google.
   */
  google: {
    clientId: string | undefined
    clientSecret: string | undefined
    issuer: string
    redirectUrl: string
  }
  /**
   * The whole environment, for the areas that parse their own variables (CRYPTOMUS_*, HELEKET_*,
   * NOWPAYMENTS_*, OPENAI_BASE_URL and the other *_BASE_URL, the operator's AI keys).
   */
  env: Readonly<Record<string, string | undefined>>
  /**
   * AI providers (adapters/ai/README.md): base URLs and the operator's default keys from OPENAI_BASE_URL,
   * OPENAI_API_KEY and the like, and how long one provider call may take (tests shorten it).
   */
  ai: AiConfig & { modelsTimeoutMs: number; generationTimeoutMs: number }
  /** Payment gateways (adapters/payments/README.md): the sandbox, CRYPTOMUS_*, HELEKET_*, NOWPAYMENTS_*. */
  payments: PaymentConfig
  /** The JSON log's threshold (LOG_LEVEL): debug, info, warn or error. */
  logLevel: 'debug' | 'info' | 'warn' | 'error'
  /**
   * The Prometheus endpoint (ops/metrics.ts): /metrics on the public port only with `token` (METRICS_TOKEN, sent
   * as a bearer token), and/or on an internal listener at `host`:`port` (METRICS_HOST, METRICS_PORT) without one.
   */
  metrics: { token: string | undefined; host: string; port: number | undefined }
}

const DAY_MS = 24 * 60 * 60 * 1000

export const GOOGLE_ISSUER_DEFAULT = 'https://accounts.google.com'
/** Where Google returns the popup; the route of routes/google.ts, mounted under /api. */
export const GOOGLE_CALLBACK_PATH = '/api/signin/google/callback'

// An empty variable (`SMTP_URL=` in a .env file) means "not set", as operators expect.
const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUnset, schema.optional())

const positiveInteger = z.coerce.number().int('must be a whole number').positive('must be positive')

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of 1, 0, true, false, yes, no, on, off',
  })
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value))

const environmentSchema = z.object({
  NODE_ENV: optional(z.string()),
  PORT: optional(z.coerce.number().int('must be a whole number').min(0).max(65535, 'must be at most 65535')),
  HOST: optional(z.string().trim()),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)'),
  ),
  DATA_KEY: optional(z.string().trim()),
  DEMO: optional(flag),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: optional(z.string().trim()),
  SESSION_IDLE_DAYS: optional(positiveInteger),
  SESSION_ABSOLUTE_DAYS: optional(positiveInteger),
  TRUST_PROXY: optional(flag),
  OPERATOR_2FA: optional(flag),
  WIDGET_ORIGINS: optional(z.string()),
  SIMULATOR_STEP_MS: optional(positiveInteger),
  GOOGLE_CLIENT_ID: optional(z.string().trim()),
  GOOGLE_CLIENT_SECRET: optional(z.string().trim()),
  GOOGLE_ISSUER: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  LOG_LEVEL: optional(
    z.enum(['debug', 'info', 'warn', 'error'], { error: 'must be debug, info, warn or error' }),
  ),
  METRICS_TOKEN: optional(z.string().trim().min(16, 'must be at least 16 characters')),
  METRICS_HOST: optional(z.string().trim()),
  METRICS_PORT: optional(z.coerce.number().int('must be a whole number').min(0).max(65535)),
})

type Environment = z.infer<typeof environmentSchema>

/**
 * What a production start needs and development fills in by itself: each missing or unsafe setting, named.
 * Demo data (known accounts, money from nowhere) has no place there, and neither has a key generated on disk.
 */
function productionProblems(values: Environment, env: Record<string, string | undefined>): string[] {
  const problems: string[] = []
  if (!values.PUBLIC_URL) problems.push('PUBLIC_URL must be set (the https:// address customers reach)')
  else if (!values.PUBLIC_URL.startsWith('https://')) problems.push('PUBLIC_URL must be an https:// URL')
  if (!values.DATA_KEY) problems.push('DATA_KEY must be set (generate one with: openssl rand -base64 32)')
  if (values.DEMO) problems.push('DEMO must be off: production has no demo accounts or simulator')
  if (env.SANDBOX_PAYMENTS !== undefined && ['on', 'true', '1'].includes(env.SANDBOX_PAYMENTS)) {
    if (env.SANDBOX_PAYMENTS_SECRET === undefined || env.SANDBOX_PAYMENTS_SECRET.trim() === '') {
      problems.push('SANDBOX_PAYMENTS_SECRET must be set when SANDBOX_PAYMENTS is on in production')
    }
  }
  return problems
}

function decodeDataKey(text: string, origin: string): Buffer {
  const key = Buffer.from(text, 'base64')
  if (key.length !== 32 || key.toString('base64').replace(/=+$/, '') !== text.replace(/=+$/, '')) {
    throw new ConfigError(`${origin} must be 32 bytes in base64 (generate one with: openssl rand -base64 32)`)
  }
  return key
}

/**
 * The development key: generated into DATA_DIR/data.key (mode 0600) on first start and reused afterwards, so
 * secrets stored by one run can be read by the next. Production deployments set DATA_KEY instead.
 */
function developmentDataKey(dataDir: string): { key: Buffer; source: 'generated' | 'file' } {
  const file = path.join(dataDir, 'data.key')
  try {
    return { key: decodeDataKey(fs.readFileSync(file, 'utf8').trim(), file), source: 'file' }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  fs.mkdirSync(dataDir, { recursive: true })
  const key = randomBytes(32)
  try {
    // 'wx' fails if another process created the file meanwhile; that process's key then wins.
    fs.writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return { key: decodeDataKey(fs.readFileSync(file, 'utf8').trim(), file), source: 'file' }
  }
  return { key, source: 'generated' }
}

/** Reads the configuration; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
  }
  const values = parsed.data
  const production = values.NODE_ENV === 'production'
  if (production) {
    const problems = productionProblems(values, env)
    if (problems.length > 0) {
      throw new ConfigError(`Refusing to start in production (NODE_ENV=production): ${problems.join('; ')}`)
    }
  }
  const port = values.PORT ?? 8787
  const host = values.HOST ?? '127.0.0.1'
  const dataDir = path.resolve(values.DATA_DIR ?? './data')
  const hostInUrl = host.includes(':') ? `[${host}]` : host
  const publicUrl = (values.PUBLIC_URL ?? `http://${hostInUrl}:${port}`).replace(/\/+$/, '')

  let dataKey: Buffer
  let dataKeySource: Config['dataKeySource']
  if (values.DATA_KEY) {
    dataKey = decodeDataKey(values.DATA_KEY, 'DATA_KEY')
    dataKeySource = 'environment'
  } else {
    const development = developmentDataKey(dataDir)
    dataKey = development.key
    dataKeySource = development.source
  }

  const sessionIdleMs = (values.SESSION_IDLE_DAYS ?? 14) * DAY_MS
  const sessionAbsoluteMs = (values.SESSION_ABSOLUTE_DAYS ?? 60) * DAY_MS
  if (sessionIdleMs > sessionAbsoluteMs) {
    throw new ConfigError('Invalid configuration: SESSION_IDLE_DAYS must not exceed SESSION_ABSOLUTE_DAYS')
  }

  let ai: AiConfig
  try {
    ai = aiConfigFromEnv(env)
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error))
  }

  let payments: PaymentConfig
  try {
    payments = paymentConfigFromEnv(env)
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error))
  }

  return {
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    dataKey,
    dataKeySource,
    production,
    demo: values.DEMO ?? !production,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? `Engage Panel <no-reply@${new URL(publicUrl).hostname}>`,
    sessionIdleMs,
    sessionAbsoluteMs,
    trustProxy: values.TRUST_PROXY ?? false,
    operatorTwoFactor: values.OPERATOR_2FA ?? true,
    authRateLimit: { windowMs: 15 * 60 * 1000, perAccount: 10, perIp: 30, accountCeiling: 100 },
    widgetOrigins: (values.WIDGET_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
    simulatorStepMs: values.SIMULATOR_STEP_MS,
    google: {
      clientId: values.GOOGLE_CLIENT_ID,
      clientSecret: values.GOOGLE_CLIENT_SECRET,
      issuer: (values.GOOGLE_ISSUER ?? GOOGLE_ISSUER_DEFAULT).replace(/\/+$/, ''),
      redirectUrl: `${publicUrl}${GOOGLE_CALLBACK_PATH}`,
    },
    env: { ...env },
    ai: { ...ai, modelsTimeoutMs: 15_000, generationTimeoutMs: 60_000 },
    payments,
    logLevel: values.LOG_LEVEL ?? 'info',
    metrics: {
      token: values.METRICS_TOKEN,
      host: values.METRICS_HOST ?? '127.0.0.1',
      port: values.METRICS_PORT,
    },
  }
}
