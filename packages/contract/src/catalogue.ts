// The services catalogue and the order history tools: the rules the screens, the server and the mocks share.

import type { CatalogueService } from './schemas/catalogue'

// ---- Catalogue --------------------------------------------------------------------------------------------

/** The catalogue's sort orders, as the Sort select offers them. */
export const CATALOGUE_SORTS = ['category', 'price-low', 'price-high', 'fastest', 'name'] as const
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number]

export const CATALOGUE_SORT_LABELS: Record<CatalogueSort, string> = {
  category: 'Category',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  fastest: 'Fastest first',
  name: 'Name',
}

/** The label of services the operator filed under no category. */
export const UNCATEGORISED = 'Other'

export function categoryOf(service: Pick<CatalogueService, 'category'>): string {
  return service.category.trim() === '' ? UNCATEGORISED : service.category.trim()
}

/** Every category the services are filed under, alphabetically. */
export function catalogueCategories(services: readonly CatalogueService[]): string[] {
  return [...new Set(services.map(categoryOf))].sort((a, b) => a.localeCompare(b))
}

export interface CatalogueView {
  /** Words that must each appear in the name, category or description (any case). */
  search: string
  /** A category, or '' for all. */
  category: string
  sort: CatalogueSort
}

const byName = (a: CatalogueService, b: CatalogueService) => a.displayName.localeCompare(b.displayName)

/** The services the view selects, in its order. A service without a completion time sorts last when fastest. */
export function viewCatalogue(
  services: readonly CatalogueService[],
  view: CatalogueView,
): CatalogueService[] {
  const words = view.search.toLowerCase().split(/\s+/).filter(Boolean)
  const selected = services.filter((service) => {
    if (view.category !== '' && categoryOf(service) !== view.category) return false
    const text = `${service.displayName} ${service.name} ${categoryOf(service)} ${service.description}`
    return words.every((word) => text.toLowerCase().includes(word))
  })
  const compare: Record<CatalogueSort, (a: CatalogueService, b: CatalogueService) => number> = {
    category: (a, b) => categoryOf(a).localeCompare(categoryOf(b)) || byName(a, b),
    name: byName,
    'price-low': (a, b) => a.ratePer1k - b.ratePer1k || byName(a, b),
    'price-high': (a, b) => b.ratePer1k - a.ratePer1k || byName(a, b),
    fastest: (a, b) =>
      (a.averageCompletionSeconds ?? Number.POSITIVE_INFINITY) -
        (b.averageCompletionSeconds ?? Number.POSITIVE_INFINITY) || byName(a, b),
  }
  return selected.sort(compare[view.sort])
}

/** What the catalogue shows for a service without completed orders in the last 30 days. */
export const NO_COMPLETION_DATA = 'Not enough data'

/** An average completion time as the catalogue shows it: '45 min', '3 h 20 min', '2 days 4 h'. */
export function formatCompletionTime(seconds: number | null): string {
  if (seconds === null) return NO_COMPLETION_DATA
  if (seconds < 60) return 'Under a minute'
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${String(minutes)} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) {
    const rest = minutes % 60
    return rest === 0 ? `${String(hours)} h` : `${String(hours)} h ${String(rest)} min`
  }
  const days = Math.floor(hours / 24)
  const restHours = hours % 24
  const dayWord = days === 1 ? 'day' : 'days'
  return restHours === 0 ? `${String(days)} ${dayWord}` : `${String(days)} ${dayWord} ${String(restHours)} h`
}

// ---- Order history ----------------------------------------------------------------------------------------

/** The order id a search names ('1042', '#1042'), or null when the search is a part of a link. */
export function orderIdOfSearch(search: string): number | null {
  const match = /^#?\s*([1-9]\d{0,14})$/.exec(search.trim())
  return match?.[1] === undefined ? null : Number(match[1])
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. A text that
 * a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with
 * an apostrophe, so an order's link can never become a formula in the operator's or customer's spreadsheet.
 * Numbers are written as they are (a negative amount is data, not a formula).
 */
export function csvField(value: string | number | null): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded
}

/** One CSV record with its CRLF line end. */
export function csvRecord(values: readonly (string | number | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`
}

/** The columns of an order export, customer's and operator's (the operator's adds the account). */
export const ORDER_CSV_COLUMNS = [
  'Order ID',
  'Date',
  'Service',
  'Link',
  'Quantity',
  'Charge (USD)',
  'Status',
  'Start count',
  'Remains',
] as const
