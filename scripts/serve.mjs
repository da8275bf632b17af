#!/usr/bin/env node
// `pnpm run serve` (what `npm start` runs after installing): builds the panel when its build is missing or
// older than its sources, then starts the server, which serves the panel and the API on one port
// (http://127.0.0.1:8787 by default).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const panel = path.join(root, 'apps', 'panel')
const builtMarker = path.join(panel, 'dist', 'server', 'entry-server.js')

/** Everything the panel build reads from the workspace (dependencies in node_modules aside). */
const sources = [
  path.join(panel, 'src'),
  path.join(panel, 'index.html'),
  path.join(panel, 'public.html'),
  path.join(panel, 'vite.config.ts'),
  path.join(panel, 'package.json'),
  ...['contract', 'client', 'ui', 'screens'].map((name) => path.join(root, 'packages', name, 'src')),
]

/** The newest modification time under a path (a few hundred files: milliseconds). */
function newestChange(target) {
  if (!existsSync(target)) return 0
  const stats = statSync(target)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)))
  return newest
}

const builtAt = existsSync(builtMarker) ? statSync(builtMarker).mtimeMs : 0
const changedAt = Math.max(...sources.map(newestChange))
if (builtAt < changedAt) {
  console.log(
    builtAt === 0 ? 'Building the panel...' : 'The panel changed since its build: building it again...',
  )
  const build = spawnSync('pnpm', ['--filter', '@engage/panel', 'run', 'build'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const server = spawn('pnpm', ['--filter', '@engage/server', 'run', 'start'], { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
