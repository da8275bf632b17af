import { useId, useState } from 'react'
import { formatUsd, ORDER_STATUSES, shortenLink, statusLabel, type AdminOrder } from '@engage/contract'
import { isApiError, useAdminClient, useAdminOrders, type AdminOrderFilters } from '@engage/client'
import { Banner, Button, Form, Popover, Select, Stack, Text, TextField, type TableColumn } from '@engage/ui'
import { saveFile, toOrderFilterQuery } from '../OrderHistory'
import { StatusBadge } from '../StatusBadge'
import { AdminPagedTable, AdminSectionHeader, formatDateTime, useCursorPages } from '../AdminShared'
import { AdminOrderDetail } from './AdminOrderDetail'

export const ORDERS_TITLE = 'Orders'
export const NO_ORDERS_MATCH = 'No orders match these filters.'
const ANY_STATUS = 'any'
export const ORDERS_EXPORT_FAILED = 'Could not export the orders'

const emptyDraft = { status: ANY_STATUS, search: '', service: '', user: '', link: '', from: '', to: '' }

/** The applied filters of a draft: the days become instants in the browser's time zone, as the customer's. */
function filtersOf(draft: typeof emptyDraft): AdminOrderFilters {
  const dates = toOrderFilterQuery({ search: '', status: '', service: '', from: draft.from, to: draft.to })
  return {
    status: draft.status === ANY_STATUS ? undefined : draft.status,
    search: draft.search.trim() || undefined,
    service: draft.service.trim() || undefined,
    user: draft.user.trim() || undefined,
    link: draft.link.trim() || undefined,
    from: dates.from,
    to: dates.to,
  }
}

/**
 * Every customer's orders, newest first: search by id or link, filter by status, service, user, link and dates,
 * export what the filters select as CSV, page through, open one for
 * its upstream history and act on it (retry, pause, cancel, refund fully or partly, set the status).
 */
export function AdminOrders({
  initialFilters = {},
}: {
  /** Filters applied at first. */ initialFilters?: AdminOrderFilters
}) {
  const headingId = useId()
  const [draft, setDraft] = useState({
    ...emptyDraft,
    status: initialFilters.status ?? ANY_STATUS,
    search: initialFilters.search ?? '',
    service: initialFilters.service ?? '',
    user: initialFilters.user ?? '',
    link: initialFilters.link ?? '',
  })
  const client = useAdminClient()
  const [exporting, setExporting] = useState(false)
  const [exportError, setExportError] = useState<string | null>(null)
  const [filters, setFilters] = useState<AdminOrderFilters>(initialFilters)
  const pages = useCursorPages()
  const orders = useAdminOrders(filters, pages.cursor)
  const [openId, setOpenId] = useState<string | null>(null)

  const exportCsv = async () => {
    setExporting(true)
    setExportError(null)
    try {
      saveFile(await client.exportOrders(filters), 'orders.csv')
    } catch (error) {
      setExportError(isApiError(error) ? error.detail : ORDERS_EXPORT_FAILED)
    } finally {
      setExporting(false)
    }
  }

  const columns: readonly TableColumn<AdminOrder>[] = [
    { id: 'id', name: 'Order', isRowHeader: true, render: (order) => `#${order.id}` },
    { id: 'date', name: 'Placed', render: (order) => formatDateTime(order.created_at) },
    { id: 'user', name: 'Customer', render: (order) => order.user_email },
    {
      id: 'service',
      name: 'Service',
      render: (order) => (
        <Stack gap="xxsmall">
          <span>{order.service_type}</span>
          <Popover title={`Link of order ${order.id}`} trigger={shortenLink(order.target_url, 40)}>
            <a href={order.target_url} target="_blank" rel="noopener noreferrer">
              {order.target_url}
            </a>
          </Popover>
        </Stack>
      ),
    },
    {
      id: 'quantity',
      name: 'Quantity',
      align: 'end',
      render: (order) => order.quantity.toLocaleString('en-US'),
    },
    {
      id: 'charge',
      name: 'Charge',
      align: 'end',
      render: (order) => (
        <Stack gap="xxsmall">
          <span>{formatUsd(order.charge)}</span>
          {order.refunded > 0 ? (
            <Text size="small" tone="muted">
              {formatUsd(order.refunded)} refunded
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { id: 'status', name: 'Status', render: (order) => <StatusBadge kind="order" status={order.status} /> },
    {
      id: 'actions',
      name: 'Actions',
      align: 'end',
      render: (order) => (
        <Button
          tone="secondary"
          size="small"
          aria-label={`Open order ${order.id}`}
          onPress={() => setOpenId(order.id)}
        >
          Open
        </Button>
      ),
    },
  ]

  return (
    <Stack as="section" gap="medium" aria-labelledby={headingId}>
      <AdminSectionHeader
        headingId={headingId}
        title={ORDERS_TITLE}
        description="Every order on the panel; open one for its upstream history and to act on it."
      />
      <Form
        aria-label="Filter orders"
        onSubmit={(event) => {
          event.preventDefault()
          pages.reset()
          setOpenId(null)
          setFilters(filtersOf(draft))
        }}
      >
        <Stack gap="medium">
          <Stack direction={{ mobile: 'column', tablet: 'row' }} gap="medium" wrap>
            <Select
              label="Status"
              value={draft.status}
              onChange={(key) => setDraft((current) => ({ ...current, status: String(key) }))}
              items={[
                { id: ANY_STATUS, label: 'Any status' },
                ...ORDER_STATUSES.map((status) => ({ id: status, label: statusLabel(status) })),
              ]}
            />
            <TextField
              label="Search"
              description="Order ID or part of a link"
              type="search"
              value={draft.search}
              onChange={(search) => setDraft((current) => ({ ...current, search }))}
            />
            <TextField
              label="Service"
              description="e.g. followers"
              value={draft.service}
              onChange={(service) => setDraft((current) => ({ ...current, service }))}
            />
            <TextField
              label="User"
              description="Email or user id"
              value={draft.user}
              onChange={(user) => setDraft((current) => ({ ...current, user }))}
            />
            <TextField
              label="Link contains"
              value={draft.link}
              onChange={(link) => setDraft((current) => ({ ...current, link }))}
            />
            <TextField
              label="From"
              type="date"
              value={draft.from}
              onChange={(from) => setDraft((current) => ({ ...current, from }))}
            />
            <TextField
              label="To"
              type="date"
              value={draft.to}
              onChange={(to) => setDraft((current) => ({ ...current, to }))}
            />
          </Stack>
          <Stack direction="row" gap="small" wrap>
            <Button type="submit">Apply filters</Button>
            <Button
              tone="secondary"
              onPress={() => {
                setDraft(emptyDraft)
                pages.reset()
                setFilters({})
              }}
            >
              Clear
            </Button>
            <Button tone="secondary" isDisabled={exporting} onPress={() => void exportCsv()}>
              {exporting ? 'Exporting…' : 'Export CSV'}
            </Button>
          </Stack>
        </Stack>
      </Form>
      {exportError === null ? null : <Banner tone="error">{exportError}</Banner>}
      <AdminPagedTable
        errorTitle="Failed to load the orders"
        query={orders}
        pages={pages}
        pagesLabel="Orders pages"
        aria-label={ORDERS_TITLE}
        columns={columns}
        rows={orders.data?.orders ?? []}
        loadingLabel="Loading orders"
        emptyState={NO_ORDERS_MATCH}
      />
      {openId === null ? null : (
        <AdminOrderDetail key={openId} orderId={openId} onClose={() => setOpenId(null)} />
      )}
    </Stack>
  )
}
