#!/usr/bin/env node
// The widget's JavaScript budgets, gzipped: the loader at most 5 KB; the loader plus the bundle (all of the
// widget's code, React and React DOM and its stylesheet included) at most 160 KB. KB are 1,024 bytes, gzip level 9, as
// the panel's scripts/check-budgets.mjs measures. Run alone, it prints the figures and exits 1 when one is over.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

const dist = path.resolve(import.meta.dirname, '..', 'dist')

export const LOADER_BUDGET_KB = 5
export const TOTAL_BUDGET_KB = 160

const gzippedKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024

/** The gzipped sizes of the built loader and bundle. */
export function measureWidget() {
  const manifestFile = path.join(dist, 'manifest.json')
  if (!existsSync(manifestFile)) {
    throw new Error('The widget is not built: run `pnpm --filter @engage/widget run build` first.')
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
  const loaderKb = gzippedKb(manifest.loader)
  const bundleKb = gzippedKb(manifest.bundle)
  return {
    loader: manifest.loader,
    bundle: manifest.bundle,
    loaderKb,
    bundleKb,
    totalKb: loaderKb + bundleKb,
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { loaderKb, totalKb, bundle } = measureWidget()
  const verdict = (kb, budget) => (kb <= budget ? 'ok  ' : 'OVER')
  console.log(
    `${verdict(loaderKb, LOADER_BUDGET_KB)} loader           ${loaderKb.toFixed(1).padStart(6)} KB of ${LOADER_BUDGET_KB} KB gzipped`,
  )
  console.log(
    `${verdict(totalKb, TOTAL_BUDGET_KB)} loader + bundle  ${totalKb.toFixed(1).padStart(6)} KB of ${TOTAL_BUDGET_KB} KB gzipped (${bundle})`,
  )
  if (loaderKb > LOADER_BUDGET_KB || totalKb > TOTAL_BUDGET_KB) process.exit(1)
}
