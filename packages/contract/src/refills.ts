// Refills: a completed order of a service that offers them may be topped up again (followers that dropped
// off) within the service's refill window, counted in days from the moment the order completed. One rule for
// the panel and API v2 (refillRefusal).

export const REFILL_STATUSES = ['pending', 'in_progress', 'completed', 'rejected', 'error'] as const
type RefillStatus = (typeof REFILL_STATUSES)[number]

/** The refill window a service gets unless the operator sets another. */
export const DEFAULT_REFILL_DAYS = 30
/** The longest refill window an operator may set. */
export const MAX_REFILL_DAYS = 365

const DAY_MS = 24 * 60 * 60 * 1000

/** The instant (ms) an order's refill window ends: `refillDays` whole days after it completed. */
export function refillWindowEnd(completedAt: number, refillDays: number): number {
  return completedAt + refillDays * DAY_MS
}

/** A refill the provider is still working on: while one is, the order cannot be refilled again. */
export function isRefillActive(status: RefillStatus): boolean {
  return status === 'pending' || status === 'in_progress'
}

/** 'Pending', 'In progress', 'Completed', 'Rejected', 'Error'. */
export function refillStatusLabel(status: RefillStatus): string {
  return status === 'in_progress' ? 'In progress' : status.charAt(0).toUpperCase() + status.slice(1)
}

export type RefillRefusalReason = 'not-refillable' | 'not-completed' | 'window-ended' | 'already-active'

/**
 * Why an order cannot be refilled at `now` (ms), or null when it can: its service offers no refills, it is not
 * completed, its window ended at `refillUntil`, or a refill of it is under way. The server refuses by it and
 * marks the orders it lists `refillable` by it, so the panel offers the Refill button exactly when API v2 would
 * accept the refill.
 */
export function refillRefusal(
  order: { offersRefill: boolean; status: string; refillUntil: number | null; hasActiveRefill: boolean },
  now: number,
): RefillRefusalReason | null {
  if (!order.offersRefill) return 'not-refillable'
  if (order.status !== 'completed' || order.refillUntil === null) return 'not-completed'
  if (now > order.refillUntil) return 'window-ended'
  if (order.hasActiveRefill) return 'already-active'
  return null
}
