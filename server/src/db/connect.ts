import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, type Migration, Migrator, PostgresDialect, SqliteDialect, SqliteQueryCompiler } from 'kysely'
import pg from 'pg'
import { consoleLogger, type Logger } from '../logger'
import { type Checkpointer, startCheckpointer } from './checkpointer'
import { GroupCommitSqliteDriver, type SqliteHandle } from './group-commit'
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
  /** SQLite: where the checkpoint thread reports that it stopped (the console unless given). */
  logger?: Logger | undefined
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
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) })
  }
  const file = options.sqliteFile ?? 'engage.sqlite'
  const inMemory = file === ':memory:'
  let location = file
  if (!inMemory) {
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
  // Each transaction of a commit group (group-commit.ts) runs in a savepoint, and SQLite keeps the pages it changes as
  // they were before it, to roll back to. An order changes about 100 KB of them; past 64 KB SQLite moves that
  // journal to a temporary file, with a system call for every page, unless temporary files live in memory
  // (measured: 313-318 against 394-426 µs an order).
  sqlite.pragma('temp_store = memory')
  // A checkpoint copies the log into the database file and waits for the disk twice. A file database has a thread
  // of its own for that (checkpointer.ts), which also starts the log over; this connection's automatic checkpoint
  // only bounds the log should the thread stop. At the default of 1,000 pages one came every eighty orders or so,
  // on the thread that answers requests, and made an order cost about three times as long (measured: 761 against
  // 274 µs); at 10,000 pages (a log of about 40 MB) the thread always comes first.
  sqlite.pragma('wal_autocheckpoint = 10000')
  const checkpointer = inMemory ? undefined : startCheckpointer(location, options.logger ?? consoleLogger)
  const database = withStatementCache(sqlite, checkpointer)
  return new Kysely<Database>({ dialect: new ServerSqliteDialect(database) })
}

/**
 * Writes each parameter as `+?`, which SQLite reads as the same value. A bare `?` lets SQLite's planner look at
 * the value bound to it (is it 0 or 1? what does a LIKE pattern start with? what is the LIMIT?), and a statement
 * planned with a bound value is planned again once its bindings are cleared, which better-sqlite3 does after
 * every run: each query was parsed and planned afresh, however long its prepared statement was kept (measured:
 * the customer's page statement took 114 µs a run, 5.5 µs planned once; the session check 21 against 4 µs).
 * Behind the unary plus the planner sees an expression, so a statement keeps the plan it was prepared with.
 * Where a plan depends on a value (a partial index over one status), the query writes that value in its SQL.
 */
class StablePlanSqliteCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return '+?'
  }
}

/** SQLite through the statement cache, each statement planned once, the writes of a turn committed together. */
class ServerSqliteDialect extends SqliteDialect {
  readonly #sqlite: SqliteHandle

  constructor(sqlite: SqliteHandle) {
    super({ database: sqlite })
    this.#sqlite = sqlite
  }

  override createDriver() {
    return new GroupCommitSqliteDriver(this.#sqlite)
  }

  override createQueryCompiler() {
    return new StablePlanSqliteCompiler()
  }
}

/** The SQL texts PostgreSQL keeps prepared on each connection, and their statement names. */
const preparedNames = new Map<string, string>()

/**
 * Marks a statement run on every request as one PostgreSQL keeps prepared, and answers its text. PostgreSQL
 * plans an unnamed statement afresh on every run, and a large statement costs more to plan than to run
 * (measured: the customer's page statement took 1.5 ms to plan and 0.33 ms to run); a named one is parsed once
 * per connection and, once PostgreSQL has seen that its plan does not depend on the values, planned once. Only
 * the few statements of every request are marked, so each connection keeps a handful. SQLite keeps every
 * statement prepared already (withStatementCache).
 */
export function keepPrepared(sqlText: string): string {
  if (!preparedNames.has(sqlText)) preparedNames.set(sqlText, `engage_${String(preparedNames.size + 1)}`)
  return sqlText
}

type QueryCallback = (error: Error | null, result: unknown) => void

/**
 * The pool, its clients sending the statements marked by keepPrepared by name.
 *
 * Each statement is handed to node-postgres with a callback, and the promise Kysely awaits is made here. Asked
 * for a promise instead, node-postgres's results outlive the garbage collector's young generation: measured with
 * `--trace-gc-nvp`, a loop of one 51-row select promoted 10 MB to the old generation at every young collection
 * and paused 16 ms each time, against nothing promoted and 0.3 ms with a callback (as `pg.Pool#query` calls it).
 * Those pauses were the slowest answers of a customer's order list.
 */
function withPreparedStatements(pool: pg.Pool): pg.Pool {
  const named = new WeakSet<pg.PoolClient>()
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>
  const connectNamed = async () => {
    const client = await connect()
    if (!named.has(client)) {
      named.add(client)
      const query = client.query.bind(client) as (
        config: unknown,
        values?: unknown,
        done?: QueryCallback,
      ) => unknown
      client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
        // A cursor, or a caller that brings its own callback, is passed on as it is.
        if (typeof config !== 'string' || callback !== undefined || typeof values === 'function') {
          return query(config, values, callback as QueryCallback | undefined)
        }
        const name = preparedNames.get(config)
        return new Promise((resolve, reject) => {
          const done: QueryCallback = (error, result) => (error ? reject(error) : resolve(result))
          if (name === undefined) query(config, values, done)
          else query({ name, text: config, values }, done)
        }).catch((error: unknown) => {
          // As node-postgres does: the trace leads back to the statement's caller, not to the socket's read.
          if (error instanceof Error) Error.captureStackTrace(error)
          throw error
        })
      }) as typeof client.query
    }
    return client
  }
  pool.connect = connectNamed as typeof pool.connect
  return pool
}

/** Prepared statements kept per connection; past this, the one prepared first is dropped. */
const STATEMENT_CACHE_SIZE = 500

/**
 * Kysely prepares every query afresh, and on SQLite parsing and planning the statement costs about as much as
 * running it (measured: the order transaction of domain/orders.ts ran about twice as fast with it).
 * Reusing a statement is safe here because the driver runs one query at a time on the connection (group-commit.ts).
 */
function withStatementCache(sqlite: SQLite.Database, checkpointer?: Checkpointer): SqliteHandle {
  const statements = new Map<string, SQLite.Statement>()
  return {
    checkpointer,
    close: () => {
      checkpointer?.stop()
      sqlite.close()
    },
    get inTransaction() {
      return sqlite.inTransaction
    },
    prepare: (text: string) => {
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
 * the migration bookkeeping tables are looked up there and not in another schema that has them. `available`
 * narrows the migrations run (a test that upgrades an older database starts from fewer).
 */
export async function migrate(
  db: Db,
  schema?: string,
  available: Record<string, Migration> = migrations,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => available },
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
