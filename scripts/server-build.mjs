// Builds the server (server/dist/server) when its build is missing or older than its sources; used by
// `pnpm serve` (scripts/serve.mjs), as panel-build.mjs for the panel.
import path from 'node:path'
import { buildWhenStale, root } from './build-when-stale.mjs'

const server = path.join(root, 'server')

/** The bundled server that plain `node` starts. */
export const serverEntry = path.join(server, 'dist', 'server', 'main.js')

/** Builds the server unless its build is newer than every source; throws when the build fails. */
export function ensureServerBuilt({ log = console.log } = {}) {
  buildWhenStale({ name: 'the server', directory: server, builtMarker: serverEntry, log })
}
