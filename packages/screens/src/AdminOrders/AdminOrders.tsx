import { useId, useState } from 'react'
import { formatUsd, ORDER_STATUSES, statusLabel, type AdminOrder } from '@engage/contract'
import { useAdminOrders, type AdminOrderFilters } from '@engage/client'
import { Button, Form, Select, Stack, Text, TextField, type TableColumn } from '@engage/ui'
import { StatusBadge } from '../StatusBadge'
import { AdminPagedTable, AdminSectionHeader, formatDateTime, useCursorPages } from '../AdminShared'
import { AdminOrderDetail } from './AdminOrderDetail'

export const ORDERS_TITLE = 'Orders'
export const NO_ORDERS_MATCH = 'No orders match these filters.'
const ANY_STATUS = 'any'

/**
 * Every customer's orders, newest first: filter by status, service, user and link, page through, open one for
 * its upstream history and act on it (retry, pause, cancel, refund fully or partly, set the status).
 */
export function AdminOrders({
  initialFilters = {},
}: {
  /** Filters applied at first. */ initialFilters?: AdminOrderFilters
}) {
  const headingId = useId()
  const [draft, setDraft] = useState({
    status: initialFilters.status ?? ANY_STATUS,
    service: initialFilters.service ?? '',
    user: initialFilters.user ?? '',
    link: initialFilters.link ?? '',
  })
  const [filters, setFilters] = useState<AdminOrderFilters>(initialFilters)
  const pages = useCursorPages()
  const orders = useAdminOrders(filters, pages.cursor)
  const [openId, setOpenId] = useState<string | null>(null)

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
          <Text size="small" tone="muted">
            {order.target_url}
          </Text>
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
          setFilters({
            status: draft.status === ANY_STATUS ? undefined : draft.status,
            service: draft.service.trim() || undefined,
            user: draft.user.trim() || undefined,
            link: draft.link.trim() || undefined,
          })
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
          </Stack>
          <Stack direction="row" gap="small">
            <Button type="submit">Apply filters</Button>
            <Button
              tone="secondary"
              onPress={() => {
                setDraft({ status: ANY_STATUS, service: '', user: '', link: '' })
                pages.reset()
                setFilters({})
              }}
            >
              Clear
            </Button>
          </Stack>
        </Stack>
      </Form>
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
