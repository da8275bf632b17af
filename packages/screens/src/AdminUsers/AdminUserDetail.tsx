import { useId, useState } from 'react'
import { formatUsd, type AdminLedgerEntry, type AdminOrder, type AdminUser } from '@engage/contract'
import { useAdminEnableUser, useAdminUser, useAdminUserLedger } from '@engage/client'
import {
  Badge,
  Banner,
  Button,
  Card,
  Heading,
  Icon,
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
  AdminPagination,
  formatDateTime,
  formatSignedUsd,
  humanise,
  useCursorPages,
  useOperator,
} from '../AdminShared'
import {
  ADJUST_BALANCE,
  AdjustBalanceDialog,
  balanceAdjustedMessage,
  CHANGE_ROLE,
  ChangeRoleDialog,
  DisableUserDialog,
} from './AdminUserDialogs'

export const NO_LEDGER_ENTRIES = 'No ledger entries yet.'
export const NO_USER_ORDERS = 'No orders yet.'

const ledgerColumns: readonly TableColumn<AdminLedgerEntry>[] = [
  { id: 'date', name: 'Date', render: (entry) => formatDateTime(entry.created_at) },
  { id: 'kind', name: 'Kind', isRowHeader: true, render: (entry) => humanise(entry.kind) },
  { id: 'amount', name: 'Amount', align: 'end', render: (entry) => formatSignedUsd(entry.amount) },
  {
    id: 'note',
    name: 'Reason or reference',
    render: (entry) => (
      <Stack gap="xxsmall">
        {entry.note ? <span>{entry.note}</span> : null}
        <Text size="small" tone="muted">
          {entry.reference}
        </Text>
      </Stack>
    ),
  },
]

const orderColumns: readonly TableColumn<AdminOrder>[] = [
  { id: 'id', name: 'Order', isRowHeader: true, render: (order) => `#${order.id}` },
  { id: 'date', name: 'Date', render: (order) => formatDateTime(order.created_at) },
  { id: 'service', name: 'Service', render: (order) => order.service_type },
  {
    id: 'quantity',
    name: 'Quantity',
    align: 'end',
    render: (order) => order.quantity.toLocaleString('en-US'),
  },
  { id: 'charge', name: 'Charge', align: 'end', render: (order) => formatUsd(order.charge) },
  { id: 'status', name: 'Status', render: (order) => <StatusBadge kind="order" status={order.status} /> },
]

export interface AdminUserDetailProps {
  userId: string
  onClose: () => void
}

/** One account: balance (the sum of its ledger), role, sessions, its ledger page by page and its orders. */
export function AdminUserDetail({ userId, onClose }: AdminUserDetailProps) {
  const headingId = useId()
  const detail = useAdminUser(userId)
  const pages = useCursorPages()
  const ledger = useAdminUserLedger(userId, pages.cursor)
  const enable = useAdminEnableUser()
  const { can } = useOperator()
  const [dialog, setDialog] = useState<'adjust' | 'role' | 'disable' | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  if (detail.isPending) {
    return (
      <Card>
        <Spinner label="Loading the account" />
      </Card>
    )
  }
  if (detail.isError) {
    return (
      <AdminErrorBanner
        title="Failed to load the account"
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    )
  }
  const { user } = detail.data
  const dialogUser = (name: typeof dialog): AdminUser | null => (dialog === name ? user : null)

  return (
    <Card as="section" aria-labelledby={headingId}>
      <Stack gap="large">
        <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap="small">
          <Stack gap="xxsmall">
            <Heading level={3} id={headingId}>
              {user.email}
            </Heading>
            <Text tone="muted">{user.username}</Text>
          </Stack>
          <Button tone="ghost" size="small" isIconOnly aria-label={`Close ${user.email}`} onPress={onClose}>
            <Icon name="close" size="small" />
          </Button>
        </Stack>
        <AdminDetails
          items={[
            { term: 'Balance', value: <Text weight="bold">{formatUsd(user.balance)}</Text> },
            { term: 'Sum of the ledger', value: formatUsd(detail.data.ledger_sum) },
            { term: 'Role', value: humanise(user.role) },
            {
              term: 'Status',
              value: user.disabled ? (
                <Badge tone="critical">Disabled {formatDateTime(user.disabled_at)}</Badge>
              ) : (
                <Badge tone="success">Active</Badge>
              ),
            },
            { term: 'Signed-in sessions', value: String(detail.data.active_sessions) },
            { term: 'Joined', value: formatDateTime(user.created_at) },
          ]}
        />
        {notice ? (
          <Banner tone="success" onDismiss={() => setNotice(null)}>
            {notice}
          </Banner>
        ) : null}
        {enable.isError ? (
          <AdminErrorBanner
            title="Failed to enable the account"
            error={enable.error}
            onDismiss={() => enable.reset()}
          />
        ) : null}
        <Stack direction="row" gap="small" wrap>
          {can('adminAdjustBalance') ? (
            <Button tone="secondary" onPress={() => setDialog('adjust')}>
              {ADJUST_BALANCE}
            </Button>
          ) : null}
          {can('adminSetUserRole') ? (
            <Button tone="secondary" onPress={() => setDialog('role')}>
              {CHANGE_ROLE}
            </Button>
          ) : null}
          {user.disabled && can('adminEnableUser') ? (
            <Button
              tone="secondary"
              isDisabled={enable.isPending}
              onPress={() =>
                void enable
                  .mutateAsync({ id: user.id })
                  .then((answer) => setNotice(`${answer.user.email} enabled`))
                  .catch(() => undefined)
              }
            >
              Enable account
            </Button>
          ) : null}
          {!user.disabled && can('adminDisableUser') ? (
            <Button tone="critical" onPress={() => setDialog('disable')}>
              Disable account
            </Button>
          ) : null}
        </Stack>

        <Stack gap="small">
          <Heading level={4}>Ledger</Heading>
          {ledger.isError ? (
            <AdminErrorBanner
              title="Failed to load the ledger"
              error={ledger.error}
              onRetry={() => void ledger.refetch()}
            />
          ) : (
            <Table
              aria-label={`Ledger of ${user.email}`}
              columns={ledgerColumns}
              rows={ledger.data?.entries ?? []}
              isLoading={ledger.isPending}
              loadingLabel="Loading the ledger"
              emptyState={NO_LEDGER_ENTRIES}
            />
          )}
          <AdminPagination
            label="Ledger pages"
            pageNumber={pages.pageNumber}
            hasPrevious={pages.hasPrevious}
            nextCursor={ledger.data?.nextCursor}
            onPrevious={pages.previous}
            onNext={pages.next}
            isBusy={ledger.isFetching}
          />
        </Stack>

        <Stack gap="small">
          <Heading level={4}>Latest orders</Heading>
          <Table
            aria-label={`Orders of ${user.email}`}
            columns={orderColumns}
            rows={detail.data.orders}
            emptyState={NO_USER_ORDERS}
          />
        </Stack>
      </Stack>

      <AdjustBalanceDialog
        user={dialogUser('adjust')}
        onClose={() => setDialog(null)}
        onAdjusted={(answer) => {
          pages.reset()
          setNotice(balanceAdjustedMessage(answer))
        }}
      />
      <ChangeRoleDialog
        user={dialogUser('role')}
        onClose={() => setDialog(null)}
        onChanged={(changed) => setNotice(`${changed.email} is now ${humanise(changed.role).toLowerCase()}`)}
      />
      <DisableUserDialog
        user={dialogUser('disable')}
        onClose={() => setDialog(null)}
        onDisabled={(disabled) => setNotice(`${disabled.email} disabled; their sessions ended`)}
      />
    </Card>
  )
}
