import {
  NO_TRANSACTIONS_FOUND,
  transactionAmountText,
  transactionAmountTone,
  transactionTypeLabel,
  type Transaction,
} from '@engage/contract'
import { isApiError, useTransactions } from '@engage/client'
import { Badge, Banner, Button, Heading, Icon, Stack, Table, Text, type TableColumn } from '@engage/ui'
import { StatusBadge } from '../StatusBadge'
import { CryptoLogo } from '../CryptoLogo'
import { useCustomerDates, type CustomerDates } from '../CustomerDates'
import {
  detailList,
  detailsJson,
  detailTerm,
  detailValue,
  methodCell,
  nowrap,
  tableHeader,
} from './TransactionTable.css'

// Crypto methods are currency codes ('BTC'); the others are words ('balance', 'manual').
function isCurrencyCode(method: string): boolean {
  return /^[A-Z0-9]{2,10}$/.test(method)
}

function methodLabel(method: string): string {
  return isCurrencyCode(method) ? method : transactionTypeLabel(method)
}

/** '+$100.00' for money in, '-$0.009' for money out, '$7.50' for a failed transaction (no money moved). */
export function signedAmount(transaction: Pick<Transaction, 'type' | 'amount' | 'status'>): string {
  return transactionAmountText(transaction)
}

const columnsIn = (dates: CustomerDates): readonly TableColumn<Transaction>[] => [
  {
    id: 'date',
    name: 'Date',
    render: (transaction) => <span className={nowrap}>{dates.dateTime(transaction.date)}</span>,
  },
  { id: 'type', name: 'Type', render: (transaction) => transactionTypeLabel(transaction.type) },
  {
    id: 'method',
    name: 'Method',
    render: (transaction) => (
      <span className={methodCell}>
        {isCurrencyCode(transaction.method) ? (
          <CryptoLogo currency={transaction.method} size="small" />
        ) : null}
        {methodLabel(transaction.method)}
      </span>
    ),
  },
  {
    id: 'amount',
    name: 'Amount',
    align: 'end',
    render: (transaction) => (
      <Badge tone={transactionAmountTone(transaction)}>{signedAmount(transaction)}</Badge>
    ),
  },
  {
    id: 'status',
    name: 'Status',
    render: (transaction) => <StatusBadge kind="transaction" status={transaction.status} />,
  },
]

function TransactionDetails({ transaction }: { transaction: Transaction }) {
  return (
    <Stack gap="small">
      <dl className={detailList}>
        <dt className={detailTerm}>ID</dt>
        <dd className={detailValue}>{transaction.id}</dd>
        <dt className={detailTerm}>Transaction hash</dt>
        <dd className={detailValue}>{transaction.txid ?? 'Not available yet'}</dd>
        <dt className={detailTerm}>Payment method</dt>
        <dd className={detailValue}>{methodLabel(transaction.method)}</dd>
      </dl>
      <Text weight="medium" elementType="p">
        Additional details
      </Text>
      <pre className={detailsJson} aria-label={`Additional details of ${transaction.id}`}>
        {JSON.stringify(transaction.payment_details ?? {}, null, 2)}
      </pre>
    </Stack>
  )
}

/** Whether the server's list already has this locally added deposit (by its id or the gateway order id). */
function isListed(deposit: Transaction, transactions: readonly Transaction[]): boolean {
  const orderId = deposit.payment_details?.order_id
  return transactions.some(
    (transaction) =>
      transaction.id === deposit.id ||
      (typeof orderId === 'string' &&
        (transaction.id === orderId || Object.values(transaction.payment_details ?? {}).includes(orderId))),
  )
}

export interface TransactionTableProps {
  /**
   * Deposits started on this page that the server may not list yet: shown first, until the server's list has
   * them (matched by id, or by the gateway order id in `payment_details.order_id`).
   */
  pendingDeposits?: readonly Transaction[]
  /** The heading's level in the page's outline. @default 2 */
  headingLevel?: 2 | 3
}

/**
 * The transaction history: Date, Type, Method, Amount (deposits and refunds +, green; withdrawals
 * and order payments −, red) and Status (completed green, pending yellow, processing blue, failed red, others
 * grey, 'Unknown' when missing). A row expands to its ID, transaction hash, payment method and a JSON block of
 * its additional details. Refresh reloads it; Load more fetches older pages.
 */
export function TransactionTable({ pendingDeposits = [], headingLevel = 2 }: TransactionTableProps) {
  const transactions = useTransactions()
  const dates = useCustomerDates()
  const listed = transactions.data ?? []
  const rows = [...pendingDeposits.filter((deposit) => !isListed(deposit, listed)), ...listed]

  return (
    <Stack gap="medium">
      <div className={tableHeader}>
        <Heading level={headingLevel} size="medium">
          Transaction History
        </Heading>
        <Button
          tone="secondary"
          size="small"
          onPress={() => void transactions.refetch()}
          isPending={transactions.isRefetching && !transactions.isFetchingNextPage}
          pendingLabel="Refreshing transactions"
        >
          <Icon name="refresh" size="small" />
          Refresh
        </Button>
      </div>
      {transactions.isError ? (
        <Banner tone="error">
          {isApiError(transactions.error) ? transactions.error.detail : String(transactions.error)}
        </Banner>
      ) : null}
      <Table
        aria-label="Transactions"
        columns={columnsIn(dates)}
        rows={rows}
        isLoading={transactions.isPending}
        loadingLabel="Loading transactions"
        emptyState={transactions.isError ? 'Transactions could not be loaded.' : NO_TRANSACTIONS_FOUND}
        renderDetails={(transaction) => <TransactionDetails transaction={transaction} />}
        detailsLabel="Details"
      />
      {transactions.hasNextPage ? (
        <Button
          tone="secondary"
          onPress={() => void transactions.fetchNextPage()}
          isPending={transactions.isFetchingNextPage}
          pendingLabel="Loading more transactions"
        >
          Load more
        </Button>
      ) : null}
    </Stack>
  )
}
