// Builds the panel (apps/panel) when its build is missing or older than its sources; used by `pnpm serve`
// (scripts/serve.mjs) and the end-to-end suite's global setup. The check walks a few hundred files: cheap.
import { spawnSync } from 'node:child_process'
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
  path.join(panel, 'scripts', 'build.mjs'),
  path.join(root, 'scripts', 'preact-for-react.mjs'),
  ...['contract', 'client', 'ui', 'screens'].map((name) => path.join(root, 'packages', name, 'src')),
]

/** The newest modification time under a path. */
function newestChange(target) {
  if (!existsSync(target)) return 0
  const stats = statSync(target)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)))
  return newest
}

/** Builds the panel unless its build is newer than every source; throws when the build fails. */
export function ensurePanelBuilt({ log = console.log } = {}) {
  const builtAt = existsSync(builtMarker) ? statSync(builtMarker).mtimeMs : 0
  if (builtAt >= Math.max(...sources.map(newestChange))) return
  log(builtAt === 0 ? 'Building the panel...' : 'The panel changed since its build: building it again...')
  const build = spawnSync('node', [path.join(panel, 'scripts', 'build.mjs')], {
    cwd: panel,
    stdio: 'inherit',
  })
  if (build.status !== 0) throw new Error(`The panel build failed (exit code ${build.status})`)
}
