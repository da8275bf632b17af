import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely'
import pg from 'pg'
import { migrations } from './migrations'
import type { Database } from './schema'

export type Db = Kysely<Database>

export interface DatabaseOptions {
  /** A postgres:// URL selects PostgreSQL; otherwise SQLite. */
  databaseUrl?: string | undefined
  /** SQLite: the directory of the database file. */
  dataDir?: string | undefined
  /** SQLite: the file name inside dataDir, or ':memory:'. */
  sqliteFile?: string | undefined
  /** PostgreSQL: the schema to work in (tests use one per worker). */
  schema?: string | undefined
  /** PostgreSQL pool size. */
  poolSize?: number | undefined
}

// bigint columns hold micro-USD and epoch milliseconds, far below 2^53: read them as numbers, not strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url)
}

export function createDatabase(options: DatabaseOptions): Db {
  if (isPostgresUrl(options.databaseUrl)) {
    const schema = options.schema
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name: ${schema}`)
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 16,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    })
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  }
  const file = options.sqliteFile ?? 'engage.sqlite'
  let location = file
  if (file !== ':memory:') {
    const dir = options.dataDir ?? './data'
    fs.mkdirSync(dir, { recursive: true })
    location = path.join(dir, file)
  }
  const sqlite = new SQLite(location)
  sqlite.pragma('journal_mode = WAL')
  // WAL + NORMAL is durable against a process crash (not against power loss of the last commits), the usual choice.
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // A checkpoint copies the log into the database file and waits for the disk twice, on the thread that answers
  // requests. At the default of 1,000 pages one came every eighty orders or so and made an order cost about
  // three times as long (measured: 761 against 274 µs); at 10,000 pages (a log of about 40 MB) the waits are
  // ten times rarer and copy each page written again and again only once.
  sqlite.pragma('wal_autocheckpoint = 10000')
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
}

/** Prepared statements kept per connection; past this, the one prepared first is dropped. */
const STATEMENT_CACHE_SIZE = 500

/**
 * Kysely prepares every query afresh, and on SQLite parsing and planning the statement costs about as much as
 * running it (measured: the order transaction of domain/orders.ts ran about twice as fast with it).
 * Reusing a statement is safe here because Kysely runs one query at a time on the connection.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare: (query: string) => {
      // Kysely begins transactions with a plain (deferred) BEGIN. With another process writing to the same file
      // (an API process beside a worker process), a deferred transaction that reads and then writes fails at
      // once with "database is locked", as the busy timeout cannot help it; an immediate one waits its turn.
      const text = query === 'begin' ? 'begin immediate' : query
      let statement = statements.get(text)
      if (!statement) {
        statement = sqlite.prepare(text)
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value
          if (oldest !== undefined) statements.delete(oldest)
        }
        statements.set(text, statement)
      }
      return statement
    },
  }
}

/**
 * Runs every pending migration; throws when one fails. On PostgreSQL pass the schema the database works in, so
 * the migration bookkeeping tables are looked up there and not in another schema that has them.
 */
export async function migrate(db: Db, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Areas are built in parallel and number their migrations in separate ranges (0010 fulfilment, 0020
    // payments, 0030 AI, ...); a database that ran a later range first still gets the earlier one.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema, migrationLockTableSchema: schema } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
  }
}
