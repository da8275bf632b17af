import { useEffect, useState, type FormEvent } from 'react'
import { ORDER_STATUSES, serviceDisplayName, statusLabel } from '@engage/contract'
import { Button, Select, TextField } from '@engage/ui'
import { filterActions, filterBar, searchField, searchForm } from './OrderHistoryFilters.css'
import { hasOrderFilters, NO_ORDER_FILTERS, type OrderHistoryFilters } from './orderHistoryFilters'

/** The Select id of "every status" and "every service" (the Select's own '' is its placeholder). */
const ALL = 'all'

export interface OrderHistoryFiltersBarProps {
  value: OrderHistoryFilters
  /**
   * Called with what changed, not the whole set: the owner merges it into its newest filters, so a second change
   * made before the first has come back as `value` keeps the first.
   */
  onChange: (change: Partial<OrderHistoryFilters>) => void
  /** Service names offered by the Service filter. */
  services: readonly string[]
  /** Downloads the orders the filters select as CSV. */
  onExport: () => void
  isExporting?: boolean
}

/**
 * Search by order id or link (applied on Enter or Search), filters by status, service and dates (applied at
 * once), Clear filters, and Export CSV of what they select.
 */
export function OrderHistoryFiltersBar({
  value,
  onChange,
  services,
  onExport,
  isExporting = false,
}: OrderHistoryFiltersBarProps) {
  const [search, setSearch] = useState(value.search)
  // A search set from outside (Clear filters, the back button) replaces what is typed.
  useEffect(() => setSearch(value.search), [value.search])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onChange({ search: search.trim() })
  }
  const serviceItems = [
    { id: ALL, label: 'All services' },
    ...services.map((name) => ({ id: name, label: serviceDisplayName(name) })),
  ]
  const statusItems = [
    { id: ALL, label: 'All statuses' },
    ...ORDER_STATUSES.map((status) => ({ id: status, label: statusLabel(status) })),
  ]
  const datesReversed = value.from !== '' && value.to !== '' && value.from > value.to

  return (
    <div className={filterBar}>
      <form role="search" aria-label="Search orders" className={searchForm} onSubmit={submit}>
        <TextField
          className={searchField}
          label="Search"
          description="An order ID or part of a link"
          type="search"
          value={search}
          onChange={setSearch}
        />
        <Button type="submit" tone="secondary">
          Search
        </Button>
      </form>
      <Select
        label="Status"
        items={statusItems}
        value={value.status === '' ? ALL : value.status}
        onChange={(status) => onChange({ status: status === ALL ? '' : (status as typeof value.status) })}
      />
      <Select
        label="Service"
        items={serviceItems}
        value={value.service === '' ? ALL : value.service}
        onChange={(service) => onChange({ service: service === ALL ? '' : String(service) })}
      />
      <TextField label="From" type="date" value={value.from} onChange={(from) => onChange({ from })} />
      <TextField
        label="To"
        type="date"
        value={value.to}
        onChange={(to) => onChange({ to })}
        isInvalid={datesReversed}
        errorMessage="The end date is before the start date"
      />
      <div className={filterActions}>
        {hasOrderFilters(value) ? (
          <Button tone="secondary" size="small" onPress={() => onChange(NO_ORDER_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
        <Button tone="secondary" size="small" isDisabled={isExporting} onPress={onExport}>
          {isExporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
    </div>
  )
}
