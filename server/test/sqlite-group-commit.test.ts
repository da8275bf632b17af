import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect, sql } from 'kysely'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Checkpointer } from '../src/db/checkpointer'
import { createDatabase, type Db } from '../src/db/connect'
import { GroupCommitSqliteDriver, type SqliteHandle } from '../src/db/group-commit'
import type { Database } from '../src/db/schema'
import { silentLogger } from '../src/logger'

// The transactions a SQLite process begins in one turn of the event loop are committed together, each in a
// savepoint of its own (db/group-commit.ts). Seen from another connection to the same file, as another process
// sees it: nothing of a group is there until its commit, and every answer comes after that commit.

let dir: string
let db: Db
let outside: SQLite.Database

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-group-commit-'))
  db = createDatabase({ dataDir: dir, logger: silentLogger })
  await sql`create table notes (id integer primary key, body text not null)`.execute(db)
  outside = new SQLite(path.join(dir, 'engage.sqlite'), { readonly: true })
})
afterEach(async () => {
  outside.close()
  await db.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** The notes another connection to the file sees. */
function notesOutside(): string[] {
  return (outside.prepare('select body from notes order by id').all() as { body: string }[]).map(
    (row) => row.body,
  )
}

async function notesInside(trx: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(trx)
  return rows[0]?.n ?? -1
}

it('commits the transactions begun together at once, each seeing the ones before it, and answers none before', async () => {
  const seenInside: number[] = []
  const seenOutside: number[] = []
  const outsideWhenAnswered: number[] = []
  await Promise.all(
    Array.from({ length: 10 }, (_, index) =>
      db
        .transaction()
        .execute(async (trx) => {
          seenInside.push(await notesInside(trx))
          seenOutside.push(notesOutside().length)
          await sql`insert into notes (body) values (${`note ${String(index)}`})`.execute(trx)
        })
        .then(() => outsideWhenAnswered.push(notesOutside().length)),
    ),
  )
  expect(seenInside).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  expect(seenOutside).toEqual(Array(10).fill(0))
  expect(outsideWhenAnswered).toEqual(Array(10).fill(10))
})

it('rolls back a transaction that fails alone, keeping the others of its group', async () => {
  const results = await Promise.allSettled(
    Array.from({ length: 5 }, (_, index) =>
      db.transaction().execute(async (trx) => {
        await sql`insert into notes (body) values (${`note ${String(index)}`})`.execute(trx)
        if (index === 2) throw new Error('refused')
      }),
    ),
  )
  expect(results.map((result) => result.status)).toEqual([
    'fulfilled',
    'fulfilled',
    'rejected',
    'fulfilled',
    'fulfilled',
  ])
  expect(results[2]).toMatchObject({ reason: new Error('refused') })
  expect(notesOutside()).toEqual(['note 0', 'note 1', 'note 3', 'note 4'])
})

it('answers a statement run while a group is open once the group is committed', async () => {
  const written = db
    .transaction()
    .execute((trx) => sql`insert into notes (body) values ('written')`.execute(trx))
  let outsideWhenRead: string[] = []
  const read = sql<{ body: string }>`select body from notes`.execute(db).then(({ rows }) => {
    outsideWhenRead = notesOutside()
    return rows.map((row) => row.body)
  })
  await written
  expect(await read).toEqual(['written'])
  expect(outsideWhenRead).toEqual(['written'])
})

it('fails every transaction of a group whose commit fails, and keeps none of their changes', async () => {
  // A deferred foreign key is checked at the commit: the one that breaks it fails the group's commit.
  await sql`create table parents (id integer primary key)`.execute(db)
  await sql`create table children (
    id integer primary key,
    parent_id integer not null references parents (id) deferrable initially deferred
  )`.execute(db)
  const results = await Promise.allSettled([
    db.transaction().execute((trx) => sql`insert into parents (id) values (1)`.execute(trx)),
    db.transaction().execute((trx) => sql`insert into children (parent_id) values (99)`.execute(trx)),
    db.transaction().execute((trx) => sql`insert into notes (body) values ('kept?')`.execute(trx)),
  ])
  for (const result of results) {
    expect(result).toMatchObject({ status: 'rejected', reason: { message: 'FOREIGN KEY constraint failed' } })
  }
  expect(outside.prepare('select count(*) as n from parents').get()).toEqual({ n: 0 })
  expect(notesOutside()).toEqual([])
  // The connection goes on: the next group commits.
  await db.transaction().execute((trx) => sql`insert into notes (body) values ('after')`.execute(trx))
  expect(notesOutside()).toEqual(['after'])
})

it('answers as done only what is in the file when SQLite gives up a transaction itself', async () => {
  // A database that may not grow: a large note fails with "database or disk is full", after which SQLite may
  // roll back the statement alone or the whole transaction, and with it the others of the group.
  const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db)
  await sql.raw(`pragma max_page_count = ${String((rows[0]?.page_count ?? 0) + 2)}`).execute(db)
  const results = await Promise.allSettled(
    ['small 1', 'large', 'small 2'].map((body) =>
      db
        .transaction()
        .execute((trx) =>
          sql`insert into notes (body) values (${body === 'large' ? 'x'.repeat(1_000_000) : body})`.execute(
            trx,
          ),
        ),
    ),
  )
  expect(results[1]).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_FULL' } })
  const answered = ['small 1', 'small 2'].filter((_, index) => results[index * 2]?.status === 'fulfilled')
  expect(notesOutside()).toEqual(answered)
})

/**
 * The checkpoint thread's side of its turn, played by the test: it asks when told to, and gives the turn back when
 * told to. What the turn holds (the thread starting the log over) is the thread's own, checked with the real
 * thread in sqlite-checkpointer.test.ts; here, only when the connection grants it and what waits for it.
 */
class TurnAskedFor implements Checkpointer {
  asking = false
  readonly #events: string[]
  #giveBack: (() => void) | undefined

  constructor(events: string[]) {
    this.#events = events
  }

  grantTurnIfAsked(): Promise<void> | undefined {
    if (!this.asking) return undefined
    this.asking = false
    this.#events.push('turn')
    return new Promise((resolve) => {
      this.#giveBack = () => {
        this.#events.push('turn given back')
        resolve()
      }
    })
  }

  giveBack() {
    this.#giveBack?.()
  }

  stop() {}
}

/**
 * Runs `test` on the driver of createDatabase over a connection of the test's own, a table of notes in it, with a
 * checkpoint thread played by the test: the events list what the transactions and the turns did, in order.
 */
async function withTurns(
  test: (turns: Db, checkpointer: TurnAskedFor, events: string[]) => Promise<void>,
): Promise<void> {
  const events: string[] = []
  const checkpointer = new TurnAskedFor(events)
  const sqlite = new SQLite(path.join(dir, 'turns.sqlite'))
  sqlite.pragma('journal_mode = WAL')
  const handle: SqliteHandle = {
    prepare: (text) => sqlite.prepare(text),
    close: () => sqlite.close(),
    get inTransaction() {
      return sqlite.inTransaction
    },
    checkpointer,
  }
  class TurnsDialect extends SqliteDialect {
    override createDriver() {
      return new GroupCommitSqliteDriver(handle)
    }
  }
  const turns = new Kysely<Database>({ dialect: new TurnsDialect({ database: handle }) })
  try {
    await sql`create table notes (id integer primary key, body text not null)`.execute(turns)
    await test(turns, checkpointer, events)
  } finally {
    await turns.destroy()
  }
}

it("gives the checkpoint thread its turn only once a group is committed, and holds statements back until it's over", () =>
  withTurns(async (turns, checkpointer, events) => {
    await Promise.all(
      [0, 1, 2].map((index) =>
        turns.transaction().execute(async (trx) => {
          // Asked for while the group is open: the group's three transactions come first, then its commit.
          checkpointer.asking = true
          await sql`insert into notes (body) values (${`note ${String(index)}`})`.execute(trx)
          events.push(`write ${String(index)}`)
        }),
      ),
    )
    expect(events).toEqual(['write 0', 'write 1', 'write 2', 'turn'])
    const write = turns.transaction().execute(async (trx) => {
      await sql`insert into notes (body) values ('note 3')`.execute(trx)
      events.push('write 3')
    })
    const read = sql<{ n: number }>`select count(*) as n from notes`
      .execute(turns)
      .then(({ rows }) => events.push(`read ${String(rows[0]?.n)}`))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(events).toEqual(['write 0', 'write 1', 'write 2', 'turn'])
    checkpointer.giveBack()
    await Promise.all([write, read])
    expect(events).toEqual(['write 0', 'write 1', 'write 2', 'turn', 'turn given back', 'write 3', 'read 4'])
  }))

it('gives the turn at once when the connection is free with no group open, and the statement waits for it', () =>
  withTurns(async (turns, checkpointer, events) => {
    checkpointer.asking = true
    const read = sql`select count(*) as n from notes`.execute(turns).then(() => events.push('read'))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(events).toEqual(['turn'])
    checkpointer.giveBack()
    await read
    expect(events).toEqual(['turn', 'turn given back', 'read'])
  }))
