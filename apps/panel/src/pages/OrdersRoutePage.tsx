import { useSearchParams } from 'react-router'
import { OrdersPage, orderFiltersFromSearch, withOrderFilters } from '@engage/screens'

/** /orders: the orders list's search and filters live in the query string, so a reload keeps them. */
export default function OrdersRoutePage() {
  const [searchParams, setSearchParams] = useSearchParams()
  return (
    <OrdersPage
      filters={orderFiltersFromSearch(searchParams)}
      onFiltersChange={(filters) =>
        setSearchParams(withOrderFilters(searchParams, filters), { replace: true })
      }
    />
  )
}
