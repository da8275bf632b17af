// The analytics' and reports' hourly rollups (migration 0230, ADR 250): kept by triggers on orders and
// ledger_entries, and by the fulfilment's provider clients for the upstream calls.

import type { Instant, Micros } from './columns'

/** The orders placed in an hour by one customer, of one service and provider, that have one status now. */
export interface OrderRollupsTable {
  user_id: number
  /** The hour's first instant (UTC, a multiple of 3,600,000). */
  hour: Instant
  service_id: number
  /** 0: not sent to any provider. */
  provider_id: number
  status: string
  orders: number
  quantity: number
  charge: Micros
  refunded: Micros
  cost: Micros
}

/** The ledger entries of one customer written in an hour, of one kind and (deposits) gateway. */
export interface LedgerRollupsTable {
  user_id: number
  hour: Instant
  kind: string
  /** The payment's gateway for a deposit credited by a payment; '' otherwise. */
  gateway: string
  entries: number
  /** Signed micro-USD, as the entries. */
  amount: Micros
}

/** Calls made to one provider's API in an hour, and how many failed. */
export interface UpstreamCallRollupsTable {
  provider_id: number
  hour: Instant
  calls: number
  errors: number
}
