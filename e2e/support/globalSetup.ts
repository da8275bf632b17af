import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { loadConfig } from '../../server/src/config'
import { startServer } from '../../server/src/main'
import type { Logger } from '../../server/src/logger'
import { startFakeOpenAiCompatible } from '../../server/test/ai/fakes/openai-compatible'
import { startFakeGoogleIssuer } from '../../server/test/google/fakeGoogleIssuer'
import { ensurePanelBuilt } from '../../scripts/panel-build.mjs'
import { ensureWidgetBuilt } from '../../scripts/widget-build.mjs'
import { freePort } from '../../scripts/free-port.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server under test, e.g. http://127.0.0.1:41234. */
    baseUrl: string
    /** Its DATA_DIR, holding the SQLite database (where mail without SMTP_URL lands: mail_outbox). */
    dataDir: string
  }
}

// The server's log goes to the test output only when something goes wrong: errors and warnings.
const logger: Logger = {
  info: () => {},
  warn: (message, fields) => console.warn(`[server] ${message}`, fields ?? ''),
  error: (message, fields) => console.error(`[server] ${message}`, fields ?? ''),
}

export default async function setup(project: TestProject) {
  ensurePanelBuilt({ log: (message: string) => console.log(`[e2e] ${message}`) })
  ensureWidgetBuilt({ log: (message: string) => console.log(`[e2e] ${message}`) })

  const fakeAi = await startFakeOpenAiCompatible()
  // Google's side of the sign-in popup, with its consent page (the journey types the account's email there).
  const fakeGoogle = await startFakeGoogleIssuer()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'engage-e2e-'))
  const port = await freePort()
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '1',
    // Orders go Pending → In progress (3 steps) → Completed at the simulator in 4 steps, and the worker asks
    // for their status twice a second: an order completes in about 12 s, slowly enough to cancel one first.
    SIMULATOR_STEP_MS: '3000',
    SYNC_INTERVAL_MS: '500',
    OPENAI_BASE_URL: fakeAi.url,
    DEEPSEEK_BASE_URL: fakeAi.url,
    OPENROUTER_BASE_URL: fakeAi.url,
    GOOGLE_ISSUER: fakeGoogle.url,
    GOOGLE_CLIENT_ID: fakeGoogle.clientId,
    GOOGLE_CLIENT_SECRET: fakeGoogle.clientSecret,
  })
  const server = await startServer(config, logger)
  project.provide('baseUrl', server.url)
  project.provide('dataDir', dataDir)

  return async () => {
    await server.close()
    await fakeAi.close()
    await fakeGoogle.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
