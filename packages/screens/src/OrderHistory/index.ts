export { OrderHistoryFiltersBar, type OrderHistoryFiltersBarProps } from './OrderHistoryFilters'
export {
  hasOrderFilters,
  NO_ORDER_FILTERS,
  orderFiltersFromSearch,
  toOrderFilterQuery,
  withOrderFilters,
  type OrderHistoryFilters,
} from './orderHistoryFilters'
export { saveFile } from './saveFile'
