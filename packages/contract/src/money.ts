// Money is integer micro-USD on the server (1 USD = 1,000,000 micros); the API speaks USD numbers.
// Every conversion goes through the decimal text of a number, never through float multiplication, so
// 0.1 + 0.2 style drift cannot leak into a stored amount.

export const MICROS_PER_USD = 1_000_000

const decimalPattern = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

/**
 * Scales a decimal number (as a JavaScript number or its text) by 10^scale and rounds it to an integer,
 * half away from zero, or up (towards +infinity) when `roundUp` is set. Returns a BigInt so callers can
 * multiply without overflow.
 */
export function decimalToScaledBigInt(value: number | string, scale: number, roundUp = false): bigint {
  const text = typeof value === 'number' ? numberToText(value) : value.trim().replaceAll(',', '')
  const match = decimalPattern.exec(text)
  const integerDigits = match?.[2] ?? ''
  const fractionDigits = match?.[3] ?? ''
  if (!match || (integerDigits === '' && fractionDigits === '')) {
    throw new RangeError(`Not a decimal number: ${String(value)}`)
  }
  const negative = match[1] === '-'
  const digits = integerDigits + fractionDigits
  // The decimal point sits after the integer digits; scaling by 10^(exponent + scale) moves it right.
  const pointPosition = integerDigits.length + Number(match[4] ?? '0') + scale
  let whole = 0n
  let remainder = ''
  if (pointPosition >= digits.length) {
    whole = BigInt(digits + '0'.repeat(pointPosition - digits.length))
  } else if (pointPosition <= 0) {
    remainder = '0'.repeat(-pointPosition) + digits
  } else {
    whole = BigInt(digits.slice(0, pointPosition))
    remainder = digits.slice(pointPosition)
  }
  const hasRemainder = /[1-9]/.test(remainder)
  if (roundUp) {
    if (hasRemainder && !negative) whole += 1n
  } else if (hasRemainder && (remainder[0] ?? '0') >= '5') {
    whole += 1n
  }
  return negative ? -whole : whole
}

function numberToText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${String(value)}`)
  // String() gives the shortest text that reads back as the same number: what a person typed.
  return String(value)
}

function toSafeNumber(value: bigint): number {
  const result = Number(value)
  if (!Number.isSafeInteger(result)) throw new RangeError(`Amount out of range: ${value.toString()}`)
  return result
}

/** USD (a number such as 12.34, or its text) to integer micro-USD, rounded half away from zero. */
export function usdToMicros(amountUsd: number | string): number {
  return toSafeNumber(decimalToScaledBigInt(amountUsd, 6))
}

/** Integer micro-USD to a USD number for the API (the nearest double to the exact decimal). */
export function microsToUsd(micros: number): number {
  if (!Number.isSafeInteger(micros)) throw new RangeError(`Micros must be an integer: ${String(micros)}`)
  return micros / MICROS_PER_USD
}

/**
 * Formats integer micro-USD as '$1,234.56' (rounded half away from zero to `decimals`, 0 to 6).
 * Negative amounts read '-$5.00'.
 */
export function formatMicros(micros: number, decimals = 2): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 6) {
    throw new RangeError(`decimals must be an integer from 0 to 6: ${String(decimals)}`)
  }
  const negative = micros < 0
  const absolute = BigInt(Math.abs(micros))
  const divisor = 10n ** BigInt(6 - decimals)
  let scaled = absolute / divisor
  if ((absolute % divisor) * 2n >= divisor) scaled += 1n
  const unit = 10n ** BigInt(decimals)
  const whole = (scaled / unit).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const fraction = decimals > 0 ? '.' + (scaled % unit).toString().padStart(decimals, '0') : ''
  return `${negative && scaled > 0n ? '-' : ''}$${whole}${fraction}`
}

/** Formats a USD number as '$12.34' (thousands grouped: '$10,000.00'); `decimals` from 0 to 6. */
export function formatUsd(amountUsd: number, decimals = 2): string {
  return formatMicros(usdToMicros(amountUsd), decimals)
}

/**
 * A balance, a charge or a transaction amount with the precision it has: cents as usual ('$12.50'), and
 * sub-cent amounts to the micro-USD without trailing zeros ('$0.009', '$9.991'), so a list of charges and the
 * balance they leave add up as shown. Every place that shows money the ledger holds uses this one format.
 */
export function formatLedgerUsd(amountUsd: number): string {
  const exact = formatUsd(amountUsd, 6)
  return exact.replace(/(\.\d{2}\d*?)0+$/, '$1')
}
