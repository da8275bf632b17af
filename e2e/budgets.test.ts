import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { measurePages } from '../scripts/check-budgets.mjs'
import { COMPILE_HINT } from '../scripts/compile-hints.mjs'

const clientDir = path.resolve(import.meta.dirname, '../apps/panel/dist/client')

// The global setup has built the panel; this measures what each page loads before it is interactive
// (scripts/check-budgets.mjs): issue 8's budgets, a public page at most 100 KB of gzipped JavaScript with React
// included, the first signed-in page (/dashboard) at most 200 KB.

describe('JavaScript budgets', async () => {
  const pages = await measurePages()

  it('measures the public pages and /dashboard', () => {
    expect(pages.map(({ page }) => page)).toEqual([
      '/',
      '/about',
      '/privacy',
      '/terms',
      '/security',
      '/dashboard',
    ])
  })

  it.each(pages)(
    'keeps $page within $budgetKb KB of gzipped JavaScript',
    ({ page, totalKb, budgetKb, files }) => {
      console.log(
        `${page}: ${totalKb.toFixed(1)} KB gzipped in ${files.length} files (budget ${budgetKb} KB)`,
      )
      expect(totalKb).toBeLessThanOrEqual(budgetKb)
    },
  )

  // scripts/compile-hints.mjs: Chrome compiles these whole as they stream in, off the main thread.
  it.each(pages)('starts every file $page loads with the compile hint', ({ files }) => {
    const unmarked = files
      .map(({ file }) => file)
      .filter((file) => !readFileSync(path.join(clientDir, file), 'utf8').startsWith(COMPILE_HINT))
    expect(unmarked).toEqual([])
  })
})
