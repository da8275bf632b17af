import { setImmediate } from 'node:timers'
import type SQLite from 'better-sqlite3'
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
} from 'kysely'
import type { Checkpointer } from './checkpointer'

/** The connection to the database file, its statements prepared once and kept (connect.ts). */
export interface SqliteHandle {
  /** Prepares a statement, or answers the one prepared before for the same text. */
  prepare(sql: string): SQLite.Statement
  close(): void
  /** True while SQLite holds a transaction open on the connection. */
  readonly inTransaction: boolean
  /** The file database's checkpoint thread (checkpointer.ts), which now and then asks for a turn. */
  readonly checkpointer?: Checkpointer
}

/** The savepoint each transaction of a group runs in. */
const MEMBER = 'engage_group_member'

/**
 * The writes of one turn of the event loop, committed together.
 *
 * SQLite has one connection per process here. Committed one by one, each transaction would write every page it
 * changed to the write-ahead log (a frame and two system calls a page), though the one before it had just written
 * most of the same pages: an order changes about twenty-five (its row, the leaf page of each index, the ledger's,
 * the job's, the rollups'). So the transactions begun in one turn of the event loop (under load, those of the
 * requests that arrived together) run one after the other inside one SQLite transaction, each in a savepoint of its
 * own, and one commit at the end of the turn writes the group's pages once.
 *
 * What each transaction was promised still holds. It is all or nothing: one that fails rolls back to its
 * savepoint and leaves the others' work as it was. Nothing is answered before it is committed: a transaction's
 * result, and that of any statement run while a group is open, is handed back only once the group's commit has
 * succeeded; if the commit fails, every one of them fails with its error, and none of their changes exist. The
 * transactions of a group run one at a time, each seeing the ones before it, as they would one commit at a time.
 * With nothing else waiting, a group is one transaction, committed at the end of its turn.
 */
export class GroupCommitSqliteDriver implements Driver {
  readonly #sqlite: SqliteHandle
  readonly #connection: DatabaseConnection
  /** Whether a query or transaction has the connection; the others wait their turn in `#waiting`. */
  #held = false
  readonly #waiting: (() => void)[] = []
  #group: Group | undefined
  /** The transaction that has the connection rolled back: it has nothing of its own in the group. */
  #rolledBack = false

  constructor(sqlite: SqliteHandle) {
    this.#sqlite = sqlite
    this.#connection = new SqliteConnection(sqlite)
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#held) {
      this.#held = true
      if (!this.#giveCheckpointerItsTurn()) return Promise.resolve(this.#connection)
    }
    return new Promise((resolve) => this.#waiting.push(() => resolve(this.#connection)))
  }

  async beginTransaction(): Promise<void> {
    let group = this.#liveGroup()
    if (!group) {
      // An immediate transaction takes the write lock at once: with another process writing to the same file,
      // a deferred one that reads and then writes fails at once with "database is locked", where an immediate
      // one waits its turn (the busy timeout).
      this.#run('begin immediate')
      const opened = new Group()
      this.#group = group = opened
      setImmediate(() => this.#commitWhenFree(opened))
    }
    this.#run(`savepoint ${MEMBER}`)
  }

  async commitTransaction(): Promise<void> {
    this.#run(`release ${MEMBER}`)
  }

  async rollbackTransaction(): Promise<void> {
    if (!this.#sqlite.inTransaction) {
      // SQLite rolled the whole group back itself (it does on some errors: a full disk, an I/O error).
      this.#loseGroup()
      return
    }
    this.#run(`rollback to ${MEMBER}`)
    this.#run(`release ${MEMBER}`)
    this.#rolledBack = true
  }

  async releaseConnection(): Promise<void> {
    const group = this.#group
    const rolledBack = this.#rolledBack
    this.#rolledBack = false
    this.#liveGroup()
    this.#handOn()
    if (!group) return
    // A transaction that rolled back keeps its own error, whatever becomes of the group it read from.
    if (rolledBack) await group.committed.catch(() => undefined)
    else await group.committed
  }

  async destroy(): Promise<void> {
    if (this.#group) this.#commit(this.#group)
    this.#sqlite.close()
  }

  /**
   * The group under way, if SQLite still has its transaction. One whose transaction SQLite gave up is failed and
   * forgotten here, before anyone else takes the connection, so that no later statement counts on it.
   */
  #liveGroup(): Group | undefined {
    const group = this.#group
    if (group && !this.#sqlite.inTransaction) {
      this.#loseGroup()
      return undefined
    }
    return group
  }

  /** At the end of the turn that opened it, or once the statement running then is done. */
  #commitWhenFree(group: Group) {
    if (this.#group !== group) return
    if (this.#held) {
      // Handed the connection like any waiter, it commits and hands it on.
      this.#waiting.push(() => {
        if (this.#group === group) this.#commit(group)
        void this.releaseConnection()
      })
      return
    }
    this.#commit(group)
    // The connection is free: the checkpoint thread's turn, if it asked for one, comes now.
    this.#held = this.#giveCheckpointerItsTurn()
  }

  /** The connection, held and no longer needed by its holder, goes to the checkpoint thread or the next waiter. */
  #handOn() {
    if (this.#giveCheckpointerItsTurn()) return
    const next = this.#waiting.shift()
    if (next) next()
    else this.#held = false
  }

  /**
   * With the connection held and no group open, gives the checkpoint thread the turn it asked for, if it did: it
   * starts the log over while nothing here writes, and the connection goes on once it is done. True if it did.
   */
  #giveCheckpointerItsTurn(): boolean {
    if (this.#group) return false
    const turn = this.#sqlite.checkpointer?.grantTurnIfAsked()
    if (!turn) return false
    void turn.then(() => this.#handOn())
    return true
  }

  #commit(group: Group) {
    this.#group = undefined
    if (!this.#sqlite.inTransaction) {
      group.fail(lostGroupError())
      return
    }
    try {
      this.#run('commit')
      group.succeed()
    } catch (error) {
      if (this.#sqlite.inTransaction) this.#run('rollback')
      group.fail(error)
    }
  }

  /** The group's transaction is gone (SQLite rolled it back after an error): none of its work was kept. */
  #loseGroup() {
    const group = this.#group
    this.#group = undefined
    group?.fail(lostGroupError())
  }

  #run(sql: string) {
    this.#sqlite.prepare(sql).run()
  }
}

function lostGroupError(): Error {
  return new Error('SQLite rolled back the transaction after an error in it or in one committed with it')
}

/** Resolves once the group is committed; rejects, for every member, if it is not. */
class Group {
  readonly committed: Promise<void>
  succeed!: () => void
  fail!: (error: unknown) => void

  constructor() {
    this.committed = new Promise<void>((resolve, reject) => {
      this.succeed = resolve
      this.fail = reject
    })
    // A group nobody waits for any more (its members failed on their own) must not be an unhandled rejection.
    this.committed.catch(() => undefined)
  }
}

/** Kysely's SQLite connection, running its statements through the statement cache. */
class SqliteConnection implements DatabaseConnection {
  readonly #sqlite: SqliteHandle

  constructor(sqlite: SqliteHandle) {
    this.#sqlite = sqlite
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery
    const statement = this.#sqlite.prepare(sql)
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] })
    const { changes, lastInsertRowid } = statement.run(parameters)
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    })
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { sql, parameters, query } = compiledQuery
    if (!SelectQueryNode.is(query)) throw new Error('SQLite streams only select queries')
    for (const row of this.#sqlite.prepare(sql).iterate(parameters)) yield { rows: [row as R] }
  }
}
