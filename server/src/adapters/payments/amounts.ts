// Gateways report amounts as decimal strings ('24.98000000') or JSON numbers (24.98, 2.9e-7). Everything here
// is integer arithmetic on BigInt so that no float ever decides how much money is credited.

const microDigits = 6
const ratioDigits = 18

/** Spells a number or numeric string without an exponent: '2.9e-7' becomes '0.00000029'. */
function withoutExponent(text: string): string {
  const match = /^(\d+)(?:\.(\d+))?e([+-]?\d+)$/i.exec(text)
  if (!match) return text
  const [, whole = '', fraction = '', exponent = '0'] = match
  const digits = whole + fraction
  const pointPosition = whole.length + Number(exponent)
  if (pointPosition <= 0) return `0.${'0'.repeat(-pointPosition)}${digits}`
  if (pointPosition >= digits.length) return digits + '0'.repeat(pointPosition - digits.length)
  return `${digits.slice(0, pointPosition)}.${digits.slice(pointPosition)}`
}

/**
 * A non-negative decimal as an integer count of 10^-scale units, rounded down.
 * Undefined for anything else (negative, empty, not a number), so callers can tell "not reported" apart.
 */
export function parseScaledDecimal(value: unknown, scale: number): bigint | undefined {
  let text: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return undefined
    text = String(value)
  } else if (typeof value === 'string') {
    text = value.trim()
  } else {
    return undefined
  }
  const match = /^(\d+)(?:\.(\d+))?$/.exec(withoutExponent(text))
  if (!match) return undefined
  const [, whole = '0', fraction = ''] = match
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale))
}

/** USD amount as integer micro-USD (1 USD = 1,000,000), rounded down; undefined when not a valid amount. */
export function parseMicroUsd(value: unknown): bigint | undefined {
  return parseScaledDecimal(value, microDigits)
}

/** Micro-USD as a decimal string with at least two places: 25000000n → '25.00', 24981234n → '24.981234'. */
export function formatMicroUsd(micro: bigint): string {
  const whole = micro / 1_000_000n
  const fraction = (micro % 1_000_000n)
    .toString()
    .padStart(microDigits, '0')
    .replace(/0{1,4}$/, '')
  return `${whole}.${fraction.padEnd(2, '0')}`
}

/**
 * The USD share of an invoice that a crypto payment covered: invoiced × paid ÷ expected, rounded down.
 * Used when a gateway reports the crypto amounts of a partial payment but not their USD value.
 */
export function proportionalMicroUsd(
  invoicedMicroUsd: bigint,
  paidCrypto: unknown,
  expectedCrypto: unknown,
): bigint | undefined {
  const paid = parseScaledDecimal(paidCrypto, ratioDigits)
  const expected = parseScaledDecimal(expectedCrypto, ratioDigits)
  if (paid === undefined || expected === undefined || expected === 0n) return undefined
  return (invoicedMicroUsd * paid) / expected
}

export function largerOf(first: bigint, second: bigint | undefined): bigint {
  return second !== undefined && second > first ? second : first
}
