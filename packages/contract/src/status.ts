// Order and transaction statuses, with semantic tones (the ui package maps tones to colours).

import { formatLedgerUsd } from './money'

/**
 * The spec's five statuses plus `partial` (the server's status for an order delivered in part, the rest
 * refunded).
 */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'paused',
  'completed',
  'partial',
  'cancelled',
] as const
type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Semantic tones, named as @engage/ui's statusTones: success (green), warning (yellow), info (blue), critical (red), neutral (grey). */
export const STATUS_TONES = ['success', 'warning', 'info', 'critical', 'neutral'] as const
export type StatusTone = (typeof STATUS_TONES)[number]

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value)
}

/** Any other or missing value is treated as pending; case and surrounding spaces are ignored. */
export function normaliseOrderStatus(value: unknown): OrderStatus {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : ''
  return isOrderStatus(text) ? text : 'pending'
}

/** Completed green, pending yellow, others grey. */
export function orderStatusTone(status: unknown): StatusTone {
  const normalised = normaliseOrderStatus(status)
  if (normalised === 'completed') return 'success'
  if (normalised === 'pending') return 'warning'
  return 'neutral'
}

/** Cancel is offered for pending or processing orders. */
export function canCancelOrder(status: unknown): boolean {
  const normalised = normaliseOrderStatus(status)
  return normalised === 'pending' || normalised === 'processing'
}

/** Retry is offered for paused orders. */
export function canRetryOrder(status: unknown): boolean {
  return normaliseOrderStatus(status) === 'paused'
}

/** Label for a status: first letter upper-cased ('Processing'). */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1)
}

// ---- Transactions -----------------------------------------------------------------------------------------

/**
 * The spec's three types plus `refund` (money back for a cancelled order or an undelivered remainder, which the
 * ledger records as a credit) and `referral` (an affiliate commission credited after its hold).
 */
export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'order_payment', 'refund', 'referral'] as const

export const TRANSACTION_STATUSES = ['completed', 'pending', 'processing', 'failed'] as const

export const UNKNOWN_STATUS_LABEL = 'Unknown'

/** Completed green, pending yellow, processing blue, failed red, other grey. */
export function transactionStatusTone(status: unknown): StatusTone {
  switch (typeof status === 'string' ? status.toLowerCase() : '') {
    case 'completed':
      return 'success'
    case 'pending':
      return 'warning'
    case 'processing':
      return 'info'
    case 'failed':
      return 'critical'
    default:
      return 'neutral'
  }
}

/** The status as shown: the text itself, or 'Unknown' when missing. */
export function transactionStatusLabel(status: unknown): string {
  return typeof status === 'string' && status.trim() !== ''
    ? statusLabel(status.trim())
    : UNKNOWN_STATUS_LABEL
}

export type AmountSign = '+' | '-'

/** Deposit (and refund) is +, green; withdrawal and order_payment are −, red. */
export function transactionSign(type: unknown): AmountSign {
  return type === 'withdrawal' || type === 'order_payment' ? '-' : '+'
}

export function transactionSignTone(type: unknown): StatusTone {
  return transactionSign(type) === '+' ? 'success' : 'critical'
}

/** A failed transaction moved no money: it shows its amount without a sign, in no credit or debit colour. */
function movedNoMoney(transaction: { status?: unknown }): boolean {
  return transaction.status === 'failed'
}

/**
 * The amount column of a transaction: '+$100.00' for money in, '-$0.009' for money out, and '$7.50' for a
 * failed one, which neither added nor took anything. Sub-cent amounts keep the precision they have.
 */
export function transactionAmountText(transaction: {
  type: unknown
  amount: number
  status?: unknown
}): string {
  const sign = movedNoMoney(transaction) ? '' : transactionSign(transaction.type)
  return `${sign}${formatLedgerUsd(transaction.amount)}`
}

/** The amount's colour: credit green, debit red, and neutral for a failed transaction. */
export function transactionAmountTone(transaction: { type: unknown; status?: unknown }): StatusTone {
  return movedNoMoney(transaction) ? 'neutral' : transactionSignTone(transaction.type)
}

/** 'order_payment' → 'Order Payment'; 'referral' → 'Referral Commission'. */
export function transactionTypeLabel(type: string): string {
  return type === 'referral' ? 'Referral Commission' : titleCaseWords(type)
}

function titleCaseWords(text: string): string {
  return text
    .split(/[_\s]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ')
}
