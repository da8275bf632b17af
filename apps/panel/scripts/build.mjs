#!/usr/bin/env node
// Builds the panel: the browser bundle (dist/client), the server render (dist/server), then the prerendered
// public pages (dist/client/<route>/index.html) and the shell for every other page (dist/client/shell.html).
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { precompress } from '../../../scripts/precompress.mjs'

const root = path.resolve(import.meta.dirname, '..')
const vite = path.join(root, 'node_modules', '.bin', 'vite')
// Always a production build, also when started from a test runner (which sets NODE_ENV=test, and Vite would
// then bundle React's development build).
const run = (args, env = {}) =>
  execFileSync(vite, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', ...env },
  })

run(['build', '--logLevel', 'warn'], { PANEL_ENTRY: 'app' })
run(['build', '--logLevel', 'warn'], { PANEL_ENTRY: 'public' })
run(['build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn'])

const clientDir = path.join(root, 'dist', 'client')
const serverDir = path.join(root, 'dist', 'server')
const shellTemplate = readFileSync(path.join(clientDir, 'index.html'), 'utf8')
const template = readFileSync(path.join(clientDir, 'public.html'), 'utf8')
const manifests = {
  app: JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest-app.json'), 'utf8')),
  public: JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest-public.json'), 'utf8')),
}
// The public pages' template stays beside the server render, which fills it again at start; index.html
// itself becomes the prerendered landing page.
writeFileSync(path.join(serverDir, 'public.html'), template)
// The app's entry too: the API server renders the signed-in pages into it for a session.
writeFileSync(path.join(serverDir, 'index.html'), shellTemplate)
rmSync(path.join(clientDir, 'public.html'))

const assetsDir = path.join(clientDir, 'assets')
const stylesheets = Object.fromEntries(
  readdirSync(assetsDir)
    .filter((name) => name.endsWith('.css'))
    .map((name) => [`assets/${name}`, readFileSync(path.join(assetsDir, name), 'utf8')]),
)
// The server render runs here, in this process: React's production server build (the development one writes a
// stack trace of the build machine into every page for a boundary it leaves to the browser).
process.env.NODE_ENV = 'production'
const render = await import(pathToFileURL(path.join(root, 'dist', 'server', 'entry-server.js')).href)
for (const route of render.prerenderedPaths) {
  // Built without a database: the pricing grid loads in the browser until the server renders it at start.
  const html = await render.renderPage({ template, manifests, path: route, prices: null, stylesheets })
  const directory = path.join(clientDir, route)
  mkdirSync(directory, { recursive: true })
  writeFileSync(path.join(directory, 'index.html'), html)
}
writeFileSync(path.join(clientDir, 'shell.html'), render.renderShell(shellTemplate, manifests))
// The server sends these copies as they are (the public pages' copies until it renders them with the prices).
precompress([
  ...readdirSync(assetsDir).map((name) => path.join(assetsDir, name)),
  path.join(clientDir, 'shell.html'),
  ...render.prerenderedPaths.map((route) => path.join(clientDir, route, 'index.html')),
])
console.log(`Built the panel into ${path.relative(process.cwd(), path.join(root, 'dist'))}`)
