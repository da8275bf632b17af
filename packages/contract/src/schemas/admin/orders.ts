import * as z from 'zod'
import { ADMIN_AMOUNT_NOT_ZERO } from '../../messages'
import { ORDER_STATUSES } from '../../status'
import { OrderFilterQuery } from '../catalogue'
import { OrderRefill } from '../orders'
import { IsoDateTime, PageQuery } from '../common'
import { AuditEntry } from './audit'
import { AdminReason, AdminUsdAmount, IdempotencyKey, NextCursor, OptionalAdminReason } from './blocks'
import { AdminLedgerEntry, AdminOrder } from './users'

// ---- Orders -----------------------------------------------------------------------------------------------

/**
 * GET /api/admin/orders: newest first, narrowed as the customer's list (OrderFilterQuery: search by id or
 * link, status, service, date range), and by `user`, a user id or an email (exact, case-insensitive), and
 * `link`, a substring of the target URL.
 */
export const AdminOrdersQuery = PageQuery.extend({
  ...OrderFilterQuery.shape,
  user: z.string().trim().min(1).max(320).optional(),
  link: z.string().trim().min(1).max(2048).optional(),
})
/** GET /api/admin/orders/export: the same filters, every matching order as CSV (no pages). */
export const AdminOrderExportQuery = OrderFilterQuery.extend({
  user: z.string().trim().min(1).max(320).optional(),
  link: z.string().trim().min(1).max(2048).optional(),
})
export const AdminOrdersResponse = z.object({ orders: z.array(AdminOrder), nextCursor: NextCursor })
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponse>

/** A background job as the console shows it. */
export const AdminJob = z.object({
  id: z.string(),
  kind: z.string(),
  /** The parsed payload ({ orderId: 42 }). */
  payload: z.unknown(),
  status: z.enum(['queued', 'running', 'done', 'dead']),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  run_at: IsoDateTime,
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type AdminJob = z.infer<typeof AdminJob>

/** A refill as the customer sees it, with the provider's id for it. */
export const AdminRefill = OrderRefill.extend({ upstream_refill_id: z.string().nullable() })
export type AdminRefill = z.infer<typeof AdminRefill>

/**
 * GET /api/admin/orders/{id}: the order and its upstream history: where it was placed, the jobs that placed,
 * synced and cancelled it (with attempts and last errors), its ledger entries (payment, refunds), refills and
 * every operator action on it.
 */
export const AdminOrderDetailResponse = z.object({
  order: AdminOrder,
  upstream: z.object({
    provider_id: z.string().nullable(),
    provider_name: z.string().nullable(),
    remote_service_id: z.string().nullable(),
    upstream_order_id: z.string().nullable(),
    /** When `add` was first attempted; set without an upstream id means "maybe placed, never resent". */
    attempted_at: IsoDateTime.nullable(),
  }),
  jobs: z.array(AdminJob),
  ledger: z.array(AdminLedgerEntry),
  refills: z.array(AdminRefill),
  audit: z.array(AuditEntry),
})
export type AdminOrderDetailResponse = z.infer<typeof AdminOrderDetailResponse>

/** POST /api/admin/orders/{id}/retry: a paused order goes back to pending with a new dispatch attempt. */
export const AdminRetryOrderRequest = z.object({ reason: OptionalAdminReason })
export type AdminRetryOrderRequest = z.input<typeof AdminRetryOrderRequest>

/** POST /api/admin/orders/{id}/pause: a pending order not yet sent upstream is held (paused) with a reason. */
export const AdminPauseOrderRequest = z.object({ reason: AdminReason })
export type AdminPauseOrderRequest = z.input<typeof AdminPauseOrderRequest>

/**
 * POST /api/admin/orders/{id}/cancel: as the customer's cancel (an order never sent upstream is cancelled and
 * refunded at once; otherwise the provider is asked and what it did not deliver is refunded).
 */
export const AdminCancelOrderRequest = z.object({ reason: OptionalAdminReason })
export type AdminCancelOrderRequest = z.input<typeof AdminCancelOrderRequest>

/**
 * POST /api/admin/orders/{id}/refund: a `refund` ledger entry of `amount` USD (omitted = all that is not yet
 * refunded), at most charge − refunded. The order's status does not change (set it by hand if needed).
 */
export const AdminRefundOrderRequest = z.object({
  amount: AdminUsdAmount.refine((value) => value > 0, { message: ADMIN_AMOUNT_NOT_ZERO }).optional(),
  reason: AdminReason,
  idempotency_key: IdempotencyKey,
})
export type AdminRefundOrderRequest = z.input<typeof AdminRefundOrderRequest>

/**
 * POST /api/admin/orders/{id}/status: sets the status by hand (no money moves; refund separately). `remains`
 * and `start_count` may be corrected with it.
 */
export const AdminSetOrderStatusRequest = z.object({
  status: z.enum(ORDER_STATUSES),
  reason: AdminReason,
  remains: z.number().int().min(0).max(10_000_000).nullable().optional(),
  start_count: z.number().int().min(0).nullable().optional(),
})
export type AdminSetOrderStatusRequest = z.input<typeof AdminSetOrderStatusRequest>

/** The answer of every order action: the order as it is now, and a human-readable confirmation. */
export const AdminOrderActionResponse = z.object({ message: z.string(), order: AdminOrder })
export type AdminOrderActionResponse = z.infer<typeof AdminOrderActionResponse>
