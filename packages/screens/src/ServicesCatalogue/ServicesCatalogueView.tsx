import { useId, useState } from 'react'
import {
  CATALOGUE_SORT_LABELS,
  CATALOGUE_SORTS,
  catalogueCategories,
  categoryOf,
  formatCompletionTime,
  viewCatalogue,
  type CatalogueService,
  type CatalogueSort,
} from '@engage/contract'
import { Banner, Heading, Link, Select, Spinner, Stack, Text } from '@engage/ui'
import {
  cell,
  controls,
  headerCell,
  numberCell,
  searchField,
  searchInput,
  searchLabel,
  serviceDescription,
  serviceName,
  table,
  tableFrame,
} from './ServicesCatalogue.css'

/** The catalogue's message when the services cannot be loaded. */
export const CATALOGUE_LOAD_FAILED = 'The services could not be loaded. Please try again later.'
/** The catalogue's empty state before any service exists. */
export const NO_SERVICES_OFFERED = 'No services are offered yet.'
/** The catalogue's empty state when the search and category match nothing. */
export const NO_SERVICES_MATCH = 'No services match your search.'

const ALL_CATEGORIES = 'all'
const rateFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
})
const countFormat = new Intl.NumberFormat('en-US')

/** Where "Order" leads: the order form with the service chosen (the dashboard's deep link). */
export function defaultOrderHref(serviceName: string): string {
  return `/dashboard?service=${encodeURIComponent(serviceName)}`
}

export interface ServicesCatalogueViewProps {
  /** The services; undefined while they load. */
  services: readonly CatalogueService[] | undefined
  /** Shown instead of the list when it could not be loaded. */
  error?: string | null
  /** The link of a service's Order button. @default defaultOrderHref */
  orderHref?: (serviceName: string) => string
  /** The page heading's level. @default 1 */
  headingLevel?: 1 | 2
}

const columns = [
  'Service',
  'Category',
  'Rate per 1,000',
  'Min / Max',
  'Average time',
  'Refill',
  'Cancel',
  'Order',
] as const

/**
 * Every service with its category, rate per 1,000, limits, refill and cancel, description and average
 * completion time over the last 30 days; searchable, filtered by category and sorted. "Order" opens the order
 * form with the service chosen. A plain table (no grid): the public page that shows it has a tight script
 * budget, and a read-only list needs no grid keyboard model.
 */
export function ServicesCatalogueView({
  services,
  error = null,
  orderHref = defaultOrderHref,
  headingLevel = 1,
}: ServicesCatalogueViewProps) {
  const [search, setSearch] = useState('')
  const [category, setCategory] = useState(ALL_CATEGORIES)
  const [sort, setSort] = useState<CatalogueSort>('category')

  const all = services ?? []
  const shown = viewCatalogue(all, { search, category: category === ALL_CATEGORIES ? '' : category, sort })
  const isLoading = services === undefined && error === null
  const searchId = useId()

  return (
    <Stack as="section" gap="large" aria-labelledby="services-catalogue-heading">
      <Stack gap="xsmall">
        <Heading level={headingLevel} id="services-catalogue-heading">
          Services
        </Heading>
        <Text tone="muted">
          Every service we offer with its price per 1,000, its limits and how long its orders took over the
          last 30 days.
        </Text>
      </Stack>
      <div className={controls}>
        {/* A native search input: react-aria's TextField would take the public page past its script budget. */}
        <div className={searchField}>
          <label htmlFor={searchId} className={searchLabel}>
            Search services
          </label>
          <input
            id={searchId}
            type="search"
            className={searchInput}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        </div>
        <Select
          label="Category"
          items={[
            { id: ALL_CATEGORIES, label: 'All categories' },
            ...catalogueCategories(all).map((name) => ({ id: name, label: name })),
          ]}
          value={category}
          onChange={(value) => setCategory(String(value))}
        />
        <Select
          label="Sort by"
          items={CATALOGUE_SORTS.map((id) => ({ id, label: CATALOGUE_SORT_LABELS[id] }))}
          value={sort}
          onChange={(value) => setSort(value as CatalogueSort)}
        />
      </div>
      {error === null ? null : <Banner tone="error">{error}</Banner>}
      {services === undefined ? null : (
        <Text tone="muted" aria-live="polite">
          {shown.length === 1 ? '1 service' : `${countFormat.format(shown.length)} services`}
        </Text>
      )}
      {/* Focusable, so that a keyboard can scroll the table sideways on a narrow screen. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region, see above */}
      <div className={tableFrame} role="region" aria-label="Services table" tabIndex={0}>
        <table className={table} aria-label="Services">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className={headerCell}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((service) => (
              <tr key={service.id}>
                <th scope="row" className={cell}>
                  <span className={serviceName}>{service.displayName}</span>
                  {service.description === '' ? null : (
                    <span className={serviceDescription}>{service.description}</span>
                  )}
                </th>
                <td className={cell}>{categoryOf(service)}</td>
                <td className={numberCell}>{rateFormat.format(service.ratePer1k)}</td>
                <td className={numberCell}>
                  {countFormat.format(service.minQuantity)} / {countFormat.format(service.maxQuantity)}
                </td>
                <td className={cell}>{formatCompletionTime(service.averageCompletionSeconds)}</td>
                <td className={cell}>{service.refill ? 'Yes' : 'No'}</td>
                <td className={cell}>{service.cancel ? 'Yes' : 'No'}</td>
                <td className={cell}>
                  <Link
                    variant="button"
                    size="small"
                    href={orderHref(service.name)}
                    aria-label={`Order ${service.displayName}`}
                  >
                    Order
                  </Link>
                </td>
              </tr>
            ))}
            {shown.length > 0 || error !== null ? null : (
              <tr>
                <td className={cell} colSpan={columns.length}>
                  {isLoading ? (
                    <Spinner label="Loading services" />
                  ) : all.length === 0 ? (
                    NO_SERVICES_OFFERED
                  ) : (
                    NO_SERVICES_MATCH
                  )}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </Stack>
  )
}
