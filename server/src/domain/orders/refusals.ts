import { quantityRangeMessage } from '@engage/contract'
import type { Service } from '../../db/schema'

// Refusals.

export type RefusalKind = 'invalid' | 'not_found' | 'conflict' | 'insufficient_funds'

/**
 * A request the order rules refuse. `field` names the request field at fault, as a path such as 'quantity' or
 * 'items[2].url' (every 'invalid' refusal has one; a 'conflict' names the link). The routes turn kinds into
 * statuses (422, 404, 409, 402).
 */
export class OrderRefusal extends Error {
  override name = 'OrderRefusal'
  constructor(
    readonly kind: RefusalKind,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(field ? `${field}: ${detail}` : detail)
  }
}

/** The order form's quantity message for a service whose own limits are narrower than 1 - 10,000. */
export function serviceQuantityRangeMessage(service: Pick<Service, 'min_quantity' | 'max_quantity'>): string {
  return quantityRangeMessage({ min: service.min_quantity, max: service.max_quantity })
}

/** True when the error is the partial unique index "one active order per user, service and link". */
export function isActiveOrderConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown }
  // PostgreSQL: unique_violation names the index.
  if (code === '23505') return constraint === 'orders_one_active_per_link'
  // SQLite names the indexed columns: "UNIQUE constraint failed: orders.user_id, orders.service_id, ...".
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    typeof message === 'string' &&
    message.includes('orders.user_id, orders.service_id, orders.target_url')
  )
}
