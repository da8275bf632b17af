import type { SimulatorOrder, SimulatorRefill } from './store'

/** Steps an order spends In progress before it ends; step 0 is Pending. */
export const inProgressSteps = 3

export type SimulatorOrderStatusWord =
  | 'Pending'
  | 'In progress'
  | 'Completed'
  | 'Partial'
  | 'Canceled'
  // Not a word of the protocol: some panels end a refunded order with it.
  | 'Refunded'
export type SimulatorRefillStatusWord = 'Pending' | 'In progress' | 'Completed'

export interface SimulatorOrderProgress {
  status: SimulatorOrderStatusWord
  delivered: number
  remains: number
  /** What the provider keeps: the full price while the order runs, the delivered part once it stopped short. */
  chargeMicros: number
}

function stepAt(createdAt: number, now: number, stepMs: number): number {
  return Math.max(0, Math.floor((now - createdAt) / stepMs))
}

export function priceMicros(ratePer1000Micros: number, units: number): number {
  return Math.ceil((ratePer1000Micros * units) / 1000)
}

/** Units delivered by `now` if nobody cancels: a quarter of the way more at each In progress step. */
function deliveredWithoutCancel(order: SimulatorOrder, step: number): number {
  if (step === 0 || order.outcome === 'cancelled') return 0
  if (step > inProgressSteps) return order.deliverQuantity
  return Math.floor((order.deliverQuantity * step) / (inProgressSteps + 1))
}

/**
 * Where an order stands at `now`, derived from the time it was placed: no timers, so a controlled clock
 * drives it and a restart picks up where it was. Step 0 Pending; steps 1..3 In progress; from step 4 the
 * order's outcome (Completed or Partial). A 'cancelled' outcome is Canceled from step 1 with nothing delivered.
 */
export function orderProgress(order: SimulatorOrder, now: number, stepMs: number): SimulatorOrderProgress {
  const fullPriceMicros = priceMicros(order.ratePer1000Micros, order.quantity)
  const stopped = (
    status: 'Partial' | 'Canceled' | 'Refunded',
    delivered: number,
  ): SimulatorOrderProgress => ({
    status,
    delivered,
    remains: order.quantity - delivered,
    chargeMicros: priceMicros(order.ratePer1000Micros, delivered),
  })

  if (order.cancelledAt !== null && order.cancelledAt <= now) {
    return stopped(
      'Canceled',
      deliveredWithoutCancel(order, stepAt(order.createdAt, order.cancelledAt, stepMs)),
    )
  }
  const step = stepAt(order.createdAt, now, stepMs)
  if (step === 0) {
    return { status: 'Pending', delivered: 0, remains: order.quantity, chargeMicros: fullPriceMicros }
  }
  if (order.outcome === 'cancelled') return stopped('Canceled', 0)
  const delivered = deliveredWithoutCancel(order, step)
  if (step <= inProgressSteps) {
    return {
      status: 'In progress',
      delivered,
      remains: order.quantity - delivered,
      chargeMicros: fullPriceMicros,
    }
  }
  if (order.outcome === 'partial') return stopped('Partial', delivered)
  if (order.outcome === 'refunded') return stopped('Refunded', delivered)
  return { status: 'Completed', delivered, remains: 0, chargeMicros: fullPriceMicros }
}

/** A refill is Pending for one step, In progress for one, then Completed. */
export function refillProgress(
  refill: SimulatorRefill,
  now: number,
  stepMs: number,
): SimulatorRefillStatusWord {
  const step = stepAt(refill.createdAt, now, stepMs)
  return step === 0 ? 'Pending' : step === 1 ? 'In progress' : 'Completed'
}

/** Micro-USD as the wire writes money: a decimal string with at least two decimals ("0.90", "0.27819"). */
export function formatMicros(micros: number): string {
  const sign = micros < 0 ? '-' : ''
  const digits = String(Math.abs(micros)).padStart(7, '0')
  const whole = digits.slice(0, -6)
  const fraction = digits.slice(-6).replace(/0+$/, '').padEnd(2, '0')
  return `${sign}${whole}.${fraction}`
}

/** The follower (or like, view...) count a link had before the order: stable per link, like the real thing. */
export function startCountOf(link: string): number {
  let hash = 2166136261
  for (const character of link) {
    hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 16777619) >>> 0
  }
  return 100 + (hash % 9_900)
}
