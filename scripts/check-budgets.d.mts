export const budgetsKb: Record<string, number>
/** Each page's files with their gzipped sizes, and the total against the budget. */
export function measurePages(): Promise<
  { page: string; budgetKb: number; totalKb: number; files: { file: string; gzippedKb: number }[] }[]
>
