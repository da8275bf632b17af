import * as z from 'zod'
import { IsoDateTime, PageQuery, UsdAmount } from '../common'
import { PaymentStatus } from '../payments'
import { NextCursor, OptionalAdminReason } from './blocks'

// ---- Payments ---------------------------------------------------------------------------------------------

export const AdminPayment = z.object({
  id: z.string(),
  /** Our deposit id, as the customer's wallet shows it. */
  order_id: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  gateway: z.string(),
  gateway_id: z.string().nullable(),
  /** USD asked for. */
  amount_requested: UsdAmount,
  /** USD credited; null until completed. */
  amount_credited: UsdAmount.nullable(),
  currency: z.string().nullable(),
  network: z.string().nullable(),
  status: PaymentStatus,
  /** The gateway's own last status word ('paid', 'confirm_check', 'finished'). */
  gateway_status: z.string().nullable(),
  txid: z.string().nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  credited_at: IsoDateTime.nullable(),
})
export type AdminPayment = z.infer<typeof AdminPayment>

/** GET /api/admin/payments: newest first. `user` is an id or an email. */
export const AdminPaymentsQuery = PageQuery.extend({
  status: PaymentStatus.optional(),
  gateway: z.string().trim().min(1).max(50).optional(),
  user: z.string().trim().min(1).max(320).optional(),
})
export const AdminPaymentsResponse = z.object({ payments: z.array(AdminPayment), nextCursor: NextCursor })
export type AdminPaymentsResponse = z.infer<typeof AdminPaymentsResponse>

/**
 * POST /api/admin/payments/{id}/recheck: asks the gateway for the payment's status now and applies the
 * answer as its webhook would (a paid deposit is credited once). `outcome` says what changed.
 */
export const AdminRecheckPaymentRequest = z.object({ reason: OptionalAdminReason })
export const AdminRecheckPaymentResponse = z.object({
  payment: AdminPayment,
  /** credited: paid now and credited once; updated: new status or details (failed, pending); unchanged:
   * nothing new; unavailable: the gateway could not be asked (not enabled, unreachable); try again later. */
  outcome: z.enum(['credited', 'updated', 'unchanged', 'unavailable']),
  message: z.string(),
})
export type AdminRecheckPaymentResponse = z.infer<typeof AdminRecheckPaymentResponse>
