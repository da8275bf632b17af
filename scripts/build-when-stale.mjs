// Runs a package's build script when its build is missing or older than its sources: the shared part of
// panel-build.mjs and widget-build.mjs. The check walks a few hundred files: cheap.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/** The workspace root. */
export const root = path.resolve(import.meta.dirname, '..')

/** The workspace packages every front-end build reads (their sources, not node_modules). */
const sharedSources = [
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

/**
 * Runs `node <directory>/scripts/build.mjs` unless `builtMarker` is newer than every source; throws when the
 * build fails. The sources are everything the build reads from the workspace (node_modules aside): the
 * package's src/, vite.config.ts, package.json and build script, `extraSources` (paths in the package), and
 * the shared packages. `name` is what the log lines call it ('the panel').
 */
export function buildWhenStale({ name, directory, builtMarker, extraSources = [], log }) {
  const sources = [
    ...['src', 'vite.config.ts', 'package.json', path.join('scripts', 'build.mjs'), ...extraSources].map(
      (file) => path.join(directory, file),
    ),
    ...sharedSources,
  ]
  const builtAt = existsSync(builtMarker) ? statSync(builtMarker).mtimeMs : 0
  if (builtAt >= Math.max(...sources.map(newestChange))) return
  const title = name.charAt(0).toUpperCase() + name.slice(1)
  log(builtAt === 0 ? `Building ${name}...` : `${title} changed since its build: building it again...`)
  const build = spawnSync('node', [path.join(directory, 'scripts', 'build.mjs')], {
    cwd: directory,
    stdio: 'inherit',
  })
  if (build.status !== 0) throw new Error(`${title} build failed (exit code ${build.status})`)
}
