// Money: the ledger every balance is the sum of, and deposits through the payment gateways.

import type { ColumnType } from 'kysely'
import type { Id, Instant, Micros } from './columns'

/**
 * What an entry is, and whose act its `actor_user_id` names (the workspace member it counts for):
 * - deposit: the member who started the payment (payments.started_by);
 * - order_payment: the member who placed the order, or who created the subscription of a renewal's order;
 *   counted against that member's monthly spend limit;
 * - refund: the member whose order it refunds (the actor of the order's charge), whoever caused the refund (the
 *   customer, the provider, an operator); it comes off that member's spend of the month the order was charged;
 * - adjustment, withdrawal, referral: null, since an operator or the affiliate programme made them, not a member.
 */
export type LedgerKind = 'deposit' | 'order_payment' | 'refund' | 'adjustment' | 'withdrawal' | 'referral'

export interface LedgerEntriesTable {
  id: Id
  user_id: number
  /** Signed micro-USD: credits positive, debits negative. */
  amount: Micros
  kind: LedgerKind
  /** What the entry is about, e.g. 'order:42' or 'payment:dep_x'. */
  reference: string
  /** Unique: the same business event can never write two entries. */
  idempotency_key: string
  note: string | null
  /**
   * The workspace member the entry is the act of (migration 0240; see LedgerKind for each kind); null for history
   * and for entries no member made.
   */
  actor_user_id: ColumnType<number | null, number | null | undefined, number | null>
  created_at: Instant
}

export type PaymentStatus = 'pending' | 'completed' | 'failed'

export interface PaymentsTable {
  id: Id
  /** Our own order id for the deposit, given to the gateway and returned to /wallet. */
  order_id: string
  user_id: number
  gateway: string
  /** The gateway's invoice/payment id; unique per gateway. */
  gateway_id: string | null
  /** NOWPayments: the id of the payment made against the invoice, named by its first IPN; migration 0020. */
  gateway_payment_id: ColumnType<string | null, string | null | undefined, string | null>
  amount_requested: Micros
  amount_credited: Micros | null
  currency: string | null
  network: string | null
  status: PaymentStatus
  gateway_status: string | null
  txid: string | null
  /** JSON of what the gateway reported. */
  details: string
  payment_url: string | null
  /** The workspace member who started the deposit, the actor of its credit (migration 0250). */
  started_by: ColumnType<number | null, number | null | undefined, number | null>
  created_at: Instant
  updated_at: Instant
  credited_at: Instant | null
}

/** What the customer chose on the sandbox checkout page: the sandbox gateway's own record; migration 0020. */
export interface SandboxOutcomesTable {
  order_id: string
  status: 'paid' | 'failed'
  /** Decimal USD, e.g. '25.00'. */
  amount_usd: string
  txid: string
  created_at: Instant
}
