import { ORDER_STATUSES, type OrderFilterQuery, type OrderStatus } from '@engage/contract'

// The filters of an order history as the address bar keeps them (?search=&status=&service=&from=&to=, dates
// as YYYY-MM-DD), so a reload, a bookmark or a shared link shows the same orders; and as the API takes them.

export interface OrderHistoryFilters {
  /** An order id or a part of the link. */
  search: string
  /** '' for every status. */
  status: OrderStatus | ''
  /** A service name; '' for every service. */
  service: string
  /** First day shown, YYYY-MM-DD in the browser's time zone; '' for no bound. */
  from: string
  /** Last day shown (inclusive), YYYY-MM-DD; '' for no bound. */
  to: string
}

export const NO_ORDER_FILTERS: OrderHistoryFilters = { search: '', status: '', service: '', from: '', to: '' }

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The filters a query string holds; anything malformed is left out rather than refused. */
export function orderFiltersFromSearch(params: URLSearchParams): OrderHistoryFilters {
  const status = params.get('status') ?? ''
  const day = (name: string) => {
    const value = params.get(name) ?? ''
    return DAY.test(value) ? value : ''
  }
  return {
    search: (params.get('search') ?? '').slice(0, 2048),
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : '',
    service: (params.get('service') ?? '').slice(0, 100),
    from: day('from'),
    to: day('to'),
  }
}

/** `params` with the filters written in (empty ones removed); other parameters are kept. */
export function withOrderFilters(params: URLSearchParams, filters: OrderHistoryFilters): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const key of ['search', 'status', 'service', 'from', 'to'] as const) {
    const value = filters[key].trim()
    if (value === '') next.delete(key)
    else next.set(key, value)
  }
  return next
}

/** Midnight starting a YYYY-MM-DD day in the browser's time zone, as an ISO instant. */
function startOfDay(day: string, addDays = 0): string {
  const [year, month, date] = day.split('-').map(Number)
  return new Date(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + addDays).toISOString()
}

/** The filters as the API takes them: the days become instants, `to` the midnight after its day. */
export function toOrderFilterQuery(filters: OrderHistoryFilters): OrderFilterQuery {
  const query: OrderFilterQuery = {}
  if (filters.search.trim() !== '') query.search = filters.search.trim()
  if (filters.status !== '') query.status = filters.status
  if (filters.service !== '') query.service = filters.service
  if (filters.from !== '') query.from = startOfDay(filters.from)
  if (filters.to !== '') query.to = startOfDay(filters.to, 1)
  return query
}

export function hasOrderFilters(filters: OrderHistoryFilters): boolean {
  return Object.values(filters).some((value) => value.trim() !== '')
}
