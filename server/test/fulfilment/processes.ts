import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import type { TestDatabase } from '../support/database'

// Worker processes for the crash and concurrency tests: test/fulfilment/worker-process.ts run with
// `node --import tsx`, on the test's own database, so that a test can kill one with SIGKILL at any point.

const serverRoot = path.resolve(import.meta.dirname, '..', '..')

/** Every worker process started and not yet exited, ready or not. */
const live = new Set<ChildProcess>()

/** Kills every live worker process at once (SIGKILL) and waits until they are gone. */
export async function killLiveWorkerProcesses(): Promise<void> {
  await Promise.all(
    [...live].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (!live.has(child)) return resolve()
          child.once('exit', () => resolve())
          child.kill('SIGKILL')
        }),
    ),
  )
}

export interface WorkerProcess {
  child: ChildProcess
  /** The lease owner it writes into jobs. */
  owner: string
  /** Resolves when the process has exited. */
  exited: Promise<void>
  /** What it wrote to stdout and stderr, for a failing test's message. */
  output(): string
  /** Sends `signal` and waits for the process to exit. */
  stop(signal: NodeJS.Signals): Promise<void>
}

/** Starts a worker process on `database` and resolves once it polls for jobs. */
export async function startWorkerProcess(
  database: TestDatabase,
  environment: Record<string, string>,
): Promise<WorkerProcess> {
  const databaseEnvironment: Record<string, string> = database.url
    ? { TEST_DB_URL: database.url, TEST_DB_SCHEMA: database.schema ?? '' }
    : { TEST_DB_DIR: database.dataDir ?? '', TEST_DB_FILE: database.sqliteFile ?? '' }
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fulfilment/worker-process.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...databaseEnvironment, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  live.add(child)
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      live.delete(child)
      resolve()
    }),
  )
  const owner = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /ready (\S+)/.exec(output)
      if (match?.[1]) {
        child.stdout.off('data', onData)
        resolve(match[1])
      }
    }
    child.stdout.on('data', onData)
    void exited.then(() => reject(new Error(`Worker process exited before it was ready:\n${output}`)))
  })
  return {
    child,
    owner,
    exited,
    output: () => output,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    },
  }
}
