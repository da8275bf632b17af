#!/usr/bin/env node
// `pnpm run serve` (what `npm start` runs after installing): builds the panel, the order widget and the server
// when a build is missing or older than its sources, then starts the built server with plain `node`; it serves
// the panel and the API on one port (http://127.0.0.1:8787 by default). With NODE_ENV=production nothing is
// built here: the builds come from `pnpm run build`, made before the deployment starts.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ensurePanelBuilt } from './panel-build.mjs'
import { ensureServerBuilt, serverEntry } from './server-build.mjs'
import { ensureWidgetBuilt } from './widget-build.mjs'

const root = path.resolve(import.meta.dirname, '..')

if (process.env.NODE_ENV === 'production') {
  if (!existsSync(serverEntry)) {
    console.error(
      `The server is not built (${serverEntry}): run \`pnpm run build\` before starting in production`,
    )
    process.exit(1)
  }
} else {
  try {
    ensurePanelBuilt()
    ensureWidgetBuilt()
    ensureServerBuilt()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}

// From server/, as `pnpm --filter ./server run start` would: the default DATA_DIR (./data) lies there.
const server = spawn(process.execPath, [serverEntry], { cwd: path.join(root, 'server'), stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
