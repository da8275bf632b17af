// GET /api/get-services and GET /api/services (public).

import * as z from 'zod'

/**
 * Service name → price per UNIT in USD (the spec's entity; the pricing grid shows it per 1,000). The key
 * order is the server's display order.
 */
export const GetServicesResponse = z.record(z.string().min(1), z.number().nonnegative())
export type GetServicesResponse = z.infer<typeof GetServicesResponse>

/**
 * One service of GET /api/services (public): the same services as GET /api/get-services, with their limits, for
 * screens that check a quantity against a service's own minimum and maximum.
 */
export const ServiceListing = z.object({
  id: z.string().min(1),
  /** The service's name, as GET /api/get-services keys it and orders name it (`service_type`). */
  name: z.string().min(1),
  /** The name as shown: underscores as spaces, upper-cased (serviceDisplayName). */
  displayName: z.string().min(1),
  /** USD per unit, as GET /api/get-services. */
  rate: z.number().nonnegative(),
  /** USD per 1,000 units, as the pricing grid shows it. */
  ratePer1k: z.number().nonnegative(),
  minQuantity: z.number().int().nonnegative(),
  maxQuantity: z.number().int().positive(),
  /** Texts written by AI (ai_comments, ai_tweets): the order takes an AI setting. */
  isAi: z.boolean(),
})
export type ServiceListing = z.infer<typeof ServiceListing>

/** GET /api/services (public): every enabled service in display order. */
export const ListServicesResponse = z.array(ServiceListing)
export type ListServicesResponse = z.infer<typeof ListServicesResponse>
