import { type Kysely, PostgresAdapter } from 'kysely'

/** True when the database is PostgreSQL; the few dialect differences (ids, locking) branch on this alone. */
export function isPostgres(db: Kysely<unknown> | Kysely<never>): boolean {
  return (db as Kysely<unknown>).getExecutor().adapter instanceof PostgresAdapter
}
