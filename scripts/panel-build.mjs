// Builds the panel (apps/panel) when its build is missing or older than its sources; used by `pnpm serve`
// (scripts/serve.mjs), the end-to-end suite's global setup and the Lighthouse bench.
import path from 'node:path'
import { buildWhenStale, root, sharedSources } from './build-when-stale.mjs'

const panel = path.join(root, 'apps', 'panel')

/** Builds the panel unless its build is newer than every source; throws when the build fails. */
export function ensurePanelBuilt({ log = console.log } = {}) {
  buildWhenStale({
    name: 'the panel',
    directory: panel,
    builtMarker: path.join(panel, 'dist', 'server', 'entry-server.js'),
    // Everything the panel build reads from the workspace (dependencies in node_modules aside).
    sources: [
      path.join(panel, 'src'),
      path.join(panel, 'index.html'),
      path.join(panel, 'public.html'),
      path.join(panel, 'vite.config.ts'),
      path.join(panel, 'package.json'),
      path.join(panel, 'scripts', 'build.mjs'),
      ...sharedSources,
    ],
    log,
  })
}
