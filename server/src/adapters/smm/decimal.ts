const microsPerUnit = 6
const decimalPattern = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/

/**
 * Converts a USD amount as a provider writes it ("0.90", "100.84292", 0.27819, "1e-7") to integer micro-USD
 * without going through binary floating point. Digits below one micro-USD round up (towards +infinity): a cost
 * read from a provider is never understated.
 */
export function decimalToMicros(value: string | number): number {
  // String(number) yields the shortest text that reads back as the same double, so 0.9 becomes "0.9",
  // not the 0.90000000000000002220... that toFixed(20) would print.
  const text = typeof value === 'number' ? String(value) : value.trim()
  const match = decimalPattern.exec(text)
  const integerDigits = match?.[2] ?? ''
  const fractionDigits = match?.[3] ?? ''
  if (!match || integerDigits.length + fractionDigits.length === 0) {
    throw new RangeError(`Not a decimal amount: ${JSON.stringify(text)}`)
  }
  const negative = match[1] === '-'
  const exponent = Number(match[4] ?? '0')
  const digits = integerDigits + fractionDigits
  const pointPosition = integerDigits.length + exponent + microsPerUnit

  const wholeDigits =
    pointPosition <= 0
      ? '0'
      : digits
          .slice(0, pointPosition)
          .padEnd(pointPosition, '0')
          .replace(/^0+(?=\d)/, '')
  const droppedDigits = digits.slice(Math.max(pointPosition, 0))
  const magnitude = BigInt(wholeDigits)
  const roundsUp = !negative && /[1-9]/.test(droppedDigits)
  const micros = (negative ? -magnitude : magnitude) + (roundsUp ? 1n : 0n)

  if (micros > BigInt(Number.MAX_SAFE_INTEGER) || micros < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Amount out of range: ${JSON.stringify(text)}`)
  }
  // -0 would print as "0" anyway, but keep comparisons with Object.is honest.
  return micros === 0n ? 0 : Number(micros)
}
