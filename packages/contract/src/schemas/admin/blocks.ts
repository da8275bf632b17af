import * as z from 'zod'
import {
  ADMIN_AMOUNT_STEP,
  ADMIN_IDEMPOTENCY_KEY_REQUIRED,
  ADMIN_QUANTITY_LIMIT_RANGE,
  ADMIN_RATE_RANGE,
  ADMIN_REFILL_DAYS_RANGE,
  ADMIN_REASON_REQUIRED,
} from '../../messages'
import { decimalToScaledBigInt } from '../../money'
import { MAX_REFILL_DAYS } from '../../refills'
import { requiredText } from '../common'

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

/** How many days after an order completed its customer may ask for a refill. */
export const RefillDays = z
  .number({ error: ADMIN_REFILL_DAYS_RANGE })
  .int(ADMIN_REFILL_DAYS_RANGE)
  .min(1, ADMIN_REFILL_DAYS_RANGE)
  .max(MAX_REFILL_DAYS, ADMIN_REFILL_DAYS_RANGE)

/** A money amount an operator types, in USD with at most 2 decimals (cents). */
export const AdminUsdAmount = z
  .number({ error: ADMIN_AMOUNT_STEP })
  .min(-1_000_000, ADMIN_AMOUNT_STEP)
  .max(1_000_000, ADMIN_AMOUNT_STEP)
  .refine((value) => Number.isFinite(value) && Math.round(value * 100) / 100 === value, {
    message: ADMIN_AMOUNT_STEP,
  })

/** A list answer's cursor of the next page; null on the last page. */
export const NextCursor = z.string().nullable()
