import { describe, expect, it } from 'vitest'
import {
  chargeMicros,
  chargeMicrosForUnitRate,
  formatOrderTotal,
  isHttpUrl,
  orderTotal,
  parseQuantity,
  per1kMicrosToUnitRateUsd,
  quantityError,
  quantityHint,
  quantityPlaceholder,
  serviceTypeError,
  unitRateUsdToPer1kMicros,
  urlError,
} from './orders'
import { Quantity } from './schemas/orders'

describe('isHttpUrl', () => {
  it.each([
    'http://example.com',
    'https://x.com/user/status/1',
    'HTTPS://EXAMPLE.COM/a?b=c#d',
    ' https://a.b ',
  ])('accepts %j', (url) => {
    expect(isHttpUrl(url)).toBe(true)
  })

  it.each([
    '',
    'example.com',
    'ftp://example.com',
    'https://',
    'https:// example.com',
    'javascript:alert(1)',
    42,
  ])('refuses %j', (url) => {
    expect(isHttpUrl(url)).toBe(false)
  })

  it('gives the spec message for a bad link', () => {
    expect(urlError('nope')).toBe('Valid URL required')
    expect(urlError('https://ok.example')).toBeNull()
  })
})

describe('quantity', () => {
  it.each([
    ['250', 250],
    [' 10000 ', 10000],
    ['+5', 5],
    [7, 7],
    ['12.5', null],
    ['1e3', null],
    ['abc', null],
    ['', null],
    [2.5, null],
    [undefined, null],
  ])('parses %j as %s', (input, expected) => {
    expect(parseQuantity(input)).toBe(expected)
  })

  it.each([0, 10_001, '-1', 'many', ''])('refuses %j with the quantity message', (input) => {
    expect(quantityError(input)).toBe('Quantity must be between 1 - 10,000')
  })

  it.each([1, 10_000, '100'])('accepts %j', (input) => {
    expect(quantityError(input)).toBeNull()
  })

  it('requires an action type', () => {
    expect(serviceTypeError('')).toBe('Please select an action type')
    expect(serviceTypeError('likes')).toBeNull()
  })
})

describe('charges', () => {
  it('rounds a charge up to the next micro-USD', () => {
    // 1,234 micros per 1k units → 1.234 micros for one unit → 2 micros.
    expect(chargeMicros(1_234, 1)).toBe(2)
    expect(chargeMicros(1_000, 1)).toBe(1)
    expect(chargeMicros(1_001, 1)).toBe(2)
    expect(chargeMicros(500_000, 3)).toBe(1_500)
    expect(chargeMicros(0, 10)).toBe(0)
  })

  it('never loses precision on large products', () => {
    expect(chargeMicros(9_000_000_000_000, 1_000)).toBe(9_000_000_000_000)
  })

  it('refuses negative or fractional inputs', () => {
    expect(() => chargeMicros(-1, 1)).toThrow(RangeError)
    expect(() => chargeMicros(1, 1.5)).toThrow(RangeError)
  })

  it('converts per-unit USD rates to per-1k micro-USD exactly and back', () => {
    expect(unitRateUsdToPer1kMicros(0.0012)).toBe(1_200_000)
    expect(unitRateUsdToPer1kMicros(0.000001234)).toBe(1_234)
    expect(per1kMicrosToUnitRateUsd(1_200_000)).toBe(0.0012)
    expect(chargeMicrosForUnitRate(0.0012, 1_000)).toBe(1_200_000)
    expect(chargeMicrosForUnitRate(0.0000001, 1)).toBe(1)
  })
})

describe('order form total', () => {
  it('multiplies the rate by the quantity', () => {
    expect(orderTotal(0.0012, 1_000)).toBe(1.2)
    expect(orderTotal(0.1, 3)).toBe(0.3)
  })

  it('prices a service with no known rate at 999 per unit', () => {
    expect(orderTotal(undefined, 2)).toBe(1998)
    expect(formatOrderTotal('mystery', {}, 2)).toBe('$1,998.0000')
  })

  it('shows the total to 4 decimals, and $0.00 with no service chosen', () => {
    expect(formatOrderTotal('likes', { likes: 0.00123 }, 100)).toBe('$0.1230')
    expect(formatOrderTotal('', { likes: 0.00123 }, 100)).toBe('$0.00')
    expect(formatOrderTotal(null, {}, 100)).toBe('$0.00')
  })

  it('counts a quantity that is not a whole number as 0', () => {
    expect(orderTotal(1, Number.NaN)).toBe(0)
    expect(orderTotal(1, -4)).toBe(0)
  })
})

describe('quantity limits of a service', () => {
  const views = { min: 100, max: 10_000 }
  const follows = { min: 1, max: 5_000 }

  it.each([
    [views, '99', 'Quantity must be between 100 - 10,000'],
    [follows, '5001', 'Quantity must be between 1 - 5,000'],
    [{ min: 10, max: 500 }, '', 'Quantity must be between 10 - 500'],
  ])('refuses a quantity outside %j with its own range and no field name', (limits, input, message) => {
    expect(quantityError(input, limits)).toBe(message)
  })

  it.each(['2.5', '100.5', ' 7,25 ', 2.5])('tells a fractional quantity %j it must be whole', (input) => {
    expect(quantityError(input, views)).toBe('Quantity must be a whole number')
  })

  it('accepts both ends of the range', () => {
    expect(quantityError('100', views)).toBeNull()
    expect(quantityError(10_000, views)).toBeNull()
  })

  it('shows the range in the placeholder and the hint', () => {
    expect(quantityPlaceholder(views)).toBe('Minimum: 100')
    expect(quantityPlaceholder()).toBe('Minimum: 1')
    expect(quantityHint(follows)).toBe('From 1 to 5,000')
  })

  it.each([
    [1.5, 'Quantity must be a whole number'],
    [0, 'Quantity must be between 1 - 10,000'],
    [1e300, 'Quantity must be between 1 - 10,000'],
  ])('the request schema refuses %j with %s', (input, message) => {
    const result = Quantity.safeParse(input)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(message)
  })
})
