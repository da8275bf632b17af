import { useState } from 'react'
import {
  CATALOGUE_SORT_LABELS,
  CATALOGUE_SORTS,
  catalogueCategories,
  categoryOf,
  formatCompletionTime,
  type CatalogueService,
  type CatalogueSort,
  viewCatalogue,
} from '@engage/contract'
import { isApiError, useServiceCatalogue } from '@engage/client'
import { Banner, Heading, Link, Select, Stack, Table, Text, TextField, type TableColumn } from '@engage/ui'
import { controls, nowrap, serviceDescription, serviceName } from './ServicesCatalogue.css'

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

export interface ServicesCatalogueProps {
  /** The link of a service's Order button. @default defaultOrderHref */
  orderHref?: (serviceName: string) => string
  /** The page heading's level: 1 on its own page. @default 1 */
  headingLevel?: 1 | 2
}

function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No'
}

/**
 * Every service with its category, rate per 1,000, limits, refill and cancel, description and average
 * completion time over the last 30 days; searchable, filtered by category and sorted. "Order" opens the order
 * form with the service chosen.
 */
export function ServicesCatalogue({
  orderHref = defaultOrderHref,
  headingLevel = 1,
}: ServicesCatalogueProps) {
  const catalogue = useServiceCatalogue()
  const [search, setSearch] = useState('')
  const [category, setCategory] = useState(ALL_CATEGORIES)
  const [sort, setSort] = useState<CatalogueSort>('category')

  const services = catalogue.data ?? []
  const categories = catalogueCategories(services)
  const shown = viewOf(services, search, category, sort)

  const columns: TableColumn<CatalogueService>[] = [
    {
      id: 'service',
      name: 'Service',
      isRowHeader: true,
      render: (service) => (
        <Stack gap="xxsmall">
          <span className={serviceName}>{service.displayName}</span>
          {service.description === '' ? null : (
            <span className={serviceDescription}>{service.description}</span>
          )}
        </Stack>
      ),
    },
    { id: 'category', name: 'Category', render: categoryOf },
    {
      id: 'rate',
      name: 'Rate per 1,000',
      align: 'end',
      render: (service) => rateFormat.format(service.ratePer1k),
    },
    {
      id: 'limits',
      name: 'Min / Max',
      align: 'end',
      render: (service) => (
        <span className={nowrap}>
          {countFormat.format(service.minQuantity)} / {countFormat.format(service.maxQuantity)}
        </span>
      ),
    },
    {
      id: 'time',
      name: 'Average time',
      render: (service) => (
        <span className={nowrap}>{formatCompletionTime(service.averageCompletionSeconds)}</span>
      ),
    },
    { id: 'refill', name: 'Refill', render: (service) => yesNo(service.refill) },
    { id: 'cancel', name: 'Cancel', render: (service) => yesNo(service.cancel) },
    {
      id: 'order',
      name: 'Order',
      render: (service) => (
        <Link
          variant="button"
          size="small"
          href={orderHref(service.name)}
          aria-label={`Order ${service.displayName}`}
        >
          Order
        </Link>
      ),
    },
  ]

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
        <TextField label="Search services" type="search" value={search} onChange={setSearch} />
        <Select
          label="Category"
          items={[
            { id: ALL_CATEGORIES, label: 'All categories' },
            ...categories.map((name) => ({ id: name, label: name })),
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
      {catalogue.isError ? (
        <Banner tone="error">
          {isApiError(catalogue.error) && catalogue.error.status !== null && catalogue.error.status < 500
            ? catalogue.error.detail
            : CATALOGUE_LOAD_FAILED}
        </Banner>
      ) : null}
      {catalogue.isSuccess ? (
        <Text tone="muted" aria-live="polite">
          {shown.length === 1 ? '1 service' : `${countFormat.format(shown.length)} services`}
        </Text>
      ) : null}
      <Table
        aria-label="Services"
        columns={columns}
        rows={shown}
        isLoading={catalogue.isPending}
        loadingLabel="Loading services"
        emptyState={services.length === 0 ? NO_SERVICES_OFFERED : NO_SERVICES_MATCH}
      />
    </Stack>
  )
}

function viewOf(
  services: readonly CatalogueService[],
  search: string,
  category: string,
  sort: CatalogueSort,
) {
  return viewCatalogue(services, { search, category: category === ALL_CATEGORIES ? '' : category, sort })
}
