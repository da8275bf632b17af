import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { Migration } from 'kysely'
import { inject } from 'vitest'
import { createDatabase, type Db, migrate } from '../../src/db/connect'
import { migrations } from '../../src/db/migrations'

/** Which database this project runs on: the `server` project uses SQLite, `server-postgres` PostgreSQL. */
export const testDatabaseKind: 'sqlite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite'

export interface TestDatabase {
  db: Db
  /** The options that open this same database again (e.g. for a second server process). */
  url: string | undefined
  schema: string | undefined
  sqliteFile: string | undefined
  dataDir: string | undefined
  close(): Promise<void>
}

/**
 * A fresh, migrated database: a SQLite file of its own, or a PostgreSQL schema of its own. With `before`, only
 * the migrations named before it run (an older database, for a test of the upgrade).
 */
export async function createTestDatabase(options: { before?: string } = {}): Promise<TestDatabase> {
  const { before } = options
  const available: Record<string, Migration> =
    before === undefined
      ? migrations
      : Object.fromEntries(Object.entries(migrations).filter(([name]) => name < before))
  // The creation time in the name lets a later run drop schemas left behind without touching a parallel run's.
  const name = `test_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`
  if (testDatabaseKind === 'postgres') {
    const url = inject('postgresUrl')
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create schema ${name}`)
    await admin.end()
    const db = createDatabase({ databaseUrl: url, schema: name })
    await migrate(db, name, available)
    return {
      db,
      url,
      schema: name,
      sqliteFile: undefined,
      dataDir: undefined,
      close: async () => {
        await db.destroy()
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        await client.query(`drop schema if exists ${name} cascade`)
        await client.end()
      },
    }
  }
  const dataDir = `${process.env.TMPDIR ?? '/tmp'}/engage-tests`
  const sqliteFile = `${name}.sqlite`
  const db = createDatabase({ dataDir, sqliteFile })
  await migrate(db, undefined, available)
  return { db, url: undefined, schema: undefined, sqliteFile, dataDir, close: () => db.destroy() }
}

/**
 * Inserts one user per name straight into the database (`{name}@example.test`, username `name`, created at
 * their position in the list): for tests of queries, which need rows rather than signed-up accounts.
 */
export async function insertNamedUsers(db: Db, names: readonly string[]): Promise<void> {
  await db
    .insertInto('users')
    .values(
      names.map((name, index) => ({
        email: `${name}@example.test`,
        username: name,
        password_hash: null,
        google_sub: null,
        phone: null,
        profile_photo: null,
        disabled_at: null,
        created_at: index,
      })),
    )
    .execute()
}
