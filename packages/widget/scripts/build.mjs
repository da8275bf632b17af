#!/usr/bin/env node
// Builds the widget for partner sites into dist/:
//   dist/loader.js                 the loader: a stable URL, served with a short cache
//   dist/assets/widget-<hash>.js   the bundle with its stylesheet inside, named by its content (cached for good)
//   dist/element.d.ts              the element's and its events' types, for pages that embed the tag
//   dist/manifest.json             which bundle the loader loads, for the server
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { precompress } from '../../../scripts/precompress.mjs'

const root = path.resolve(import.meta.dirname, '..')
const vite = path.join(root, 'node_modules', '.bin', 'vite')
const dist = path.join(root, 'dist')
const work = path.join(dist, '.build')
/** Must match CSS_PLACEHOLDER in vite.config.ts. */
const CSS_PLACEHOLDER = '__ENGAGE_WIDGET_CSS_TEXT__'

// Always a production build, also when started from a test runner (which sets NODE_ENV=test, and Vite would
// then bundle React's development build).
const run = (env) =>
  execFileSync(vite, ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', WIDGET_OUT_DIR: work, ...env },
  })

rmSync(dist, { recursive: true, force: true })

// The bundle, then its stylesheet moved inside it.
run({ WIDGET_BUILD: 'bundle' })
// One file is what a partner page loads: a dynamic import reaching the bundle would split it into chunks that
// nothing here ships.
const chunks = readdirSync(work, { recursive: true }).filter((name) => String(name).endsWith('.js'))
if (chunks.length !== 1) {
  throw new Error(`The widget bundle must be one file; the build wrote ${chunks.join(', ')}`)
}
const cssFiles = readdirSync(work).filter((name) => name.endsWith('.css'))
const css = cssFiles.map((name) => readFileSync(path.join(work, name), 'utf8')).join('\n')
const built = readFileSync(path.join(work, 'widget.js'), 'utf8')
const placeholders = built.split(new RegExp(`["'\`]${CSS_PLACEHOLDER}["'\`]`))
if (placeholders.length !== 2 || css === '') {
  throw new Error(
    `The widget build has ${placeholders.length - 1} CSS placeholders and ${cssFiles.length} CSS files`,
  )
}
const bundle = placeholders.join(JSON.stringify(css))
const hash = createHash('sha256').update(bundle).digest('base64url').replace(/[-_]/g, '').slice(0, 10)
const bundleFile = `assets/widget-${hash}.js`
mkdirSync(path.join(dist, 'assets'), { recursive: true })
writeFileSync(path.join(dist, bundleFile), bundle)

// The loader, told the bundle's name.
run({ WIDGET_BUILD: 'loader', WIDGET_BUNDLE_FILE: bundleFile })
renameSync(path.join(work, 'loader.js'), path.join(dist, 'loader.js'))
rmSync(work, { recursive: true, force: true })

copyFileSync(path.join(root, 'types', 'element.d.ts'), path.join(dist, 'element.d.ts'))
writeFileSync(
  path.join(dist, 'manifest.json'),
  JSON.stringify({ loader: 'loader.js', bundle: bundleFile, types: 'element.d.ts' }, null, 2) + '\n',
)
// The server sends these copies as they are.
precompress([bundleFile, 'loader.js', 'element.d.ts'].map((file) => path.join(dist, file)))
console.log(`Built the widget into ${path.relative(process.cwd(), dist) || '.'} (loader.js, ${bundleFile})`)
