// PostgreSQL for the benchmarks: the server at DATABASE_URL (else this machine's, the test database), and a
// fresh database of its own per measurement, dropped afterwards (the server migrates whatever database its URL
// names, so a schema of a shared database would not do).
import fs from 'node:fs'
import { createRequire } from 'node:module'

// bench/ is not a workspace package: pg is loaded from the server package, which depends on it.
const requireFromServer = createRequire(new URL('../server/package.json', import.meta.url))

interface PostgresClient {
  connect(): Promise<void>
  query(text: string): Promise<unknown>
  end(): Promise<void>
}

const pg = requireFromServer('pg') as {
  Client: new (options: { connectionString: string; connectionTimeoutMillis?: number }) => PostgresClient
}

/** The local server's socket file (Debian's PostgreSQL packages put it here). */
const LOCAL_SOCKET_DIR = '/var/run/postgresql'

/**
 * The PostgreSQL to measure on, or undefined when none answers. Without DATABASE_URL: the test database of the
 * server on this machine, through its socket file when it has one (as a deployment on one machine connects; over
 * TCP on 127.0.0.1 every query costs the API more of the kernel's time), else on 127.0.0.1:5432.
 */
export async function reachablePostgres(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL?.startsWith('postgres')
    ? process.env.DATABASE_URL
    : fs.existsSync(`${LOCAL_SOCKET_DIR}/.s.PGSQL.5432`)
      ? `postgres://postgres@localhost/test?host=${LOCAL_SOCKET_DIR}`
      : 'postgres://postgres@127.0.0.1:5432/test'
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
  try {
    await client.connect()
    await client.query('select 1')
    return url
  } catch {
    return undefined
  } finally {
    await client.end().catch(() => {})
  }
}

/** Runs `measureOn` with the URL of a fresh database of the PostgreSQL at `postgresUrl`, dropped afterwards. */
export async function withDatabase<T>(
  postgresUrl: string,
  prefix: string,
  measureOn: (url: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${Math.random().toString(16).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  try {
    const url = new URL(postgresUrl)
    url.pathname = `/${name}`
    return await measureOn(url.toString())
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}

/**
 * Vacuums and analyses the database at `url`: what autovacuum does within minutes of many rows written, done at
 * once, so that what a bulk insertion left (a rollup row rewritten by every order's trigger leaves a dead version
 * each time) is cleaned before a measurement rather than whenever autovacuum comes, during it or not at all.
 */
export async function vacuumAnalyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('vacuum analyze')
  } finally {
    await client.end()
  }
}
