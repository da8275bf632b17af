import * as z from 'zod'
import { ADMIN_LIMITS_ORDER, ADMIN_SERVICE_NAME_INVALID } from '../../messages'
import { IsoDateTime, UsdAmount } from '../common'
import { DEFAULT_REFILL_DAYS } from '../../refills'
import { OptionalAdminReason, QuantityLimit, RatePer1kUsd, RefillDays } from './blocks'

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
  /** Days after an order completed that its customer may ask for a refill (when `refill` is on). */
  refill_days: z.number().int(),
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
  refill_days: RefillDays.default(DEFAULT_REFILL_DAYS),
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
    refill_days: RefillDays.optional(),
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
