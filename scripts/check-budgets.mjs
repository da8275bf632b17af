#!/usr/bin/env node
// The panel's JavaScript budgets (issue 8): what a page loads before it is interactive, gzipped. A public
// page (prerendered, hydrated) at most 100 KB with React included; the first signed-in page (/dashboard)
// at most 200 KB. The files of each page come from the Vite manifest (the HTML entry, the page's modules and
// everything they import statically), as the server render lists them (pageChunks). Exits 1 over budget.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = path.resolve(import.meta.dirname, '..')
const dist = path.join(root, 'apps', 'panel', 'dist')
const budgetsKb = {
  '/': 100,
  '/about': 100,
  '/privacy': 100,
  '/terms': 100,
  '/security': 100,
  '/dashboard': 200,
}

const manifestFile = (build) => path.join(dist, 'client', '.vite', `manifest-${build}.json`)
const renderFile = path.join(dist, 'server', 'entry-server.js')
if (![manifestFile('app'), manifestFile('public'), renderFile].every((file) => existsSync(file))) {
  console.error('The panel is not built: run `pnpm run build` first.')
  process.exit(1)
}
const manifests = {
  app: JSON.parse(readFileSync(manifestFile('app'), 'utf8')),
  public: JSON.parse(readFileSync(manifestFile('public'), 'utf8')),
}
const { pageChunks } = await import(pathToFileURL(renderFile).href)

const gzippedBytes = (file) => gzipSync(readFileSync(path.join(dist, 'client', file)), { level: 9 }).length

let failures = 0
for (const [page, budgetKb] of Object.entries(budgetsKb)) {
  const files = pageChunks(manifests, page)
  const totalKb = files.reduce((sum, file) => sum + gzippedBytes(file), 0) / 1024
  const within = totalKb <= budgetKb
  if (!within) failures++
  console.log(
    `${within ? 'ok  ' : 'OVER'} ${page.padEnd(10)} ${totalKb.toFixed(1).padStart(6)} KB of ${budgetKb} KB gzipped JavaScript in ${files.length} files`,
  )
  if (process.argv.includes('--files')) {
    for (const file of files)
      console.log(`       ${(gzippedBytes(file) / 1024).toFixed(1).padStart(6)} KB  ${file}`)
  }
}
if (failures > 0) {
  console.error(`${failures} page(s) over budget`)
  process.exit(1)
}
