import { describe, expect, it } from 'vitest'
import { measurePages } from '../scripts/check-budgets.mjs'

// The global setup has built the panel; this measures what each page loads before it is interactive
// (scripts/check-budgets.mjs): issue 8's budgets, a public page at most 100 KB of gzipped JavaScript with React
// included, the first signed-in page (/dashboard) at most 200 KB.

/**
 * /dashboard is still over its 200 KB (236 KB; ADR 060 says what is left in its first load) and issue 8 stays
 * open until it is within. Meanwhile the suite holds this ceiling so it cannot grow; scripts/check-budgets.mjs
 * still reports it against 200 KB.
 */
const DASHBOARD_CEILING_KB = 245

describe('JavaScript budgets', async () => {
  const pages = await measurePages()
  const report = ({ page, totalKb, budgetKb, files }: (typeof pages)[number]) =>
    console.log(`${page}: ${totalKb.toFixed(1)} KB gzipped in ${files.length} files (budget ${budgetKb} KB)`)
  const publicPages = pages.filter(({ page }) => page !== '/dashboard')
  const dashboard = pages.find(({ page }) => page === '/dashboard')

  it.each(publicPages)('keeps $page within $budgetKb KB of gzipped JavaScript', (measured) => {
    report(measured)
    expect(measured.totalKb).toBeLessThanOrEqual(measured.budgetKb)
  })

  it(`keeps /dashboard under ${DASHBOARD_CEILING_KB} KB of gzipped JavaScript while it is over its budget`, () => {
    if (!dashboard) throw new Error('/dashboard was not measured')
    report(dashboard)
    expect(dashboard.totalKb).toBeLessThanOrEqual(DASHBOARD_CEILING_KB)
  })
})
