// Builds the order widget (packages/widget) when its build is missing or older than its sources; used by
// `pnpm serve` (scripts/serve.mjs) and the end-to-end suite's global setup, as panel-build.mjs for the panel.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const widget = path.join(root, 'packages', 'widget')
const builtMarker = path.join(widget, 'dist', 'manifest.json')

/** Everything the widget build reads from the workspace (dependencies in node_modules aside). */
const sources = [
  path.join(widget, 'src'),
  path.join(widget, 'vite.config.ts'),
  path.join(widget, 'package.json'),
  path.join(widget, 'scripts', 'build.mjs'),
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

/** Builds the widget unless its build is newer than every source; throws when the build fails. */
export function ensureWidgetBuilt({ log = console.log } = {}) {
  const builtAt = existsSync(builtMarker) ? statSync(builtMarker).mtimeMs : 0
  if (builtAt >= Math.max(...sources.map(newestChange))) return
  log(
    builtAt === 0
      ? 'Building the order widget...'
      : 'The order widget changed since its build: building it again...',
  )
  const build = spawnSync('node', [path.join(widget, 'scripts', 'build.mjs')], {
    cwd: widget,
    stdio: 'inherit',
  })
  if (build.status !== 0) throw new Error(`The widget build failed (exit code ${build.status})`)
}
