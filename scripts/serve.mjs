#!/usr/bin/env node
// `pnpm run serve` (what `npm start` runs after installing): builds the panel and the order widget when a build
// is missing or older than its sources, then starts the server, which serves the panel and the API on one port
// (http://127.0.0.1:8787 by default).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { ensurePanelBuilt } from './panel-build.mjs'
import { ensureWidgetBuilt } from './widget-build.mjs'

const root = path.resolve(import.meta.dirname, '..')

try {
  ensurePanelBuilt()
  ensureWidgetBuilt()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

const server = spawn('pnpm', ['--filter', '@engage/server', 'run', 'start'], { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
