#!/usr/bin/env node
// Builds the server into dist/server/: main.js (the HTTP server), worker.js (a job worker without HTTP),
// cli.js (the operator's command line) and simulator.js, each an ES module that plain `node` starts, so a
// production machine compiles nothing at start. The workspace's TypeScript (the server and @engage/contract)
// is bundled in; the npm dependencies stay outside, loaded from node_modules as usual (better-sqlite3 and
// argon2 are native addons, which a bundle cannot hold).
//
// dist/server/ lies as deep below the workspace as src/ does, so the paths the routes compute from their own
// location (apps/panel/dist, packages/widget/dist) hold in the bundle too. Tests build into a folder of their
// own beside it: `node scripts/build.mjs dist/<name>`.
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const serverRoot = path.resolve(import.meta.dirname, '..')
const outdir = path.resolve(serverRoot, process.argv[2] ?? path.join('dist', 'server'))
if (path.dirname(path.dirname(outdir)) !== serverRoot)
  throw new Error(`Build into dist/<name>, not ${outdir}`)
const manifest = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8'))
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@engage/'))

rmSync(outdir, { recursive: true, force: true })
await build({
  absWorkingDir: serverRoot,
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    cli: 'src/cli.ts',
    simulator: 'src/simulator/main.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // Packages the dependencies load by name but the server never uses (pg's optional native binding).
  external: [...external, ...external.map((name) => `${name}/*`), 'pg-native'],
  sourcemap: true,
  logLevel: 'warning',
})
