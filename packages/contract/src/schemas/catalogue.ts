// GET /api/services/catalogue (public): the services catalogue, and the filters of the order history.

import * as z from 'zod'
import { ORDER_STATUSES } from '../status'
import { IsoDateTime, PageQuery } from './common'

/** One service as the catalogue shows it: what it is, what it costs, its limits and how long it takes. */
export const CatalogueService = z.object({
  id: z.string().min(1),
  /** The service's name, as orders name it (`service_type`) and the order form preselects it. */
  name: z.string().min(1),
  /** The name as shown (serviceDisplayName). */
  displayName: z.string().min(1),
  /** The platform or group the operator files it under ('Instagram'); '' when none. */
  category: z.string(),
  description: z.string(),
  /** USD per 1,000 units. */
  ratePer1k: z.number().nonnegative(),
  minQuantity: z.number().int().nonnegative(),
  maxQuantity: z.number().int().positive(),
  /** The provider refills drops of a completed order. */
  refill: z.boolean(),
  /** An order can be cancelled while it runs. */
  cancel: z.boolean(),
  isAi: z.boolean(),
  /** Mean seconds from placing to completion over the orders completed in the last 30 days; null when none. */
  averageCompletionSeconds: z.number().int().nonnegative().nullable(),
  /** How many completed orders that mean is taken over. */
  completedOrders: z.number().int().nonnegative(),
})
export type CatalogueService = z.infer<typeof CatalogueService>

/** GET /api/services/catalogue: every enabled service, by category then name. */
export const ServiceCatalogueResponse = z.object({ services: z.array(CatalogueService) })
export type ServiceCatalogueResponse = z.infer<typeof ServiceCatalogueResponse>

/**
 * What narrows an order list, for the customer's list, its CSV export, and the console's. `search` is an order
 * id ('1042' or '#1042') or a part of the link; `from` is inclusive and `to` exclusive.
 */
export const OrderFilterQuery = z.object({
  search: z.string().trim().min(1).max(2048).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  service: z.string().trim().min(1).max(100).optional(),
  from: IsoDateTime.optional(),
  to: IsoDateTime.optional(),
})
export type OrderFilterQuery = z.infer<typeof OrderFilterQuery>

/** GET /api/orders/get with the filters. */
export const FilteredOrdersQuery = PageQuery.extend(OrderFilterQuery.shape)

/** The text of a CSV export (text/csv; UTF-8 with a byte order mark, CRLF line ends, a header record). */
export const CsvText = z.string()
