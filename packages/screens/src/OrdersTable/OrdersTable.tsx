import { Suspense, useState } from 'react'
import {
  ALL_PAUSED_ORDERS_QUEUED,
  canCancelOrder,
  canRetryOrder,
  CANCEL_ORDER_CONFIRMATION,
  FAILED_TO_CANCEL_ORDER,
  FAILED_TO_FETCH_ORDERS,
  FAILED_TO_REQUEST_REFILL,
  formatLedgerUsd,
  isRefillActive,
  FAILED_TO_RETRY_ORDER,
  FAILED_TO_RETRY_ORDERS,
  NO_ORDERS_FOUND,
  normaliseOrderStatus,
  ORDER_CANCEL_REQUESTED,
  ORDER_CANCELLED,
  ORDER_CANCELLING,
  orderQueuedForRetry,
  REFILL_CONFIRMATION,
  REFILL_REQUESTED,
  refillExplanation,
  refillStatusLabel,
  serviceDisplayName,
  shortenLink,
} from '@engage/contract'
import {
  isApiError,
  useClient,
  useCancelOrder,
  useOrders,
  useRequestRefill,
  useRetryAllOrders,
  useRetryOrder,
  type NormalisedOrder,
} from '@engage/client'
import {
  AlertDialog,
  Badge,
  Banner,
  Box,
  Button,
  Heading,
  Popover,
  Spinner,
  Stack,
  Table,
  type TableColumn,
} from '@engage/ui'
import { StatusBadge } from '../StatusBadge'
import { useCustomerDates } from '../CustomerDates'
import { useOrderMessages } from '../OrderForm/OrderFormMessages'
import { OrderDetailCard } from '../OrderDetailCard'
import { lazyPart } from '../Dashboard/lazyPart'
import { toOrderFilterQuery, type OrderHistoryFilters } from '../OrderHistory/orderHistoryFilters'
import { saveFile } from '../OrderHistory/saveFile'
import { actionsCell, fullLink, linkTrigger, tableHeader } from './OrdersTable.css'

const countFormat = new Intl.NumberFormat('en-US')

// The orders page's filter bar (search, menus and date fields): the dashboard's recent orders have none, so its
// code loads when a page first shows it.
const OrderHistoryFiltersBar = lazyPart(() =>
  import('../OrderHistory/OrderHistoryFilters').then((module) => module.OrderHistoryFiltersBar),
)

/** House text: the confirmation dialog's explanation under the spec's question. */
export function cancelOrderExplanation(order: NormalisedOrder): string {
  return `Order ${order.id} (${serviceDisplayName(order.serviceType)}, ${countFormat.format(order.quantity)}) will be cancelled and its charge refunded to your balance.`
}

export interface OrdersTableProps {
  /** The heading over the list. @default 'Orders' */
  title?: string
  /** Orders per page; Load more fetches the next page. @default 50 */
  pageSize?: number
  /** The search and filters, when the list offers them (the orders page keeps them in the address bar). */
  filters?: OrderHistoryFilters
  /** Called with what the filter bar changed; with it the list shows the filter bar and Export CSV. */
  onFiltersChange?: (change: Partial<OrderHistoryFilters>) => void
  /** Service names the Service filter offers. @default the services of the loaded orders */
  services?: readonly string[]
}

/** The link cell: shortened, the whole link on hover, focus or tap (with a way to open it). */
function LinkCell({ order }: { order: NormalisedOrder }) {
  if (order.url === '') return null
  return (
    <Popover
      title={`Link of order ${order.id}`}
      trigger={shortenLink(order.url)}
      triggerClassName={linkTrigger}
    >
      <a className={fullLink} href={order.url} target="_blank" rel="noopener noreferrer">
        {order.url}
      </a>
    </Popover>
  )
}

/** What the confirmation dialog asks about: cancelling an order, or asking for its refill. */
type Confirming = { action: 'cancel' | 'refill'; order: NormalisedOrder }

/**
 * The orders list: Date, Service (with a detail card), Quantity, Status and Actions: Cancel for pending or
 * processing orders after a confirmation, Retry for paused ones (and Retry All), Refill after a confirmation
 * for completed orders the server marks refillable, and the state of a refill under way. Polled every 20 s.
 */
export function OrdersTable({
  title = 'Orders',
  pageSize,
  filters,
  onFiltersChange,
  services,
}: OrdersTableProps) {
  const filterQuery = filters === undefined ? undefined : toOrderFilterQuery(filters)
  const orders = useOrders({
    ...(pageSize === undefined ? {} : { limit: pageSize }),
    ...(filterQuery === undefined ? {} : { filters: filterQuery }),
  })
  const client = useClient()
  const [isExporting, setExporting] = useState(false)
  const cancelOrder = useCancelOrder()
  const retryOrder = useRetryOrder()
  const retryAllOrders = useRetryAllOrders()
  const requestRefill = useRequestRefill()
  const messages = useOrderMessages()
  const dates = useCustomerDates()
  const [confirming, setConfirming] = useState<Confirming | null>(null)
  // Orders whose cancellation the server accepted but the provider has yet to confirm (the answer 202): they
  // show as cancelling, without a second Cancel, until a refresh brings their new status.
  const [cancelRequested, setCancelRequested] = useState<ReadonlySet<string>>(() => new Set())
  const isCancelling = (order: NormalisedOrder) =>
    cancelRequested.has(order.id) && canCancelOrder(order.status)

  const rows = orders.data ?? []
  const hasPausedOrders = rows.some((order) => canRetryOrder(order.status))

  const cancel = async (order: NormalisedOrder) => {
    try {
      const answer = await cancelOrder.mutateAsync(order.id)
      if (normaliseOrderStatus(answer.status) === 'cancelled') {
        messages.success(ORDER_CANCELLED)
      } else {
        setCancelRequested((current) => new Set(current).add(order.id))
        messages.success(ORDER_CANCEL_REQUESTED)
      }
    } catch (error) {
      messages.failure(error, FAILED_TO_CANCEL_ORDER)
    }
  }

  const retry = async (order: NormalisedOrder) => {
    try {
      const answer = await retryOrder.mutateAsync(order.id)
      messages.success(orderQueuedForRetry(answer.order.id))
    } catch (error) {
      messages.failure(error, FAILED_TO_RETRY_ORDER)
    }
  }

  const refill = async (order: NormalisedOrder) => {
    try {
      await requestRefill.mutateAsync(order.id)
      messages.success(REFILL_REQUESTED)
    } catch (error) {
      messages.failure(error, FAILED_TO_REQUEST_REFILL)
    }
  }

  const retryAll = async () => {
    try {
      const answer = await retryAllOrders.mutateAsync()
      // The list may be older than the server's: when nothing was paused any more the server says so.
      messages.success(answer.orders.length > 0 ? ALL_PAUSED_ORDERS_QUEUED : answer.message)
    } catch (error) {
      messages.failure(error, FAILED_TO_RETRY_ORDERS)
    }
  }

  const exportCsv = async () => {
    setExporting(true)
    try {
      saveFile(await client.exportOrders(filterQuery ?? {}), 'orders.csv')
    } catch (error) {
      messages.failure(error, 'Could not export the orders')
    } finally {
      setExporting(false)
    }
  }

  // Buttons that disappear once their action succeeds (a cancelled order has no Cancel) are disabled while it
  // runs rather than pending: React Aria would announce the end of pending by the id of a button that is gone.
  const columns: TableColumn<NormalisedOrder>[] = [
    { id: 'id', name: 'Order ID', render: (order) => `#${order.id}` },
    // With the time, since several orders a day are usual, on the customer's clock.
    { id: 'date', name: 'Date', render: (order) => dates.dateTime(order.date) },
    {
      id: 'service',
      name: 'Service',
      isRowHeader: true,
      render: (order) => <OrderDetailCard order={order} dateTime={dates.dateTime} />,
    },
    { id: 'link', name: 'Link', render: (order) => <LinkCell order={order} /> },
    { id: 'quantity', name: 'Quantity', align: 'end', render: (order) => countFormat.format(order.quantity) },
    {
      id: 'charge',
      name: 'Charge',
      align: 'end',
      render: (order) => (order.charge === null ? '' : formatLedgerUsd(order.charge)),
    },
    {
      id: 'status',
      name: 'Status',
      render: (order) =>
        isCancelling(order) ? (
          <Badge tone="neutral">{ORDER_CANCELLING}</Badge>
        ) : (
          <StatusBadge kind="order" status={order.status} />
        ),
    },
    {
      id: 'actions',
      name: 'Actions',
      render: (order) => (
        <div className={actionsCell}>
          {canCancelOrder(order.status) && !isCancelling(order) ? (
            <Button
              size="small"
              tone="secondary"
              aria-label={`Cancel order ${order.id}`}
              isDisabled={cancelOrder.isPending && cancelOrder.variables === order.id}
              onPress={() => setConfirming({ action: 'cancel', order })}
            >
              Cancel
            </Button>
          ) : null}
          {order.refillable ? (
            <Button
              size="small"
              tone="secondary"
              aria-label={`Refill order ${order.id}`}
              isDisabled={requestRefill.isPending && requestRefill.variables === order.id}
              onPress={() => setConfirming({ action: 'refill', order })}
            >
              Refill
            </Button>
          ) : null}
          {order.refill && isRefillActive(order.refill.status) ? (
            <Badge tone="info">{`Refill ${refillStatusLabel(order.refill.status).toLowerCase()}`}</Badge>
          ) : null}
          {canRetryOrder(order.status) ? (
            <Button
              size="small"
              tone="secondary"
              aria-label={`Retry order ${order.id}`}
              isDisabled={retryOrder.isPending && retryOrder.variables === order.id}
              onPress={() => void retry(order)}
            >
              Retry
            </Button>
          ) : null}
        </div>
      ),
    },
  ]

  return (
    <Stack as="section" gap="medium" aria-label={title}>
      <div className={tableHeader}>
        <Heading level={2} size="medium">
          {title}
        </Heading>
        {hasPausedOrders ? (
          <Button
            size="small"
            tone="secondary"
            isDisabled={retryAllOrders.isPending}
            onPress={() => void retryAll()}
          >
            Retry All Paused
          </Button>
        ) : null}
      </div>
      {filters !== undefined && onFiltersChange !== undefined ? (
        <Suspense fallback={<Spinner label="Loading the filters" />}>
          <OrderHistoryFiltersBar
            value={filters}
            onChange={onFiltersChange}
            services={services ?? [...new Set(rows.map((order) => order.serviceType))]}
            onExport={() => void exportCsv()}
            isExporting={isExporting}
          />
        </Suspense>
      ) : null}
      {orders.isError ? (
        <Banner tone="error">
          {isApiError(orders.error) ? orders.error.detail : FAILED_TO_FETCH_ORDERS}
        </Banner>
      ) : null}
      <Table
        aria-label={title}
        columns={columns}
        rows={rows}
        isLoading={orders.isPending && !orders.isError}
        loadingLabel="Loading orders"
        emptyState={NO_ORDERS_FOUND}
      />
      {orders.hasNextPage ? (
        <Box display="flex" justifyContent="center" alignItems="center" gap="small">
          <Button tone="secondary" onPress={() => void orders.fetchNextPage()}>
            Load more
          </Button>
          {orders.isFetchingNextPage ? <Spinner size="small" label="Loading more orders" /> : null}
        </Box>
      ) : null}
      <AlertDialog
        isOpen={confirming !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setConfirming(null)
        }}
        {...(confirming?.action === 'refill'
          ? {
              title: REFILL_CONFIRMATION,
              message: refillExplanation(confirming.order.id),
              tone: 'primary',
              confirmLabel: 'Request Refill',
              cancelLabel: 'Not Now',
            }
          : {
              title: CANCEL_ORDER_CONFIRMATION,
              message: confirming ? cancelOrderExplanation(confirming.order) : '',
              tone: 'critical',
              confirmLabel: 'Cancel Order',
              cancelLabel: 'Keep Order',
            })}
        onConfirm={() => {
          if (confirming?.action === 'refill') void refill(confirming.order)
          else if (confirming) void cancel(confirming.order)
        }}
      />
    </Stack>
  )
}
