// Affiliates: who referred whom, the referral links' daily visits, the commissions and the operator's
// settings (migration 0220).

import type { Id, Instant, Micros } from './columns'

export interface ReferralsTable {
  /** The referred account: one referrer each, never changed. */
  referred_id: number
  referrer_id: number
  created_at: Instant
}

export interface ReferralVisitsTable {
  referrer_id: number
  /** The UTC day, 'YYYY-MM-DD'. */
  day: string
  visits: number
}

export type ReferralEarningStatus = 'pending' | 'paid' | 'reversed'

export interface ReferralEarningsTable {
  id: Id
  referrer_id: number
  referred_id: number
  /** The referred customer's order; one earning per order. */
  order_id: number
  /** The rate when the order ended, in hundredths of a percent. */
  rate_basis_points: number
  /** What the order kept: its charge less what was refunded. */
  kept: Micros
  /** The commission: floor(kept × rate / 10,000). */
  amount: Micros
  status: ReferralEarningStatus
  /** When the hold ends and the earning may be credited. */
  available_at: Instant
  paid_at: Instant | null
  created_at: Instant
  updated_at: Instant
}

export interface AffiliateSettingsTable {
  /** Always 1: one row. */
  id: number
  rate_basis_points: number
  hold_days: number
  updated_at: Instant
}
