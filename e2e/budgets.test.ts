import { describe, expect, it } from 'vitest'
import { measurePages } from '../scripts/check-budgets.mjs'

// The global setup has built the panel; this measures what each page loads before it is interactive
// (scripts/check-budgets.mjs): a public page at most 100 KB of gzipped JavaScript with React included, the
// first signed-in page (/dashboard) at most 250 KB.

describe('JavaScript budgets', async () => {
  const pages = await measurePages()

  it('measures the public pages and /dashboard', () => {
    expect(pages.map(({ page }) => page)).toEqual([
      '/',
      '/about',
      '/privacy',
      '/terms',
      '/security',
      '/services',
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
})
