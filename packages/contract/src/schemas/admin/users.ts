import * as z from 'zod'
import { ADMIN_AMOUNT_NOT_ZERO } from '../../messages'
import { IsoDateTime, PageQuery, UsdAmount } from '../common'
import { Order } from '../orders'
import { AdminReason, AdminUsdAmount, IdempotencyKey, NextCursor, OptionalAdminReason, Role } from './blocks'

// ---- Users ------------------------------------------------------------------------------------------------

export const AdminUser = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  role: Role,
  /** USD; always the sum of the user's ledger entries. */
  balance: UsdAmount,
  disabled: z.boolean(),
  disabled_at: IsoDateTime.nullable(),
  created_at: IsoDateTime,
})
export type AdminUser = z.infer<typeof AdminUser>

/** GET /api/admin/users: newest first; `q` matches a substring of the email or username. */
export const AdminUsersQuery = PageQuery.extend({
  q: z.string().trim().max(200).optional(),
  role: Role.optional(),
})
export const AdminUsersResponse = z.object({ users: z.array(AdminUser), nextCursor: NextCursor })
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>

/** One ledger entry as stored: signed (credits positive, debits negative). */
export const AdminLedgerEntry = z.object({
  id: z.string(),
  created_at: IsoDateTime,
  /** Signed USD. */
  amount: UsdAmount,
  kind: z.enum(['deposit', 'order_payment', 'refund', 'adjustment', 'withdrawal', 'referral']),
  /** What the entry is about: 'order:42', 'payment:dep_x', 'adjustment:7:...'. */
  reference: z.string(),
  note: z.string().nullable(),
})
export type AdminLedgerEntry = z.infer<typeof AdminLedgerEntry>

/** An order as the console lists it: the customer's Order plus who placed it and where it went upstream. */
export const AdminOrder = Order.extend({
  user_id: z.string(),
  user_email: z.string(),
  service_id: z.string(),
  /** USD refunded so far. */
  refunded: UsdAmount,
  provider_id: z.string().nullable(),
  upstream_order_id: z.string().nullable(),
  updated_at: IsoDateTime,
})
export type AdminOrder = z.infer<typeof AdminOrder>

/** GET /api/admin/users/{id}: the account, its latest ledger entries and orders (50 each, newest first). */
export const AdminUserDetailResponse = z.object({
  user: AdminUser,
  /** USD: the sum of all ledger entries (equals user.balance). */
  ledger_sum: UsdAmount,
  /** Sessions that are signed in now. */
  active_sessions: z.number().int().nonnegative(),
  ledger: z.array(AdminLedgerEntry),
  orders: z.array(AdminOrder),
})
export type AdminUserDetailResponse = z.infer<typeof AdminUserDetailResponse>

/** GET /api/admin/users/{id}/ledger: every entry, newest first, a page at a time. */
export const AdminLedgerQuery = PageQuery
export const AdminLedgerResponse = z.object({ entries: z.array(AdminLedgerEntry), nextCursor: NextCursor })
export type AdminLedgerResponse = z.infer<typeof AdminLedgerResponse>

/**
 * POST /api/admin/users/{id}/balance (admin): a new `adjustment` ledger entry, never an edit. `amount` is
 * signed USD (+ credits, − debits); a debit the balance cannot cover is refused (409). A repeated
 * idempotency_key changes nothing and answers the state after the first.
 */
export const AdminAdjustBalanceRequest = z.object({
  amount: AdminUsdAmount.refine((value) => value !== 0, { message: ADMIN_AMOUNT_NOT_ZERO }),
  reason: AdminReason,
  idempotency_key: IdempotencyKey,
})
export type AdminAdjustBalanceRequest = z.input<typeof AdminAdjustBalanceRequest>

export const AdminAdjustBalanceResponse = z.object({ user: AdminUser, entry: AdminLedgerEntry })
export type AdminAdjustBalanceResponse = z.infer<typeof AdminAdjustBalanceResponse>

/** PUT /api/admin/users/{id}/role (admin). The last enabled admin cannot be demoted (409). */
export const AdminSetRoleRequest = z.object({ role: Role, reason: OptionalAdminReason })
export type AdminSetRoleRequest = z.input<typeof AdminSetRoleRequest>

/**
 * POST /api/admin/users/{id}/disable (admin): ends all the account's sessions; it can no longer sign in
 * (password, Google) nor call API v2. POST /api/admin/users/{id}/enable lifts it. An operator cannot disable
 * their own account.
 */
export const AdminDisableUserRequest = z.object({ reason: AdminReason })
export type AdminDisableUserRequest = z.input<typeof AdminDisableUserRequest>
export const AdminEnableUserRequest = z.object({ reason: OptionalAdminReason })
export type AdminEnableUserRequest = z.input<typeof AdminEnableUserRequest>

export const AdminUserResponse = z.object({ user: AdminUser })
export type AdminUserResponse = z.infer<typeof AdminUserResponse>
