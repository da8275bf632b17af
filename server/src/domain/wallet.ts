import { microsToUsd, type Transaction } from '@engage/contract'
import type { Db } from '../db/connect'
import { type Expression, sql } from 'kysely'
import type { LedgerEntry, Payment } from '../db/schema'
import { InvalidCursorError, type Page } from './orders'

// The wallet's transaction history, read from two tables:
// - payments: every deposit the customer started, pending, completed or failed;
// - ledger entries: every balance change, except the credits of those payments, which the payment row already
//   shows (a payment's credit is the ledger entry whose reference is paymentReference(payment.order_id)).
// Both are merged newest first by (created_at, source, id), the key the opaque cursor carries.

/** The ledger reference of a payment's credit; the payments area writes its deposit entries with it. */
export function paymentReference(paymentOrderId: string): string {
  return `payment:${paymentOrderId}`
}

const PAYMENT_REFERENCE_PREFIX = paymentReference('')

type Source = 'ledger' | 'payment'

/** Ties on created_at are broken by source (payments first), then by id. */
const SOURCE_RANK: Record<Source, number> = { ledger: 0, payment: 1 }

interface Position {
  createdAt: number
  source: Source
  id: number
}

// The cursor is '<created_at>.<l|p>.<id>': opaque to clients, checked strictly here.
function encodeCursor(position: Position): string {
  return `${position.createdAt}.${position.source === 'ledger' ? 'l' : 'p'}.${position.id}`
}

function decodeCursor(cursor: string): Position {
  const match = /^(\d{1,15})\.([lp])\.([1-9]\d{0,14})$/.exec(cursor)
  if (!match) throw new InvalidCursorError(cursor)
  return {
    createdAt: Number(match[1]),
    source: match[2] === 'l' ? 'ledger' : 'payment',
    id: Number(match[3]),
  }
}

function iso(epochMilliseconds: number): string {
  return new Date(epochMilliseconds).toISOString()
}

function ledgerTransaction(entry: LedgerEntry): Transaction {
  const orderId = /^order:(\d+)$/.exec(entry.reference)?.[1]
  const details: Record<string, unknown> = { reference: entry.reference }
  if (orderId) details.order_id = orderId
  if (entry.note) details.note = entry.note
  const credited = entry.amount > 0
  let type: Transaction['type']
  let method = 'balance'
  switch (entry.kind) {
    case 'order_payment':
    case 'refund':
      type = entry.kind
      break
    case 'deposit':
    case 'withdrawal':
      type = entry.kind
      method = 'manual'
      break
    case 'referral':
      // An affiliate commission, credited once its hold was over.
      type = 'referral'
      break
    case 'adjustment':
      // The contract's types carry their sign (deposit +, withdrawal −): an operator's correction reads as the
      // money movement it was, and payment_details says it was an adjustment.
      type = credited ? 'deposit' : 'withdrawal'
      method = 'manual'
      details.adjustment = true
      break
  }
  return {
    id: `ledger-${entry.id}`,
    date: iso(entry.created_at),
    type,
    method,
    amount: microsToUsd(Math.abs(entry.amount)),
    currency: 'USD',
    status: 'completed',
    txid: null,
    payment_details: details,
  }
}

function paymentTransaction(payment: Payment): Transaction {
  const credited = payment.status === 'completed' && payment.amount_credited !== null
  const details: Record<string, unknown> = {
    order_id: payment.order_id,
    gateway: payment.gateway,
    amount_requested: microsToUsd(payment.amount_requested),
  }
  if (payment.gateway_id) details.gateway_id = payment.gateway_id
  if (payment.gateway_status) details.gateway_status = payment.gateway_status
  if (payment.currency) details.currency = payment.currency.toUpperCase()
  if (payment.network) details.network = payment.network
  if (payment.amount_credited !== null) details.amount_credited = microsToUsd(payment.amount_credited)
  if (payment.status === 'pending' && payment.payment_url) details.payment_url = payment.payment_url
  return {
    id: payment.order_id,
    date: iso(payment.created_at),
    type: 'deposit',
    method: payment.currency ? payment.currency.toUpperCase() : payment.gateway,
    amount: microsToUsd(credited ? (payment.amount_credited ?? 0) : payment.amount_requested),
    currency: 'USD',
    status: payment.status,
    txid: payment.txid,
    payment_details: details,
  }
}

/** Which rows of one source come strictly after `after` in the newest-first order. */
type Bound =
  | { kind: 'all' }
  | { kind: 'created-before'; createdAt: number; inclusive: boolean }
  | { kind: 'created-before-or-same-with-lower-id'; createdAt: number; id: number }

function boundFor(source: Source, after: Position | undefined): Bound {
  if (!after) return { kind: 'all' }
  const rank = SOURCE_RANK[source]
  const afterRank = SOURCE_RANK[after.source]
  // A lower-ranked source sorts after the cursor's source at the same instant, a higher-ranked one before it.
  if (rank < afterRank) return { kind: 'created-before', createdAt: after.createdAt, inclusive: true }
  if (rank > afterRank) return { kind: 'created-before', createdAt: after.createdAt, inclusive: false }
  return { kind: 'created-before-or-same-with-lower-id', createdAt: after.createdAt, id: after.id }
}

/**
 * A page of the user's transactions, newest first. `nextCursor` is null on the last page; a cursor that is
 * not one of ours throws InvalidCursorError.
 */
export async function listTransactions(
  db: Db,
  userId: number,
  page: Page,
): Promise<{ transactions: Transaction[]; nextCursor: string | null }> {
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor)
  const fetch = page.limit + 1

  let ledgerQuery = transactionLedgerRows(db, userId).selectAll()
  const ledgerBound = boundFor('ledger', after)
  if (ledgerBound.kind === 'created-before') {
    ledgerQuery = ledgerQuery.where('created_at', ledgerBound.inclusive ? '<=' : '<', ledgerBound.createdAt)
  } else if (ledgerBound.kind === 'created-before-or-same-with-lower-id') {
    const { createdAt, id } = ledgerBound
    ledgerQuery = ledgerQuery.where((eb) =>
      eb.or([
        eb('created_at', '<', createdAt),
        eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
      ]),
    )
  }

  let paymentQuery = transactionPaymentRows(db, userId).selectAll()
  const paymentBound = boundFor('payment', after)
  if (paymentBound.kind === 'created-before') {
    paymentQuery = paymentQuery.where(
      'created_at',
      paymentBound.inclusive ? '<=' : '<',
      paymentBound.createdAt,
    )
  } else if (paymentBound.kind === 'created-before-or-same-with-lower-id') {
    const { createdAt, id } = paymentBound
    paymentQuery = paymentQuery.where((eb) =>
      eb.or([
        eb('created_at', '<', createdAt),
        eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
      ]),
    )
  }

  const [entries, payments] = await Promise.all([
    ledgerQuery.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(fetch).execute(),
    paymentQuery.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(fetch).execute(),
  ])

  const { transactions, last, more } = mergeTransactions(entries, payments, page.limit)
  return { transactions, nextCursor: more && last ? encodeCursor(last) : null }
}

/** A user's ledger entries that the transaction list shows (a deposit shows as its payment instead). */
export function transactionLedgerRows(db: Db, userId: number | Expression<number>) {
  return (
    db
      .selectFrom('ledger_entries')
      .where('user_id', '=', userId)
      // Written in the SQL rather than sent as a value: the same in every run, and PostgreSQL plans a pattern it
      // cannot see as if it matched anything.
      .where('reference', 'not like', sql.lit(`${PAYMENT_REFERENCE_PREFIX}%`))
  )
}

/** A user's payments, which the transaction list shows as deposits. */
export function transactionPaymentRows(db: Db, userId: number | Expression<number>) {
  return db.selectFrom('payments').where('user_id', '=', userId)
}

/**
 * The newest `limit` transactions out of each source's newest rows (newest first, up to limit + 1 of each),
 * the position of the last one, and whether more follow it.
 */
export function mergeTransactions(
  entries: readonly LedgerEntry[],
  payments: readonly Payment[],
  limit: number,
): { transactions: Transaction[]; last: Position | undefined; more: boolean } {
  const merged = [
    ...entries.map((entry) => ({
      position: { createdAt: entry.created_at, source: 'ledger' as const, id: entry.id },
      transaction: () => ledgerTransaction(entry),
    })),
    ...payments.map((payment) => ({
      position: { createdAt: payment.created_at, source: 'payment' as const, id: payment.id },
      transaction: () => paymentTransaction(payment),
    })),
  ].sort(
    (left, right) =>
      right.position.createdAt - left.position.createdAt ||
      SOURCE_RANK[right.position.source] - SOURCE_RANK[left.position.source] ||
      right.position.id - left.position.id,
  )
  const pageItems = merged.slice(0, limit)
  return {
    transactions: pageItems.map((item) => item.transaction()),
    last: pageItems.at(-1)?.position,
    more: merged.length > limit,
  }
}
