import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { Logger } from '../logger'

/**
 * Copies an SQLite database's write-ahead log into its file on a thread of its own.
 *
 * SQLite checkpoints inside the commit that leaves the log longer than `wal_autocheckpoint` pages, on the
 * connection that committed: the thread that answers requests copies the log's pages into the file and waits for
 * the disk twice, and every request waits behind it. Those waits were the slowest orders (measured on orders/create,
 * alternately: 2,674–2,797 orders a second at p99 33–36 ms, against 2,898–3,053 at p99 22–25 ms with this thread).
 *
 * The thread opens a second connection to the file and runs a passive checkpoint every CHECKPOINT_EVERY_MS: it
 * copies what the log holds without waiting for the writer or blocking it. The request thread keeps its own
 * automatic checkpoint, which now finds the log copied but for its last pages, and lets the next write start the
 * log over; should this thread fail, that checkpoint alone keeps the log bounded, as before.
 *
 * The thread's code is handed to it as text because the server is also run from a bundle, where no source file of
 * its own lies beside this one; it loads the same better-sqlite3 this module resolves.
 */
const CHECKPOINT_EVERY_MS = 50

/** How long closing the database waits for the thread to close its connection first. */
const STOP_WAIT_MS = 5000

// The state both threads share: the thread runs while it is RUNNING and says STOPPED once its connection is closed.
// These constants are written into the thread's code; what differs from one database to the next is its workerData.
const RUNNING = 0
const STOPPING = 1
const STOPPED = 2

const THREAD_SOURCE = `
const { workerData } = require('node:worker_threads')
const state = new Int32Array(workerData.state)
const RUNNING = ${String(RUNNING)}
let sqlite
try {
  if (Atomics.load(state, 0) === RUNNING) {
    const SQLite = require(workerData.driver)
    sqlite = new SQLite(workerData.location)
    while (Atomics.load(state, 0) === RUNNING) {
      sqlite.pragma('wal_checkpoint(PASSIVE)')
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
   * Ends the thread once its connection is closed, so that the request thread's connection, closed next, is the
   * file's last and leaves the whole log in it (what a copy of the file after closing relies on).
   */
  stop(): void
}

export function startCheckpointer(location: string, logger: Logger): Checkpointer {
  const state = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT))
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
  thread.unref()
  return {
    stop() {
      if (Atomics.compareExchange(state, 0, RUNNING, STOPPING) === RUNNING) {
        Atomics.notify(state, 0)
        Atomics.wait(state, 0, STOPPING, STOP_WAIT_MS)
      }
      void thread.terminate()
    },
  }
}
