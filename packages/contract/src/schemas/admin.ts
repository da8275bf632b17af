// The operator console's calls, all under /api/admin/... (ADR 070). Every one needs a signed-in
// support or admin account: no token answers 401, a customer's token 403 (OPERATOR_FORBIDDEN), a support
// account on an admin-only call 403 (ADMIN_ONLY). Which role each call needs is the `role` of its entry in
// the operator registry (adminEndpoints.ts), the one source of the permission matrix.
//
// Conventions: snake_case fields like Order; ids are strings; instants ISO 8601; money is USD numbers (the
// server stores integer micro-USD and converts with usdToMicros / microsToUsd); rates are USD per 1,000
// units, as the pricing grid shows them. Lists page with `cursor` and `limit` (PageQuery) and answer
// `nextCursor`, null on the last page. Every write takes an optional or mandatory `reason` that goes to the
// audit log.

import * as z from 'zod'
import { decimalToScaledBigInt } from '../money'
import {
  ADMIN_AMOUNT_NOT_ZERO,
  ADMIN_AMOUNT_STEP,
  ADMIN_API_URL_INVALID,
  ADMIN_IDEMPOTENCY_KEY_REQUIRED,
  ADMIN_LIMITS_ORDER,
  ADMIN_MARGIN_RANGE,
  ADMIN_NAME_REQUIRED,
  ADMIN_QUANTITY_LIMIT_RANGE,
  ADMIN_RATE_RANGE,
  ADMIN_REASON_REQUIRED,
  ADMIN_SERVICE_NAME_INVALID,
  ADMIN_TITLE_REQUIRED,
  API_KEY_REQUIRED,
} from '../messages'
import { isHttpUrl } from '../orders'
import { ORDER_STATUSES } from '../status'
import { IsoDateTime, PageQuery, UsdAmount, requiredText } from './common'
import { Order } from './orders'
import { PaymentStatus } from './payments'

// ---- Roles ------------------------------------------------------------------------------------------------

/** Every account has one role; customers are the default. */
export const ROLES = ['customer', 'support', 'admin'] as const
export const Role = z.enum(ROLES)
export type Role = z.infer<typeof Role>

/** The roles that may open the operator console. */
export const OPERATOR_ROLES = ['support', 'admin'] as const
export type OperatorRole = (typeof OPERATOR_ROLES)[number]

/** True when `role` may call an endpoint that needs `required` (admin ⊇ support ⊇ nothing for customers). */
export function roleAllows(role: string, required: OperatorRole): boolean {
  if (role === 'admin') return true
  return role === 'support' && required === 'support'
}

/** GET /api/admin/me: who is operating, and what their role may do (the console hides the rest). */
export const AdminMeResponse = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
})
export type AdminMeResponse = z.infer<typeof AdminMeResponse>

// ---- Building blocks --------------------------------------------------------------------------------------

/** A reason the audit log keeps beside an action; required where the action changes money or status. */
export const AdminReason = requiredText(ADMIN_REASON_REQUIRED, 1000)
/** An optional reason: blank counts as none. */
export const OptionalAdminReason = z
  .string()
  .trim()
  .max(1000)
  .optional()
  .transform((text) => (text === undefined || text === '' ? null : text))

/**
 * A key the console generates once per intended action (a UUID) and sends again when it repeats the same
 * request: the second request changes nothing and answers like the first.
 */
export const IdempotencyKey = z
  .string({ error: ADMIN_IDEMPOTENCY_KEY_REQUIRED })
  .trim()
  .min(8, ADMIN_IDEMPOTENCY_KEY_REQUIRED)
  .max(100, ADMIN_IDEMPOTENCY_KEY_REQUIRED)
  .regex(/^[A-Za-z0-9_.:-]+$/, ADMIN_IDEMPOTENCY_KEY_REQUIRED)

function hasAtMostSixDecimals(value: number): boolean {
  try {
    return Number(decimalToScaledBigInt(value, 6)) / 1_000_000 === value
  } catch {
    return false
  }
}

/** A price in USD per 1,000 units: 0 to 100,000, at most 6 decimals (micro-USD). */
export const RatePer1kUsd = z
  .number({ error: ADMIN_RATE_RANGE })
  .min(0, ADMIN_RATE_RANGE)
  .max(100_000, ADMIN_RATE_RANGE)
  .refine(hasAtMostSixDecimals, { message: ADMIN_RATE_RANGE })

/** A service's minimum or maximum order quantity: a whole number from 1 to 10,000,000. */
export const QuantityLimit = z
  .number({ error: ADMIN_QUANTITY_LIMIT_RANGE })
  .int(ADMIN_QUANTITY_LIMIT_RANGE)
  .min(1, ADMIN_QUANTITY_LIMIT_RANGE)
  .max(10_000_000, ADMIN_QUANTITY_LIMIT_RANGE)

/** A money amount an operator types, in USD with at most 2 decimals (cents). */
export const AdminUsdAmount = z
  .number({ error: ADMIN_AMOUNT_STEP })
  .min(-1_000_000, ADMIN_AMOUNT_STEP)
  .max(1_000_000, ADMIN_AMOUNT_STEP)
  .refine((value) => Number.isFinite(value) && Math.round(value * 100) / 100 === value, {
    message: ADMIN_AMOUNT_STEP,
  })

/** A list answer's cursor of the next page; null on the last page. */
const NextCursor = z.string().nullable()

// ---- Audit log --------------------------------------------------------------------------------------------

/** Every operator write and the action name its audit entry carries. */
export const AUDIT_ACTIONS = [
  'service.create',
  'service.update',
  'provider.create',
  'provider.update',
  'provider.import',
  'provider.margin',
  'user.adjust_balance',
  'user.set_role',
  'user.disable',
  'user.enable',
  'order.retry',
  'order.pause',
  'order.cancel',
  'order.refund',
  'order.set_status',
  'payment.recheck',
  'update.create',
  'update.update',
  'update.delete',
  'contact_method.create',
  'contact_method.update',
  'contact_method.delete',
  'job.retry',
] as const
export const AuditAction = z.enum(AUDIT_ACTIONS)
export type AuditAction = z.infer<typeof AuditAction>

/** One operator action: who, what, on what, the target before and after (JSON), why and when. */
export const AuditEntry = z.object({
  id: z.string(),
  created_at: IsoDateTime,
  actor_id: z.string(),
  actor_email: z.string(),
  actor_role: z.enum(OPERATOR_ROLES),
  action: AuditAction,
  /** '<kind>:<id>': 'order:42', 'user:7', 'service:3', 'provider:1', 'payment:5', 'update:2',
   * 'contact_method:4', 'job:9'. */
  target: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntry>

/** GET /api/admin/audit: newest first. `target` matches exactly ('order:42') or by kind ('order'). */
export const AdminAuditQuery = PageQuery.extend({
  action: AuditAction.optional(),
  target: z.string().trim().min(1).max(200).optional(),
  /** The operator's user id. */
  actor: z.string().trim().min(1).max(200).optional(),
})
export const AdminAuditResponse = z.object({ entries: z.array(AuditEntry), nextCursor: NextCursor })
export type AdminAuditResponse = z.infer<typeof AdminAuditResponse>

// ---- Services ---------------------------------------------------------------------------------------------

/** A service as the console edits it: enabled or not, with its provider mapping. */
export const AdminService = z.object({
  id: z.string(),
  /** The service type customers order by ('followers', 'ai_comments'); lowercase letters, digits, '_'. */
  name: z.string(),
  category: z.string(),
  description: z.string(),
  /** What customers pay, USD per 1,000 units (GET /api/get-services answers it per unit). */
  rate_per_1k: UsdAmount,
  min_quantity: z.number().int(),
  max_quantity: z.number().int(),
  is_ai: z.boolean(),
  enabled: z.boolean(),
  refill: z.boolean(),
  cancel: z.boolean(),
  provider_id: z.string().nullable(),
  provider_name: z.string().nullable(),
  remote_service_id: z.string().nullable(),
  /** What the mapped provider service costs us, USD per 1,000, as last imported; null when unknown. */
  provider_rate_per_1k: UsdAmount.nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type AdminService = z.infer<typeof AdminService>

export const AdminServiceName = z
  .string({ error: ADMIN_SERVICE_NAME_INVALID })
  .trim()
  .regex(/^[a-z0-9_]{1,60}$/, ADMIN_SERVICE_NAME_INVALID)

const serviceFields = {
  name: AdminServiceName,
  category: z.string().trim().max(100).default(''),
  description: z.string().trim().max(2000).default(''),
  rate_per_1k: RatePer1kUsd,
  min_quantity: QuantityLimit,
  max_quantity: QuantityLimit,
  is_ai: z.boolean().default(false),
  enabled: z.boolean().default(true),
  refill: z.boolean().default(false),
  cancel: z.boolean().default(true),
  /** Both set or both null: which provider service our orders are placed as. */
  provider_id: z.string().trim().min(1).max(30).nullable().default(null),
  remote_service_id: z.string().trim().min(1).max(100).nullable().default(null),
}

/** POST /api/admin/services. */
export const AdminCreateServiceRequest = z
  .object({ ...serviceFields, reason: OptionalAdminReason })
  .refine((body) => body.min_quantity <= body.max_quantity, {
    message: ADMIN_LIMITS_ORDER,
    path: ['max_quantity'],
  })
export type AdminCreateServiceRequest = z.input<typeof AdminCreateServiceRequest>

/**
 * PUT /api/admin/services/{id}: any subset of the fields (enable/disable is `{ enabled }`); a rate change is
 * what GET /api/get-services answers from the next request on.
 */
export const AdminUpdateServiceRequest = z
  .object({
    name: AdminServiceName.optional(),
    category: z.string().trim().max(100).optional(),
    description: z.string().trim().max(2000).optional(),
    rate_per_1k: RatePer1kUsd.optional(),
    min_quantity: QuantityLimit.optional(),
    max_quantity: QuantityLimit.optional(),
    is_ai: z.boolean().optional(),
    enabled: z.boolean().optional(),
    refill: z.boolean().optional(),
    cancel: z.boolean().optional(),
    provider_id: z.string().trim().min(1).max(30).nullable().optional(),
    remote_service_id: z.string().trim().min(1).max(100).nullable().optional(),
    reason: OptionalAdminReason,
  })
  .refine(
    (body) =>
      body.min_quantity === undefined ||
      body.max_quantity === undefined ||
      body.min_quantity <= body.max_quantity,
    { message: ADMIN_LIMITS_ORDER, path: ['max_quantity'] },
  )
export type AdminUpdateServiceRequest = z.input<typeof AdminUpdateServiceRequest>

export const AdminServicesResponse = z.object({ services: z.array(AdminService) })
export type AdminServicesResponse = z.infer<typeof AdminServicesResponse>

// ---- Providers --------------------------------------------------------------------------------------------

export const AdminProvider = z.object({
  id: z.string(),
  name: z.string(),
  api_url: z.string(),
  /** '••••••••' and the key's last 4 characters; the key itself is never answered. */
  api_key_masked: z.string(),
  enabled: z.boolean(),
  /** The margin rule: our rate = their rate × (1 + margin / 100), rounded up to the micro-USD; null = none. */
  margin_percent: z.number().nullable(),
  /** Services imported from it (provider_services). */
  services_count: z.number().int().nonnegative(),
  /** Our services mapped to it. */
  mapped_services_count: z.number().int().nonnegative(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type AdminProvider = z.infer<typeof AdminProvider>

export const AdminProvidersResponse = z.object({ providers: z.array(AdminProvider) })
export type AdminProvidersResponse = z.infer<typeof AdminProvidersResponse>

/** An http(s) URL of a provider's API v2 endpoint. */
export const ProviderApiUrl = z
  .string({ error: ADMIN_API_URL_INVALID })
  .trim()
  .max(2048, ADMIN_API_URL_INVALID)
  .refine(isHttpUrl, { message: ADMIN_API_URL_INVALID })

/** POST /api/admin/providers. The name is unique. */
export const AdminCreateProviderRequest = z.object({
  name: requiredText(ADMIN_NAME_REQUIRED, 100),
  api_url: ProviderApiUrl,
  api_key: requiredText(API_KEY_REQUIRED, 500),
  reason: OptionalAdminReason,
})
export type AdminCreateProviderRequest = z.input<typeof AdminCreateProviderRequest>

/** PUT /api/admin/providers/{id}: any subset; a new api_key replaces the stored one (a masked value keeps it). */
export const AdminUpdateProviderRequest = z.object({
  api_url: ProviderApiUrl.optional(),
  api_key: requiredText(API_KEY_REQUIRED, 500).optional(),
  enabled: z.boolean().optional(),
  reason: OptionalAdminReason,
})
export type AdminUpdateProviderRequest = z.input<typeof AdminUpdateProviderRequest>

/** GET /api/admin/providers/{id}/balance: the provider's API v2 `balance`, asked live. */
export const AdminProviderBalanceResponse = z.object({
  provider_id: z.string(),
  /** As the provider reports it (its own currency, usually USD). */
  balance: z.number(),
  currency: z.string(),
  checked_at: IsoDateTime,
})
export type AdminProviderBalanceResponse = z.infer<typeof AdminProviderBalanceResponse>

/** A provider's service as its `services` call last answered it. */
export const AdminProviderService = z.object({
  provider_id: z.string(),
  remote_service_id: z.string(),
  name: z.string(),
  type: z.string(),
  category: z.string(),
  /** What the provider charges, USD per 1,000. */
  rate_per_1k: UsdAmount,
  min_quantity: z.number().int(),
  max_quantity: z.number().int(),
  refill: z.boolean(),
  cancel: z.boolean(),
  imported_at: IsoDateTime,
  /** Names of our services mapped to it. */
  mapped_to: z.array(z.string()),
})
export type AdminProviderService = z.infer<typeof AdminProviderService>

/**
 * GET /api/admin/providers/{id}/services (the stored catalogue) and POST /api/admin/providers/{id}/import
 * (asks the provider's API v2 `services` now and stores the answer).
 */
export const AdminProviderServicesResponse = z.object({ services: z.array(AdminProviderService) })
export type AdminProviderServicesResponse = z.infer<typeof AdminProviderServicesResponse>

export const AdminImportProviderRequest = z.object({ reason: OptionalAdminReason })

/**
 * POST /api/admin/providers/{id}/margin: stores the margin and sets the rate of every service mapped to this
 * provider to the provider's imported rate × (1 + margin_percent / 100), rounded up to the micro-USD.
 */
export const AdminProviderMarginRequest = z.object({
  margin_percent: z
    .number({ error: ADMIN_MARGIN_RANGE })
    .min(-100, ADMIN_MARGIN_RANGE)
    .max(10_000, ADMIN_MARGIN_RANGE)
    .refine((value) => Math.round(value * 100) / 100 === value, { message: ADMIN_MARGIN_RANGE }),
  reason: OptionalAdminReason,
})
export type AdminProviderMarginRequest = z.input<typeof AdminProviderMarginRequest>

export const AdminProviderMarginResponse = z.object({
  provider: AdminProvider,
  /** The services whose rate was set (mapped to this provider, with an imported remote rate). */
  services: z.array(AdminService),
})
export type AdminProviderMarginResponse = z.infer<typeof AdminProviderMarginResponse>

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
  kind: z.enum(['deposit', 'order_payment', 'refund', 'adjustment', 'withdrawal']),
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

// ---- Orders -----------------------------------------------------------------------------------------------

/**
 * GET /api/admin/orders: newest first. `user` is a user id or an email (exact, case-insensitive); `service`
 * a service name; `link` a substring of the target URL.
 */
export const AdminOrdersQuery = PageQuery.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  service: z.string().trim().min(1).max(100).optional(),
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

export const AdminRefill = z.object({
  id: z.string(),
  status: z.enum(['pending', 'in_progress', 'completed', 'rejected', 'error']),
  upstream_refill_id: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
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

// ---- Updates and contact methods (what customers see) ----------------------------------------------------

export const AdminUpdateInput = z.object({
  /** A semantic icon name ('sparkles', 'bell', 'info', 'gift'). */
  icon: z.string().trim().min(1).max(40).default('info'),
  title: requiredText(ADMIN_TITLE_REQUIRED, 200),
  text: z.string().trim().max(5000).default(''),
  url: z.url().max(2048).nullable().default(null),
  /** Shown as the entry's date; defaults to now. */
  date: IsoDateTime.optional(),
  reason: OptionalAdminReason,
})
export type AdminUpdateInput = z.input<typeof AdminUpdateInput>

export const AdminUpdatesResponse = z.object({
  updates: z.array(
    z.object({
      id: z.string(),
      icon: z.string(),
      title: z.string(),
      text: z.string(),
      date: IsoDateTime,
      url: z.string().nullable(),
    }),
  ),
})
export type AdminUpdatesResponse = z.infer<typeof AdminUpdatesResponse>
export const AdminUpdateResponse = AdminUpdatesResponse.shape.updates.element
export type AdminUpdateResponse = z.infer<typeof AdminUpdateResponse>

export const AdminContactMethodInput = z.object({
  /** A semantic icon name ('chat', 'mail', 'wallet'). */
  icon: z.string().trim().min(1).max(40).default('chat'),
  title: requiredText(ADMIN_TITLE_REQUIRED, 200),
  value: z.string().trim().max(500).default(''),
  text: z.string().trim().max(2000).default(''),
  url: z.url().max(2048).nullable().default(null),
  /** Lower first. */
  sort_order: z.number().int().min(0).max(10_000).default(0),
  reason: OptionalAdminReason,
})
export type AdminContactMethodInput = z.input<typeof AdminContactMethodInput>

export const AdminContactMethod = z.object({
  id: z.string(),
  icon: z.string(),
  title: z.string(),
  value: z.string(),
  text: z.string(),
  url: z.string().nullable(),
  sort_order: z.number().int(),
})
export type AdminContactMethod = z.infer<typeof AdminContactMethod>
export const AdminContactMethodsResponse = z.object({ contact_methods: z.array(AdminContactMethod) })
export type AdminContactMethodsResponse = z.infer<typeof AdminContactMethodsResponse>

/** DELETE of an update or a contact method: `reason` in the query string (DELETE has no body). */
export const AdminDeleteQuery = z.object({ reason: OptionalAdminReason })

// ---- Jobs -------------------------------------------------------------------------------------------------

/** GET /api/admin/jobs: how many jobs are in each state, and the dead ones (newest first) with last errors. */
export const AdminJobsResponse = z.object({
  counts: z.object({
    queued: z.number().int().nonnegative(),
    running: z.number().int().nonnegative(),
    done: z.number().int().nonnegative(),
    dead: z.number().int().nonnegative(),
  }),
  dead: z.array(AdminJob),
})
export type AdminJobsResponse = z.infer<typeof AdminJobsResponse>

/** POST /api/admin/jobs/{id}/retry: a dead job back in the queue with fresh attempts. */
export const AdminRetryJobRequest = z.object({ reason: OptionalAdminReason })
export const AdminJobResponse = z.object({ job: AdminJob })
export type AdminJobResponse = z.infer<typeof AdminJobResponse>
