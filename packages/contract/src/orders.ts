// Order form rules, and the charge the server stores on an order.

import { decimalToScaledBigInt, formatMicros, microsToUsd } from './money'
import { QUANTITY_WHOLE_NUMBER_MESSAGE, SERVICE_TYPE_REQUIRED, VALID_URL_REQUIRED } from './messages'

export const QUANTITY_MIN = 1
export const QUANTITY_MAX = 10_000
/** The order form prices a service with no known rate at 999 USD per unit. */
export const UNKNOWN_RATE_ORDER_FORM = 999
/** The order form's total has 4 decimals. */
export const ORDER_TOTAL_DECIMALS = 4

const httpUrlPattern = /^https?:\/\/[^\s/?#]+[^\s]*$/i

/** True when the text starts with http:// or https:// followed by a host and holds no whitespace. */
export function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && httpUrlPattern.test(value.trim())
}

/** Parses the quantity field as a whole number ('250' → 250); anything else → null. */
export function parseQuantity(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null
  if (typeof value !== 'string') return null
  const text = value.trim()
  return /^\+?\d{1,15}$/.test(text) ? Number(text) : null
}

/** The quantities one service accepts, both ends included. */
export interface QuantityLimits {
  min: number
  max: number
}

/** The limits of a service the screens know nothing more about: the rule of every order, 1 to 10,000. */
export const DEFAULT_QUANTITY_LIMITS: QuantityLimits = { min: QUANTITY_MIN, max: QUANTITY_MAX }

const formatCount = (value: number) => value.toLocaleString('en-US')

/**
 * The quantity message for a range, in the spec's words: 'Quantity must be between 100 - 10,000'. The server
 * says the same for a service's own limits, without the field name in front.
 */
export function quantityRangeMessage(limits: QuantityLimits = DEFAULT_QUANTITY_LIMITS): string {
  return `Quantity must be between ${formatCount(limits.min)} - ${formatCount(limits.max)}`
}

/** The quantity input's placeholder for a service: 'Minimum: 100'. */
export function quantityPlaceholder(limits: QuantityLimits = DEFAULT_QUANTITY_LIMITS): string {
  return `Minimum: ${formatCount(limits.min)}`
}

/** The hint under a quantity input once a service is chosen: 'From 100 to 5,000'. */
export function quantityHint(limits: QuantityLimits): string {
  return `From ${formatCount(limits.min)} to ${formatCount(limits.max)}`
}

export function isQuantityInRange(
  quantity: number,
  limits: QuantityLimits = DEFAULT_QUANTITY_LIMITS,
): boolean {
  return Number.isInteger(quantity) && quantity >= limits.min && quantity <= limits.max
}

/** True for a number with a fractional part, typed ('2.5', '2,5') or given (2.5). */
function isFractional(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Number.isInteger(value)
  return typeof value === 'string' && /^\s*\+?\d*[.,]\d*[1-9]\d*\s*$/.test(value)
}

/**
 * The field message for a quantity input, or null when it is valid: a fractional quantity is told it must be
 * a whole number, anything else outside the service's limits gets the range message.
 */
export function quantityError(
  value: unknown,
  limits: QuantityLimits = DEFAULT_QUANTITY_LIMITS,
): string | null {
  if (isFractional(value)) return QUANTITY_WHOLE_NUMBER_MESSAGE
  const quantity = parseQuantity(value)
  return quantity !== null && isQuantityInRange(quantity, limits) ? null : quantityRangeMessage(limits)
}

export function urlError(value: unknown): string | null {
  return isHttpUrl(value) ? null : VALID_URL_REQUIRED
}

export function serviceTypeError(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? null : SERVICE_TYPE_REQUIRED
}

/**
 * A rate in USD per unit (what GET /api/get-services answers) to integer micro-USD per 1,000 units (what
 * the server stores). Exact: 0.0012 USD per unit → 1200000 micros per 1k.
 */
export function unitRateUsdToPer1kMicros(rateUsdPerUnit: number | string): number {
  const micros = Number(decimalToScaledBigInt(rateUsdPerUnit, 9))
  if (!Number.isSafeInteger(micros)) throw new RangeError(`Rate out of range: ${String(rateUsdPerUnit)}`)
  return micros
}

/** Integer micro-USD per 1,000 units to USD per unit, for the API. */
export function per1kMicrosToUnitRateUsd(ratePer1kMicros: number): number {
  return ratePer1kMicros / 1_000_000_000
}

/**
 * The charge for `quantity` units at `ratePer1kMicros` (integer micro-USD per 1,000 units), rounded UP to
 * the micro-USD: the server stores exactly this on the order.
 */
export function chargeMicros(ratePer1kMicros: number, quantity: number): number {
  if (!Number.isSafeInteger(ratePer1kMicros) || ratePer1kMicros < 0) {
    throw new RangeError(`ratePer1kMicros must be a non-negative integer: ${String(ratePer1kMicros)}`)
  }
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`quantity must be a non-negative integer: ${String(quantity)}`)
  }
  const product = BigInt(ratePer1kMicros) * BigInt(quantity)
  const charge = (product + 999n) / 1000n
  const result = Number(charge)
  if (!Number.isSafeInteger(result)) throw new RangeError('Charge out of range')
  return result
}

/** The charge in micro-USD for a rate given in USD per unit (an unknown rate must be resolved first). */
export function chargeMicrosForUnitRate(rateUsdPerUnit: number, quantity: number): number {
  return chargeMicros(unitRateUsdToPer1kMicros(rateUsdPerUnit), quantity)
}

/**
 * The order form's live total in micro-USD: rate × quantity with the unknown-rate price of 999.
 * A quantity that is not a whole number counts as 0.
 */
export function orderTotalMicros(rateUsdPerUnit: number | undefined, quantity: number): number {
  const safeQuantity = Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 0
  return chargeMicrosForUnitRate(rateUsdPerUnit ?? UNKNOWN_RATE_ORDER_FORM, safeQuantity)
}

/** The order form's live total in USD (see orderTotalMicros). */
export function orderTotal(rateUsdPerUnit: number | undefined, quantity: number): number {
  return microsToUsd(orderTotalMicros(rateUsdPerUnit, quantity))
}

/**
 * The order form's Total text: '$0.00' while no service is chosen, else the total to 4 decimals
 * ('$12.3400').
 */
export function formatOrderTotal(
  serviceType: string | null | undefined,
  rates: Readonly<Record<string, number>>,
  quantity: number,
): string {
  if (!serviceType) return formatMicros(0, 2)
  return formatMicros(orderTotalMicros(rates[serviceType], quantity), ORDER_TOTAL_DECIMALS)
}

/** The statuses of an order still under way (not yet completed, partial or cancelled). */
export const ACTIVE_ORDER_STATUSES = ['pending', 'processing', 'paused'] as const

/**
 * Whether an order keeps its link from a second order of the same service: an order still under way does,
 * unless a subscription placed it (a subscription's periods may overlap). The server holds the same rule as a
 * unique index over the active orders (orders_one_active_per_link).
 */
export function holdsItsLink(order: { status: string; subscription_id?: string | null }): boolean {
  return (ACTIVE_ORDER_STATUSES as readonly string[]).includes(order.status) && !order.subscription_id
}
