import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { OrdersPage, orderFiltersFromSearch, withOrderFilters } from '@engage/screens'

/** /orders: the orders list's search and filters live in the query string, so a reload keeps them. */
export default function OrdersRoutePage() {
  const [searchParams, setSearchParams] = useSearchParams()
  // The address changes in a transition: a change made before the previous one has landed builds on that one
  // (`newest`), not on the address still shown. An address this page did not ask for (the back button) is taken
  // as it is.
  const newest = useRef(searchParams)
  const asked = useRef(new Set<string>())
  useEffect(() => {
    const shown = searchParams.toString()
    if (shown === newest.current.toString() || !asked.current.has(shown)) {
      newest.current = searchParams
      asked.current.clear()
    }
  }, [searchParams])
  return (
    <OrdersPage
      filters={orderFiltersFromSearch(searchParams)}
      onFiltersChange={(change) => {
        const next = withOrderFilters(newest.current, {
          ...orderFiltersFromSearch(newest.current),
          ...change,
        })
        newest.current = next
        asked.current.add(next.toString())
        setSearchParams(next, { replace: true })
      }}
    />
  )
}
