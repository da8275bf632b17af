export const LOADER_BUDGET_KB: number
export const TOTAL_BUDGET_KB: number
/** The gzipped sizes of the built loader and bundle. */
export function measureWidget(): {
  loader: string
  bundle: string
  loaderKb: number
  bundleKb: number
  totalKb: number
}
