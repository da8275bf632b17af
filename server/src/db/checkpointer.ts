import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { Logger } from '../logger'

/**
 * Copies an SQLite database's write-ahead log into its file on a thread of its own, and starts the log over.
 *
 * SQLite checkpoints inside the commit that leaves the log longer than `wal_autocheckpoint` pages, on the
 * connection that committed: the thread that answers requests copies the log's pages into the file and waits for
 * the disk twice, and every request waits behind it. Those waits were the slowest orders.
 *
 * The thread opens a second connection to the file and runs a passive checkpoint every CHECKPOINT_EVERY_MS: it
 * copies what the log holds without waiting for the writer or blocking it. Copying is not enough to keep the log
 * short: a writer starts the log over only when it finds it copied to its end, which under steady writes it never
 * does, since each commit adds pages after the copy. So once the log is RESTART_AT_PAGES long the thread copies
 * until little is left (a few passive checkpoints in a row, each copying what came during the one before), then
 * asks the request thread for a turn (the word of shared memory below). The request thread grants it as soon as
 * its connection is free and no commit group is open (group-commit.ts), and holds its statements back until the
 * thread gives the turn back: in it, the thread copies the last pages and starts the log over
 * (`wal_checkpoint(RESTART)`), a few milliseconds in which the request thread goes on with everything but the
 * database. Left to the request thread's own automatic checkpoint, that restart comes several times a second under
 * load, inside the commit of whichever requests came then, and those commits are the slowest orders (up to 25 ms).
 *
 * The request thread's automatic checkpoint stays as a bound: should this thread stop, or never get its turn, the
 * log is copied and started over there, as before.
 *
 * The thread's code is handed to it as text because the server is also run from a bundle, where no source file of
 * its own lies beside this one; it loads the same better-sqlite3 this module resolves.
 */
const CHECKPOINT_EVERY_MS = 50

/** How long the log may grow (in pages) before the thread asks for a turn to start it over. */
const RESTART_AT_PAGES = 4000

/**
 * The passive checkpoints before asking for a turn go on until one takes less than this: the log is then copied
 * but for the pages of the last few milliseconds, which the turn copies. At most SETTLE_ROUNDS of them.
 */
const SETTLED_MS = 2
const SETTLE_ROUNDS = 4

/** How long the thread waits for its turn: a request thread that writes nothing hands none, and needs none. */
const TURN_WAIT_MS = 1000

/**
 * How long the request thread holds its statements back for the thread's turn at most (it takes milliseconds);
 * past it, a write waits for the thread's lock as any writer does (the busy timeout).
 */
const TURN_LIMIT_MS = 2000

/** How long closing the database waits for the thread to close its connection first. */
const STOP_WAIT_MS = 5000

// The state both threads share: word 0 says whether the thread runs (RUNNING) and when its connection is closed
// (STOPPED); word 1 is the turn the thread asks for to start the log over (IDLE, ASKED, GRANTED). These constants
// are written into the thread's code; what differs from one database to the next is its workerData.
const RUNNING = 0
const STOPPING = 1
const STOPPED = 2
const IDLE = 0
const ASKED = 1
const GRANTED = 2

const THREAD_SOURCE = `
const { workerData } = require('node:worker_threads')
const state = new Int32Array(workerData.state)
const RUNNING = ${String(RUNNING)}
const IDLE = ${String(IDLE)}
const ASKED = ${String(ASKED)}
const GRANTED = ${String(GRANTED)}
let sqlite

/** Copies the log; answers how many pages it holds. */
function copyLog() {
  return sqlite.pragma('wal_checkpoint(PASSIVE)')[0].log
}

/** Copies the log until a copy finds little new in it. */
function settle() {
  for (let round = 0; round < ${String(SETTLE_ROUNDS)}; round++) {
    const started = performance.now()
    copyLog()
    if (performance.now() - started < ${String(SETTLED_MS)}) return
  }
}

/** Asks the request thread for a turn and waits for it; withdraws the request if none comes in time. */
function turnGranted() {
  Atomics.store(state, 1, ASKED)
  Atomics.wait(state, 1, ASKED, ${String(TURN_WAIT_MS)})
  return Atomics.compareExchange(state, 1, ASKED, IDLE) === GRANTED
}

try {
  if (Atomics.load(state, 0) === RUNNING) {
    const SQLite = require(workerData.driver)
    // Never waits for a lock: a restart that finds one taken (another process's writer or reader) copies what it
    // can, and the thread tries again later.
    sqlite = new SQLite(workerData.location, { timeout: 0 })
    while (Atomics.load(state, 0) === RUNNING) {
      if (copyLog() >= ${String(RESTART_AT_PAGES)}) {
        settle()
        if (turnGranted()) {
          try {
            sqlite.pragma('wal_checkpoint(RESTART)')
          } finally {
            Atomics.store(state, 1, IDLE)
            Atomics.notify(state, 1)
          }
        }
      }
      Atomics.wait(state, 0, RUNNING, ${String(CHECKPOINT_EVERY_MS)})
    }
  }
} finally {
  try {
    sqlite?.close()
  } finally {
    Atomics.store(state, 0, ${String(STOPPED)})
    Atomics.notify(state, 0)
  }
}
`

export interface Checkpointer {
  /**
   * The thread's turn, if it asked for one: it starts the log over while the request thread writes nothing, and
   * the promise resolves once it is done. Undefined when it did not ask.
   */
  grantTurnIfAsked(): Promise<void> | undefined
  /**
   * Ends the thread once its connection is closed, so that the request thread's connection, closed next, is the
   * file's last and leaves the whole log in it (what a copy of the file after closing relies on).
   */
  stop(): void
}

export function startCheckpointer(location: string, logger: Logger): Checkpointer {
  const state = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT))
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  const thread = new Worker(THREAD_SOURCE, {
    eval: true,
    name: 'sqlite-checkpointer',
    workerData: { driver, location, state: state.buffer },
  })
  thread.on('error', (error) => {
    logger.error(
      'The SQLite checkpoint thread stopped; the connection that writes checkpoints the log on its own again',
      {
        database: location,
        error: error.message,
      },
    )
  })
  thread.on('exit', () => {
    // A thread that ended (or was ended) while asking or in its turn gives the turn back.
    Atomics.store(state, 1, IDLE)
    Atomics.notify(state, 1)
  })
  thread.unref()
  return {
    grantTurnIfAsked() {
      if (Atomics.compareExchange(state, 1, ASKED, GRANTED) !== ASKED) return undefined
      Atomics.notify(state, 1)
      const wait = Atomics.waitAsync(state, 1, GRANTED, TURN_LIMIT_MS)
      if (!wait.async) return Promise.resolve()
      // A wait on shared memory keeps no process alive: while the thread has its turn, the thread itself does.
      thread.ref()
      return wait.value.then(() => {
        thread.unref()
      })
    },
    stop() {
      if (Atomics.compareExchange(state, 0, RUNNING, STOPPING) === RUNNING) {
        Atomics.notify(state, 0)
        Atomics.notify(state, 1)
        Atomics.wait(state, 0, STOPPING, STOP_WAIT_MS)
      }
      void thread.terminate()
    },
  }
}
