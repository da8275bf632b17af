// Transactions (in GET /api/user/me and GET /api/wallet/transactions).

import * as z from 'zod'
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../status'
import { IsoDateTime, PageQuery, UsdAmount } from './common'

export const TransactionType = z.enum(TRANSACTION_TYPES)
export type TransactionType = z.infer<typeof TransactionType>
export const TransactionStatus = z.enum(TRANSACTION_STATUSES)
export type TransactionStatus = z.infer<typeof TransactionStatus>

export const Transaction = z.object({
  id: z.string().min(1),
  date: IsoDateTime,
  type: TransactionType,
  /** How the money moved: 'balance' for order payments and refunds, the crypto currency or 'manual' otherwise. */
  method: z.string(),
  /** Always positive, in `currency`; the sign comes from the type (transactionSign). */
  amount: UsdAmount.nonnegative(),
  currency: z.string(),
  status: TransactionStatus,
  /** Blockchain transaction hash of a crypto deposit, when known. */
  txid: z.string().nullable(),
  /** Extra details shown as JSON in the expanded row (payment provider data, order id, reason). */
  payment_details: z.record(z.string(), z.unknown()).nullable(),
})
export type Transaction = z.infer<typeof Transaction>

/** GET /api/wallet/transactions?cursor=&limit=: newest first; nextCursor is null on the last page. */
export const ListTransactionsQuery = PageQuery
export const ListTransactionsResponse = z.object({
  transactions: z.array(Transaction),
  nextCursor: z.string().nullable(),
})
export type ListTransactionsResponse = z.infer<typeof ListTransactionsResponse>
