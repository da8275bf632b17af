// GET /api/get-services (public).

import * as z from 'zod'

/**
 * Service name → price per UNIT in USD (the spec's entity; the pricing grid shows it per 1,000). The key
 * order is the server's display order.
 */
export const GetServicesResponse = z.record(z.string().min(1), z.number().nonnegative())
export type GetServicesResponse = z.infer<typeof GetServicesResponse>
