import { describe, expect, it } from 'vitest'
import { formatMicros, formatUsd, microsToUsd, usdToMicros } from './money'

describe('usdToMicros', () => {
  it.each([
    [12.34, 12_340_000],
    ['12.34', 12_340_000],
    [0.1 + 0.2, 300_000],
    [1.005, 1_005_000],
    [0.000001, 1],
    ['0.0000005', 1],
    ['0.0000004', 0],
    [-1.5, -1_500_000],
    ['1e3', 1_000_000_000],
    [1e-7, 0],
    ['1,000.25', 1_000_250_000],
    [0, 0],
  ])('converts %s USD to %s micro-USD without float drift', (usd, micros) => {
    expect(usdToMicros(usd)).toBe(micros)
  })

  it.each(['', 'abc', '1.2.3', '$5'])('refuses the text %j', (text) => {
    expect(() => usdToMicros(text)).toThrow(RangeError)
  })

  it('refuses amounts that do not fit a safe integer of micros', () => {
    expect(() => usdToMicros(1e12)).toThrow(RangeError)
    expect(() => usdToMicros(Number.NaN)).toThrow(RangeError)
  })
})

describe('microsToUsd', () => {
  it('gives back the USD number of an integer amount', () => {
    expect(microsToUsd(12_340_000)).toBe(12.34)
    expect(microsToUsd(1)).toBe(0.000001)
  })

  it('refuses fractional micros', () => {
    expect(() => microsToUsd(1.5)).toThrow(RangeError)
  })
})

describe('formatUsd', () => {
  it.each([
    [12.34, 2, '$12.34'],
    [0, 2, '$0.00'],
    [10_000, 2, '$10,000.00'],
    [1.005, 2, '$1.01'],
    [1.2, 4, '$1.2000'],
    [1234567.891, 2, '$1,234,567.89'],
    [-5, 2, '-$5.00'],
    [-0.001, 2, '$0.00'],
    [7, 0, '$7'],
  ])('formats %s with %s decimals as %s', (amount, decimals, text) => {
    expect(formatUsd(amount, decimals)).toBe(text)
  })

  it('formats micro-USD directly', () => {
    expect(formatMicros(1_999_999, 2)).toBe('$2.00')
    expect(formatMicros(123, 6)).toBe('$0.000123')
  })

  it('refuses more than 6 decimals', () => {
    expect(() => formatUsd(1, 7)).toThrow(RangeError)
  })
})
