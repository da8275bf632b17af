// Order form rules, and the charge the server stores on an order.

import { decimalToScaledBigInt, formatMicros, microsToUsd } from './money'
import { QUANTITY_RANGE_MESSAGE, SERVICE_TYPE_REQUIRED, VALID_URL_REQUIRED } from './messages'

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

export function isQuantityInRange(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= QUANTITY_MIN && quantity <= QUANTITY_MAX
}

/** The field message for a quantity input, or null when it is valid. */
export function quantityError(value: unknown): string | null {
  const quantity = parseQuantity(value)
  return quantity !== null && isQuantityInRange(quantity) ? null : QUANTITY_RANGE_MESSAGE
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
