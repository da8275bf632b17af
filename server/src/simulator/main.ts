import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { z } from 'zod'
import { createMemorySimulatorStore, createSimulator, createSqliteSimulatorStore } from './index'

// Runs the simulator alone: `pnpm --filter ./server run simulator`.
const environment = z
  .object({
    SIMULATOR_PORT: z.coerce.number().int().min(0).max(65_535).default(8790),
    HOST: z.string().default('127.0.0.1'),
    SIMULATOR_STEP_MS: z.coerce.number().int().positive().default(5000),
    SIMULATOR_API_KEY: z.string().min(1).default('simulator-demo-key'),
    /** A SQLite file that keeps the simulator's orders across restarts; in memory when unset. */
    SIMULATOR_DB_PATH: z.string().min(1).optional(),
  })
  .parse(process.env)

const databasePath = environment.SIMULATOR_DB_PATH
if (databasePath) mkdirSync(dirname(databasePath), { recursive: true })
const simulator = createSimulator({
  apiKey: environment.SIMULATOR_API_KEY,
  stepMs: environment.SIMULATOR_STEP_MS,
  store: databasePath ? createSqliteSimulatorStore(databasePath) : createMemorySimulatorStore(),
})

const server = serve(
  {
    fetch: new Hono().route('/api/v2', simulator.app).fetch,
    port: environment.SIMULATOR_PORT,
    hostname: environment.HOST,
  },
  (address) => {
    console.log(`SMM API v2 simulator at http://${environment.HOST}:${address.port}/api/v2`)
    console.log(`API key: ${environment.SIMULATOR_API_KEY}`)
    console.log(
      `Each order step lasts ${environment.SIMULATOR_STEP_MS} ms; orders are kept ${databasePath ? `in ${databasePath}` : 'in memory'}`,
    )
  },
)

function shutDown() {
  server.close(() => {
    simulator.close()
    process.exit(0)
  })
}
process.once('SIGINT', shutDown)
process.once('SIGTERM', shutDown)
