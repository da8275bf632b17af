export const simulatorOutcomes = ['completed', 'partial', 'cancelled', 'refunded'] as const
/** How an order ends when nobody cancels it. */
export type SimulatorOutcome = (typeof simulatorOutcomes)[number]

export interface SimulatorKnobs {
  /** How orders end unless their link carries a marker. @default 'completed' */
  outcome: SimulatorOutcome
  /** Share of a partial order that is never delivered (0..1). @default 0.4 */
  partialUndeliveredShare: number
  /** Delay before every answer, in ms. @default 0 */
  delayMs: number
  /** Delay before answers about an order whose link carries `sim=slow`, in ms. @default 20000 */
  slowDelayMs: number
  /** Share of requests answered HTTP 500 without doing anything (0..1). @default 0 */
  errorRate: number
}

export const defaultSimulatorKnobs: Readonly<SimulatorKnobs> = {
  outcome: 'completed',
  partialUndeliveredShare: 0.4,
  delayMs: 0,
  slowDelayMs: 20_000,
  errorRate: 0,
}

export function checkedKnobs(knobs: SimulatorKnobs): SimulatorKnobs {
  if (!simulatorOutcomes.includes(knobs.outcome)) throw new RangeError(`Unknown outcome: ${knobs.outcome}`)
  for (const share of ['partialUndeliveredShare', 'errorRate'] as const) {
    if (!(knobs[share] >= 0 && knobs[share] <= 1)) throw new RangeError(`${share} must be between 0 and 1`)
  }
  for (const delay of ['delayMs', 'slowDelayMs'] as const) {
    if (!(Number.isFinite(knobs[delay]) && knobs[delay] >= 0)) throw new RangeError(`${delay} must be >= 0`)
  }
  return knobs
}

/**
 * Markers a link can carry in its `sim` query parameter, to steer one order whatever the global knobs say:
 * - `partial`: the order ends Partial with `partialUndeliveredShare` of it undelivered;
 * - `cancel`: the provider cancels it after the first step, nothing delivered (remains = quantity);
 * - `refunded`: it ends with the status word "Refunded", which some panels use outside the protocol;
 * - `error`: `add` answers HTTP 500 and places nothing (a transient failure);
 * - `fail-add`: `add` answers `{ "error": "You have active order with this link..." }` (a rejection);
 * - `slow`: every answer about the order waits `slowDelayMs`; `add` places the order before waiting, as a
 *   provider whose client gave up still has the order.
 * Several combine: `?sim=partial,slow` or `?sim=partial&sim=slow` (`cancel` wins over `partial`). Unknown words
 * are ignored, as a real provider would ignore them.
 */
export const linkMarkers = ['partial', 'cancel', 'refunded', 'error', 'slow', 'fail-add'] as const
export type LinkMarker = (typeof linkMarkers)[number]

export function linkMarkersOf(link: string): Set<LinkMarker> {
  const markers = new Set<LinkMarker>()
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return markers
  }
  for (const value of url.searchParams.getAll('sim')) {
    for (const word of value.split(',')) {
      const marker = linkMarkers.find((known) => known === word.trim().toLowerCase())
      if (marker) markers.add(marker)
    }
  }
  return markers
}
