// Affiliates: the customer's referral link, its visits, sign-ups and commissions (GET /api/affiliates).

import * as z from 'zod'
import { IsoDateTime, UsdAmount } from './common'

export const REFERRAL_EARNING_STATUSES = ['pending', 'available', 'paid', 'reversed'] as const
export const ReferralEarningStatus = z.enum(REFERRAL_EARNING_STATUSES)
export type ReferralEarningStatus = z.infer<typeof ReferralEarningStatus>

/**
 * One commission: `amount` = rate × what the referred customer's order kept. 'pending' while its hold runs,
 * 'available' once the hold is over and until it is credited, 'paid' once credited to the balance, 'reversed'
 * when a refund during the hold left nothing to earn on.
 */
export const ReferralEarning = z.object({
  id: z.string(),
  order_id: z.string(),
  /** USD the order kept (its charge less refunds). */
  order_amount: UsdAmount.nonnegative(),
  rate_percent: z.number().nonnegative(),
  amount: UsdAmount.nonnegative(),
  status: ReferralEarningStatus,
  created_at: IsoDateTime,
  available_at: IsoDateTime,
  paid_at: IsoDateTime.nullable(),
})
export type ReferralEarning = z.infer<typeof ReferralEarning>

/** One credit of matured commission to the balance (a `referral` ledger entry). */
export const ReferralPayout = z.object({
  id: z.string(),
  amount: UsdAmount.nonnegative(),
  order_id: z.string().nullable(),
  paid_at: IsoDateTime,
})
export type ReferralPayout = z.infer<typeof ReferralPayout>

export const AffiliateSummaryResponse = z.object({
  /** The code of the customer's referral link. */
  code: z.string().min(1),
  /** The whole link to share: PUBLIC_URL/r/{code}. */
  link: z.string().url(),
  /** Counted visits of the link (at most one per visitor and day). */
  visits: z.number().int().nonnegative(),
  /** Accounts created through the link. */
  signups: z.number().int().nonnegative(),
  /** USD in hold. */
  pending: UsdAmount.nonnegative(),
  /** USD past the hold, waiting to be credited. */
  available: UsdAmount.nonnegative(),
  /** USD credited to the balance so far. */
  paid: UsdAmount.nonnegative(),
  rate_percent: z.number().nonnegative(),
  hold_days: z.number().int().nonnegative(),
  /** Newest first, the latest 100. */
  earnings: z.array(ReferralEarning),
  /** Newest first, the latest 100. */
  payouts: z.array(ReferralPayout),
})
export type AffiliateSummaryResponse = z.infer<typeof AffiliateSummaryResponse>
