#!/usr/bin/env node
// Builds @engage/widget for npm (run by `pnpm pack` and `pnpm publish` through prepack):
//   lib/index.js     OrderWidget as one ES module: the design system, the OrderForm and their libraries inside,
//                    React and React DOM imported (peer dependencies); its stylesheet inside, adopted by the
//                    widget's shadow root
//   lib/widget.css   the same stylesheet as a file, for review (a page never needs to load it)
// The types are written by hand in types/ (test/publishedTypes.ts holds them to the sources).
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const vite = path.join(root, 'node_modules', '.bin', 'vite')
const lib = path.join(root, 'lib')
const work = path.join(lib, '.build')
/** Must match CSS_PLACEHOLDER in vite.config.ts. */
const CSS_PLACEHOLDER = '__ENGAGE_WIDGET_CSS_TEXT__'

rmSync(lib, { recursive: true, force: true })
execFileSync(vite, ['build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', WIDGET_OUT_DIR: work, WIDGET_BUILD: 'package' },
})

const cssFiles = readdirSync(work).filter((name) => name.endsWith('.css'))
const css = cssFiles.map((name) => readFileSync(path.join(work, name), 'utf8')).join('\n')
const parts = readFileSync(path.join(work, 'index.js'), 'utf8').split(
  new RegExp(`["'\`]${CSS_PLACEHOLDER}["'\`]`),
)
if (parts.length !== 2 || css === '') {
  throw new Error(
    `The package build has ${parts.length - 1} CSS placeholders and ${cssFiles.length} CSS files`,
  )
}
writeFileSync(path.join(lib, 'index.js'), parts.join(JSON.stringify(css)))
writeFileSync(path.join(lib, 'widget.css'), css)
rmSync(work, { recursive: true, force: true })
console.log(`Built @engage/widget into ${path.relative(process.cwd(), lib) || '.'} (index.js, widget.css)`)
