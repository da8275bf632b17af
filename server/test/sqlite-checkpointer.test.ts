import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startCheckpointer } from '../src/db/checkpointer'
import { createDatabase, type Db } from '../src/db/connect'
import type { Logger } from '../src/logger'

// A file database's write-ahead log is copied into the file by a thread of its own (db/checkpointer.ts), while the
// connection that answers requests only writes; in a turn that connection gives it, the thread also starts the log
// over. Seen from outside: the file alone, copied without its log, holds what was committed, and the log stays
// shorter than the connection's own automatic checkpoint lets it grow.

let dir: string

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-checkpointer-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

/** The rows of `notes` in a copy of the database file alone, without its write-ahead log. */
function rowsInTheFileAlone(file: string): number {
  const copy = path.join(dir, `copy-${String(Date.now())}-${String(Math.random()).slice(2)}.sqlite`)
  fs.copyFileSync(file, copy)
  const reader = new SQLite(copy, { readonly: true })
  try {
    const tables = reader.prepare(`select count(*) as n from sqlite_master where name = 'notes'`).get() as {
      n: number
    }
    if (tables.n === 0) return 0
    return (reader.prepare('select count(*) as n from notes').get() as { n: number }).n
  } finally {
    reader.close()
  }
}

async function writeNotes(db: Db, count: number): Promise<void> {
  await sql`create table if not exists notes (id integer primary key, body text not null)`.execute(db)
  for (let index = 0; index < count; index++) {
    await sql`insert into notes (body) values (${`note ${String(index)} `.repeat(40)})`.execute(db)
  }
}

/**
 * Waits until `check` holds. A copy of the file made while the thread writes into it can catch a page half written
 * and fail to open as a database: such a look counts as not yet, and the last failure is told if it never holds.
 */
async function eventually(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000
  let failure: unknown
  for (;;) {
    try {
      if (check()) return
    } catch (error) {
      failure = error
    }
    if (Date.now() > deadline) {
      const last = failure instanceof Error ? ` (last look: ${failure.message})` : ''
      throw new Error(`Still not true after 10 s: ${what}${last}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the SQLite checkpoint thread', () => {
  it('copies the committed log into the file while the database stays open', async () => {
    const db = createDatabase({ dataDir: dir, sqliteFile: 'live.sqlite' })
    try {
      await writeNotes(db, 300)
      const file = path.join(dir, 'live.sqlite')
      // 300 commits write a few hundred pages of log, far below the 10,000 at which the connection that wrote them
      // would checkpoint on its own: whatever the file holds, the thread copied.
      await eventually(() => rowsInTheFileAlone(file) === 300, 'the file alone holds the 300 notes')
      await writeNotes(db, 50)
      await eventually(
        () => rowsInTheFileAlone(file) === 350,
        'the file alone holds the 50 notes written next',
      )
    } finally {
      await db.destroy()
    }
  })

  it('starts the log over long before the connection would, under steady writes, and loses nothing', async () => {
    const db = createDatabase({ dataDir: dir, sqliteFile: 'steady.sqlite' })
    const log = path.join(dir, 'steady.sqlite-wal')
    try {
      await sql`create table notes (id integer primary key, body text not null)`.execute(db)
      // Each note fills a page of its own: a transaction of ten writes about eleven pages of log. 2,000 of them
      // write some 22,000 pages, at a few thousand a second, as steady load does.
      const transactions = 2000
      for (let index = 0; index < transactions; index++) {
        await db.transaction().execute(async (trx) => {
          for (let note = 0; note < 10; note++) {
            await sql`insert into notes (body) values (${'n'.repeat(3500)})`.execute(trx)
          }
        })
        if (index % 5 === 4) await new Promise((resolve) => setTimeout(resolve, 5))
      }
      const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(db)
      expect(rows[0]?.n).toBe(transactions * 10)
      // A log started over is written again from its start, so the file is as long as the log ever was. The
      // connection's own automatic checkpoint starts it over at 10,000 pages; the thread's turns come well before.
      const pages = (fs.statSync(log).size - 32) / (4096 + 24)
      expect(pages).toBeGreaterThan(1000)
      expect(pages).toBeLessThan(10_000)
    } finally {
      await db.destroy()
    }
  })

  it('is stopped before the database closes, so the file is left whole and without a log', async () => {
    const db = createDatabase({ dataDir: dir, sqliteFile: 'closed.sqlite' })
    const file = path.join(dir, 'closed.sqlite')
    await writeNotes(db, 120)
    // The thread has its connection open once it has copied the first notes.
    await eventually(() => rowsInTheFileAlone(file) === 120, 'the thread copied the first notes')
    await writeNotes(db, 30)
    await db.destroy()
    // Only the file's last connection to close copies the rest of the log and deletes it.
    expect(fs.existsSync(`${file}-wal`)).toBe(false)
    expect(rowsInTheFileAlone(file)).toBe(150)
  })

  it('reports that it stopped when it cannot work, and the database goes on without it', async () => {
    const errors: string[] = []
    const logger: Logger = { info: () => {}, warn: () => {}, error: (message) => errors.push(message) }
    const checkpointer = startCheckpointer(path.join(dir, 'no such folder', 'lost.sqlite'), logger)
    await eventually(() => errors.length > 0, 'the thread reported its failure')
    expect(errors).toEqual([
      'The SQLite checkpoint thread stopped; the connection that writes checkpoints the log on its own again',
    ])
    checkpointer.stop()
  })
})
