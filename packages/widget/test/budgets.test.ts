import { beforeAll, describe, expect, it } from 'vitest'
import { ensureWidgetBuilt } from '../../../scripts/widget-build.mjs'
import { LOADER_BUDGET_KB, measureWidget, TOTAL_BUDGET_KB } from '../scripts/check-budgets.mjs'

// What a partner page downloads for the widget, gzipped (scripts/check-budgets.mjs): the loader on every page
// that embeds it, the bundle once a widget element comes near the viewport.
describe('the widget budgets', () => {
  let sizes: ReturnType<typeof measureWidget>

  beforeAll(() => {
    ensureWidgetBuilt({ log: (message: string) => console.log(`[widget] ${message}`) })
    sizes = measureWidget()
    console.log(
      `widget: loader ${sizes.loaderKb.toFixed(1)} KB, loader + bundle ${sizes.totalKb.toFixed(1)} KB gzipped`,
    )
  })

  it(`keeps the loader within ${LOADER_BUDGET_KB} KB gzipped`, () => {
    expect(sizes.loaderKb).toBeLessThanOrEqual(LOADER_BUDGET_KB)
  })

  it(`keeps the loader plus the bundle within ${TOTAL_BUDGET_KB} KB gzipped`, () => {
    expect(sizes.totalKb).toBeLessThanOrEqual(TOTAL_BUDGET_KB)
  })
})
