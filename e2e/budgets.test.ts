import { describe, expect, it } from 'vitest'
import { measurePages } from '../scripts/check-budgets.mjs'

// The global setup has built the panel; this measures what each page loads (scripts/check-budgets.mjs).
describe('JavaScript budgets', async () => {
  const pages = await measurePages()

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
