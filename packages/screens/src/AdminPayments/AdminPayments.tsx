import { useId, useState } from 'react'
import { formatUsd, type AdminPayment } from '@engage/contract'
import { useAdminPayments, useAdminRecheckPayment, type AdminPaymentFilters } from '@engage/client'
import { Banner, Button, Stack, Text, TextField, type TableColumn } from '@engage/ui'
import { StatusBadge } from '../StatusBadge'
import {
  ANY_FILTER,
  AdminErrorBanner,
  AdminFilterForm,
  AdminPagedTable,
  AdminSectionHeader,
  AdminStatusFilter,
  chosenFilter,
  formatDateTime,
  humanise,
  typedFilter,
  useFilteredPages,
  useOperator,
} from '../AdminShared'

export const PAYMENTS_TITLE = 'Payments'
export const NO_PAYMENTS = 'No payments match.'
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const

/**
 * Deposits with their gateway's own status; re-check one asks the gateway now and applies its answer as the
 * webhook would (a paid deposit is credited once).
 */
export function AdminPayments() {
  const headingId = useId()
  const list = useFilteredPages(
    { status: ANY_FILTER, gateway: '', user: '' },
    (draft): AdminPaymentFilters => ({
      status: chosenFilter(draft.status),
      gateway: typedFilter(draft.gateway),
      user: typedFilter(draft.user),
    }),
  )
  const payments = useAdminPayments(list.filters, list.pages.cursor)
  const recheck = useAdminRecheckPayment()
  const { can } = useOperator()
  const [result, setResult] = useState<{ tone: 'success' | 'info'; text: string } | null>(null)

  const runRecheck = async (payment: AdminPayment) => {
    setResult(null)
    try {
      const answer = await recheck.mutateAsync({ id: payment.id })
      setResult({
        tone: answer.outcome === 'credited' ? 'success' : 'info',
        text: `${payment.order_id}: ${answer.message}`,
      })
    } catch {
      // Shown from the mutation's state.
    }
  }

  const columns: TableColumn<AdminPayment>[] = [
    {
      id: 'deposit',
      name: 'Deposit',
      isRowHeader: true,
      render: (payment) => (
        <Stack gap="xxsmall">
          <span>{payment.order_id}</span>
          <Text size="small" tone="muted">
            {formatDateTime(payment.created_at)}
          </Text>
        </Stack>
      ),
    },
    { id: 'user', name: 'Customer', render: (payment) => payment.user_email },
    {
      id: 'gateway',
      name: 'Gateway',
      render: (payment) => (
        <Stack gap="xxsmall">
          <span>{humanise(payment.gateway)}</span>
          {payment.currency ? (
            <Text size="small" tone="muted">
              {[payment.currency, payment.network].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'amount',
      name: 'Amount',
      align: 'end',
      render: (payment) => (
        <Stack gap="xxsmall">
          <span>{formatUsd(payment.amount_requested)}</span>
          {payment.amount_credited === null ? null : (
            <Text size="small" tone="muted">
              {formatUsd(payment.amount_credited)} credited
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: 'status',
      name: 'Status',
      render: (payment) => <StatusBadge kind="transaction" status={payment.status} />,
    },
    { id: 'gatewayStatus', name: 'Gateway status', render: (payment) => payment.gateway_status ?? '—' },
  ]
  if (can('adminRecheckPayment')) {
    columns.push({
      id: 'actions',
      name: 'Actions',
      align: 'end',
      render: (payment) => (
        <Button
          tone="secondary"
          size="small"
          aria-label={`Re-check ${payment.order_id}`}
          isDisabled={recheck.isPending}
          onPress={() => void runRecheck(payment)}
        >
          Re-check
        </Button>
      ),
    })
  }

  return (
    <Stack as="section" gap="medium" aria-labelledby={headingId}>
      <AdminSectionHeader
        headingId={headingId}
        title={PAYMENTS_TITLE}
        description="Deposits and what each gateway last said about them."
      />
      <AdminFilterForm label="Filter payments" onApply={list.apply}>
        <AdminStatusFilter statuses={PAYMENT_STATUSES} {...list.field('status')} />
        <TextField label="Gateway" {...list.field('gateway')} />
        <TextField label="User" description="Email or user id" {...list.field('user')} />
      </AdminFilterForm>
      {result ? (
        <Banner tone={result.tone} onDismiss={() => setResult(null)}>
          {result.text}
        </Banner>
      ) : null}
      {recheck.isError ? (
        <AdminErrorBanner
          title="Failed to re-check the payment"
          error={recheck.error}
          onDismiss={() => recheck.reset()}
        />
      ) : null}
      <AdminPagedTable
        errorTitle="Failed to load the payments"
        query={payments}
        pages={list.pages}
        pagesLabel="Payments pages"
        aria-label={PAYMENTS_TITLE}
        columns={columns}
        rows={payments.data?.payments ?? []}
        loadingLabel="Loading payments"
        emptyState={NO_PAYMENTS}
      />
    </Stack>
  )
}
