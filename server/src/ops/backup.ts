import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'

// `cli db:backup FILE` and `cli db:restore FILE` for the SQLite database. Both go through SQLite's online
// backup API, so a backup taken while the server writes is a consistent snapshot (pages a writer changes
// mid-copy make the copy start again), and a restore writes through SQLite's own locking and journal.
// PostgreSQL is backed up with its own tools (pg_dump / pg_restore, see docs/deploy.md).

/** The database file createDatabase opens under DATA_DIR. */
export const SQLITE_FILE = 'engage.sqlite'

export class BackupError extends Error {}

function checkIntact(database: SQLite.Database, what: string): void {
  const result = database.pragma('integrity_check', { simple: true })
  if (result !== 'ok') throw new BackupError(`${what} is damaged: ${String(result)}`)
  const migrated = database
    .prepare("select count(*) as count from sqlite_master where type = 'table' and name = 'kysely_migration'")
    .get() as { count: number }
  if (migrated.count === 0) throw new BackupError(`${what} is not an Engage Panel database`)
}

/** Copies the live database to `file` (which must not exist yet); returns its size in bytes. */
export async function backupSqlite(dataDir: string, file: string): Promise<number> {
  const source = path.join(dataDir, SQLITE_FILE)
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source}`)
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: choose a new file`)
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const database = new SQLite(source, { fileMustExist: true })
  try {
    database.pragma('busy_timeout = 5000')
    await database.backup(file, {
      // After the first step, the rest in one: a step holds a read snapshot, so writers cannot force restarts.
      progress: ({ totalPages }) => totalPages,
    })
  } finally {
    database.close()
  }
  const copy = new SQLite(file, { readonly: true, fileMustExist: true })
  try {
    checkIntact(copy, `The backup ${file}`)
  } finally {
    copy.close()
  }
  return fs.statSync(file).size
}

/**
 * Replaces the database under DATA_DIR with the backup `file`, after checking the backup is whole. Stop the
 * server and the workers first: they would keep writing to the database being replaced.
 */
export async function restoreSqlite(dataDir: string, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup at ${file}`)
  const backup = new SQLite(file, { readonly: true, fileMustExist: true })
  try {
    checkIntact(backup, `The backup ${file}`)
    fs.mkdirSync(dataDir, { recursive: true })
    await backup.backup(path.join(dataDir, SQLITE_FILE), { progress: ({ totalPages }) => totalPages })
  } finally {
    backup.close()
  }
}
