import { useId, useState } from 'react'
import {
  formatUsd,
  refillStatusLabel,
  statusLabel,
  type AdminJob,
  type AdminLedgerEntry,
  type AdminRefill,
  type AuditEntry,
} from '@engage/contract'
import { useAdminOrder } from '@engage/client'
import {
  Badge,
  Banner,
  Button,
  Card,
  Heading,
  Icon,
  Link,
  Spinner,
  Stack,
  Table,
  Text,
  type TableColumn,
} from '@engage/ui'
import { StatusBadge } from '../StatusBadge'
import {
  AdminDetails,
  AdminErrorBanner,
  formatDateTime,
  formatJson,
  formatSignedUsd,
  humanise,
  useOperator,
} from '../AdminShared'
import { AdminOrderActionDialog, refundableOf, type OrderActionKind } from './AdminOrderActionDialog'

const jobColumns: readonly TableColumn<AdminJob>[] = [
  { id: 'kind', name: 'Step', isRowHeader: true, render: (job) => humanise(job.kind) },
  {
    id: 'status',
    name: 'State',
    render: (job) => (
      <Badge tone={job.status === 'dead' ? 'critical' : job.status === 'done' ? 'success' : 'info'}>
        {humanise(job.status)}
      </Badge>
    ),
  },
  {
    id: 'attempts',
    name: 'Attempts',
    align: 'end',
    render: (job) => `${job.attempts} of ${job.max_attempts}`,
  },
  { id: 'error', name: 'Last error', render: (job) => job.last_error ?? '—' },
  { id: 'updated', name: 'Updated', render: (job) => formatDateTime(job.updated_at) },
]

const ledgerColumns: readonly TableColumn<AdminLedgerEntry>[] = [
  { id: 'date', name: 'Date', render: (entry) => formatDateTime(entry.created_at) },
  { id: 'kind', name: 'Kind', isRowHeader: true, render: (entry) => humanise(entry.kind) },
  { id: 'amount', name: 'Amount', align: 'end', render: (entry) => formatSignedUsd(entry.amount) },
  { id: 'note', name: 'Reason', render: (entry) => entry.note ?? '—' },
]

const refillColumns: readonly TableColumn<AdminRefill>[] = [
  { id: 'date', name: 'Asked', render: (refill) => formatDateTime(refill.created_at) },
  { id: 'status', name: 'State', isRowHeader: true, render: (refill) => refillStatusLabel(refill.status) },
  { id: 'upstream', name: 'Provider refill', render: (refill) => refill.upstream_refill_id ?? '—' },
  { id: 'reason', name: 'Reason', render: (refill) => refill.reason ?? '—' },
]

const auditColumns: readonly TableColumn<AuditEntry>[] = [
  { id: 'date', name: 'When', render: (entry) => formatDateTime(entry.created_at) },
  { id: 'who', name: 'Who', render: (entry) => entry.actor_email },
  { id: 'action', name: 'What', isRowHeader: true, render: (entry) => entry.action },
  { id: 'reason', name: 'Reason', render: (entry) => entry.reason ?? '—' },
]

export interface AdminOrderDetailProps {
  orderId: string
  onClose: () => void
}

/**
 * One order with its upstream history: where it was placed, the jobs that placed, synced and cancelled it,
 * the money it moved, its refills and the operator actions on it; and the actions on it.
 */
export function AdminOrderDetail({ orderId, onClose }: AdminOrderDetailProps) {
  const headingId = useId()
  const detail = useAdminOrder(orderId)
  const { can } = useOperator()
  const [action, setAction] = useState<OrderActionKind | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  if (detail.isPending) {
    return (
      <Card>
        <Spinner label="Loading the order" />
      </Card>
    )
  }
  if (detail.isError) {
    return (
      <AdminErrorBanner
        title="Failed to load the order"
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    )
  }
  const { order, upstream } = detail.data
  const refundable = refundableOf(order)
  const actions: { kind: OrderActionKind; label: string; shown: boolean; tone: 'secondary' | 'critical' }[] =
    [
      {
        kind: 'retry',
        label: 'Retry',
        shown: order.status === 'paused' && can('adminRetryOrder'),
        tone: 'secondary',
      },
      {
        kind: 'pause',
        label: 'Pause',
        shown: order.status === 'pending' && upstream.attempted_at === null && can('adminPauseOrder'),
        tone: 'secondary',
      },
      {
        kind: 'cancel',
        label: 'Cancel order',
        shown:
          (order.status === 'pending' || order.status === 'processing' || order.status === 'paused') &&
          can('adminCancelOrder'),
        tone: 'critical',
      },
      { kind: 'refund', label: 'Refund', shown: refundable > 0 && can('adminRefundOrder'), tone: 'critical' },
      { kind: 'status', label: 'Set status', shown: can('adminSetOrderStatus'), tone: 'secondary' },
    ]

  return (
    <Card as="section" aria-labelledby={headingId}>
      <Stack gap="large">
        <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap="small">
          <Stack direction="row" gap="small" alignItems="center" wrap>
            <Heading level={3} id={headingId}>
              Order #{order.id}
            </Heading>
            <StatusBadge kind="order" status={order.status} />
          </Stack>
          <Button
            tone="ghost"
            size="small"
            isIconOnly
            aria-label={`Close order ${order.id}`}
            onPress={onClose}
          >
            <Icon name="close" size="small" />
          </Button>
        </Stack>
        <AdminDetails
          items={[
            { term: 'Customer', value: order.user_email },
            { term: 'Service', value: order.service_type },
            {
              term: 'Link',
              value: (
                <Link href={order.target_url} target="_blank" rel="noreferrer">
                  {order.target_url}
                </Link>
              ),
            },
            { term: 'Quantity', value: order.quantity.toLocaleString('en-US') },
            { term: 'Charge', value: formatUsd(order.charge) },
            { term: 'Refunded', value: formatUsd(order.refunded) },
            { term: 'Start count', value: order.start_count === null ? '—' : String(order.start_count) },
            { term: 'Remains', value: order.remains === null ? '—' : String(order.remains) },
            { term: 'Placed', value: formatDateTime(order.created_at) },
            { term: 'Updated', value: formatDateTime(order.updated_at) },
            ...(order.paused_reason ? [{ term: 'Paused because', value: order.paused_reason }] : []),
          ]}
        />
        <Stack gap="small">
          <Heading level={4}>Upstream</Heading>
          <AdminDetails
            items={[
              { term: 'Provider', value: upstream.provider_name ?? 'None (manual)' },
              { term: 'Provider service', value: upstream.remote_service_id ?? '—' },
              { term: 'Provider order', value: upstream.upstream_order_id ?? '—' },
              {
                term: 'First sent',
                value:
                  upstream.attempted_at === null
                    ? 'Not yet'
                    : `${formatDateTime(upstream.attempted_at)}${upstream.upstream_order_id === null ? ' (no answer: never resent)' : ''}`,
              },
            ]}
          />
        </Stack>
        {notice ? (
          <Banner tone="success" onDismiss={() => setNotice(null)}>
            {notice}
          </Banner>
        ) : null}
        {actions.some((entry) => entry.shown) ? (
          <Stack direction="row" gap="small" wrap aria-label={`Actions on order ${order.id}`} role="group">
            {actions
              .filter((entry) => entry.shown)
              .map((entry) => (
                <Button key={entry.kind} tone={entry.tone} onPress={() => setAction(entry.kind)}>
                  {entry.label}
                </Button>
              ))}
          </Stack>
        ) : null}

        <Stack gap="small">
          <Heading level={4}>Jobs</Heading>
          <Table
            aria-label={`Jobs of order ${order.id}`}
            columns={jobColumns}
            rows={detail.data.jobs}
            emptyState="No jobs."
          />
        </Stack>
        <Stack gap="small">
          <Heading level={4}>Money</Heading>
          <Table
            aria-label={`Ledger entries of order ${order.id}`}
            columns={ledgerColumns}
            rows={detail.data.ledger}
            emptyState="No ledger entries."
          />
        </Stack>
        {detail.data.refills.length > 0 ? (
          <Stack gap="small">
            <Heading level={4}>Refills</Heading>
            <Table
              aria-label={`Refills of order ${order.id}`}
              columns={refillColumns}
              rows={detail.data.refills}
            />
          </Stack>
        ) : null}
        <Stack gap="small">
          <Heading level={4}>Operator actions</Heading>
          <Table
            aria-label={`Operator actions on order ${order.id}`}
            columns={auditColumns}
            rows={detail.data.audit}
            emptyState="No operator actions yet."
            renderDetails={(entry) => (
              <Stack gap="xsmall">
                <Text size="small">Before: {formatJson(entry.before)}</Text>
                <Text size="small">After: {formatJson(entry.after)}</Text>
              </Stack>
            )}
          />
        </Stack>
      </Stack>
      <AdminOrderActionDialog
        target={action === null ? null : { order, kind: action }}
        onClose={() => setAction(null)}
        onDone={(answer) => setNotice(`${answer.message} (${statusLabel(answer.order.status)})`)}
      />
    </Card>
  )
}
