import * as z from 'zod'
import { AFFILIATE_HOLD_RANGE, AFFILIATE_RATE_RANGE } from '../../messages'
import { IsoDateTime } from '../common'
import { OptionalAdminReason } from './blocks'

// ---- Affiliate settings -----------------------------------------------------------------------------------

/** The most a commission may be: 50 % of what a referred customer's order kept. */
export const AFFILIATE_RATE_MAX_BASIS_POINTS = 5000
export const AFFILIATE_HOLD_MAX_DAYS = 365

/** GET /api/admin/affiliates/settings: the commission referrers earn and how long it is held. */
export const AdminAffiliateSettings = z.object({
  /** Hundredths of a percent of what a referred customer's completed order kept (1000 = 10 %). */
  rate_basis_points: z.number().int().nonnegative(),
  /** Days a commission waits before it is credited; a refund in that time reverses it. */
  hold_days: z.number().int().nonnegative(),
  updated_at: IsoDateTime.nullable(),
})
export type AdminAffiliateSettings = z.infer<typeof AdminAffiliateSettings>

/** PUT /api/admin/affiliates/settings (admin): applies to orders that end from now on. */
export const AdminAffiliateSettingsRequest = z.object({
  rate_basis_points: z
    .number({ error: AFFILIATE_RATE_RANGE })
    .int(AFFILIATE_RATE_RANGE)
    .min(0, AFFILIATE_RATE_RANGE)
    .max(AFFILIATE_RATE_MAX_BASIS_POINTS, AFFILIATE_RATE_RANGE),
  hold_days: z
    .number({ error: AFFILIATE_HOLD_RANGE })
    .int(AFFILIATE_HOLD_RANGE)
    .min(0, AFFILIATE_HOLD_RANGE)
    .max(AFFILIATE_HOLD_MAX_DAYS, AFFILIATE_HOLD_RANGE),
  reason: OptionalAdminReason,
})
export type AdminAffiliateSettingsRequest = z.input<typeof AdminAffiliateSettingsRequest>
