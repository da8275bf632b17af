// Builds the order widget (packages/widget) when its build is missing or older than its sources; used by
// `pnpm serve` (scripts/serve.mjs) and the end-to-end suite's global setup, as panel-build.mjs for the panel.
import path from 'node:path'
import { buildWhenStale, root } from './build-when-stale.mjs'

const widget = path.join(root, 'packages', 'widget')

/** Builds the widget unless its build is newer than every source; throws when the build fails. */
export function ensureWidgetBuilt({ log = console.log } = {}) {
  buildWhenStale({
    name: 'the order widget',
    directory: widget,
    builtMarker: path.join(widget, 'dist', 'manifest.json'),
    log,
  })
}
