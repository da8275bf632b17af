// Builds the panel (apps/panel) when its build is missing or older than its sources; used by `pnpm serve`
// (scripts/serve.mjs), the end-to-end suite's global setup and the Lighthouse bench.
import path from 'node:path'
import { buildWhenStale, root } from './build-when-stale.mjs'

const panel = path.join(root, 'apps', 'panel')

/** Builds the panel unless its build is newer than every source; throws when the build fails. */
export function ensurePanelBuilt({ log = console.log } = {}) {
  buildWhenStale({
    name: 'the panel',
    directory: panel,
    builtMarker: path.join(panel, 'dist', 'server', 'entry-server.js'),
    // Besides src/ and the build's own files: the two HTML entries.
    extraSources: ['index.html', 'public.html'],
    log,
  })
}
