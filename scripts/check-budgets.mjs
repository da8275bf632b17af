#!/usr/bin/env node
// The panel's JavaScript budgets: what a page loads before it is interactive, gzipped. A public page
// (prerendered, hydrated) at most 100 KB with React included; the first signed-in page (/dashboard) at most
// 250 KB. The files of each page come from the Vite manifests (the HTML entry, the page's modules and
// everything they import statically), as the server render lists them (pageChunks).
// The end-to-end suite checks them (e2e/budgets.test.ts); run alone, this prints the figures
// (`--files` lists each file) and exits 1 when a page is over budget.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = path.resolve(import.meta.dirname, '..')
const dist = path.join(root, 'apps', 'panel', 'dist')

/** Page → its budget in KB (1,024 bytes) of gzipped JavaScript. */
export const budgetsKb = {
  '/': 100,
  '/about': 100,
  '/privacy': 100,
  '/terms': 100,
  '/security': 100,
  '/services': 100,
  '/dashboard': 250,
}

/** Each page's files with their gzipped sizes, and the total against the budget. */
export async function measurePages() {
  const manifestFile = (build) => path.join(dist, 'client', '.vite', `manifest-${build}.json`)
  const renderFile = path.join(dist, 'server', 'entry-server.js')
  if (![manifestFile('app'), manifestFile('public'), renderFile].every((file) => existsSync(file))) {
    throw new Error('The panel is not built: run `pnpm run build` first.')
  }
  const manifests = {
    app: JSON.parse(readFileSync(manifestFile('app'), 'utf8')),
    public: JSON.parse(readFileSync(manifestFile('public'), 'utf8')),
  }
  const { pageChunks } = await import(pathToFileURL(renderFile).href)
  return Object.entries(budgetsKb).map(([page, budgetKb]) => {
    const files = pageChunks(manifests, page).map((file) => ({
      file,
      gzippedKb: gzipSync(readFileSync(path.join(dist, 'client', file)), { level: 9 }).length / 1024,
    }))
    const totalKb = files.reduce((sum, file) => sum + file.gzippedKb, 0)
    return { page, budgetKb, totalKb, files }
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pages = await measurePages()
  for (const { page, budgetKb, totalKb, files } of pages) {
    const verdict = totalKb <= budgetKb ? 'ok  ' : 'OVER'
    console.log(
      `${verdict} ${page.padEnd(10)} ${totalKb.toFixed(1).padStart(6)} KB of ${budgetKb} KB gzipped JavaScript in ${files.length} files`,
    )
    if (process.argv.includes('--files')) {
      for (const { file, gzippedKb } of files)
        console.log(`       ${gzippedKb.toFixed(1).padStart(6)} KB  ${file}`)
    }
  }
  if (pages.some(({ totalKb, budgetKb }) => totalKb > budgetKb)) process.exit(1)
}
