import { describe, expect, it } from 'vitest'
import {
  defaultSubscriptionStartDate,
  RENEWAL_PERIOD_MINUTES,
  defaultSubscriptionEndDate,
  periodCount,
  subscriptionCost,
  subscriptionDuration,
  subscriptionSummary,
} from './subscription'

const start = '2026-03-01T00:00:00.000Z'

describe('renewal periods', () => {
  it('uses 30-day months and 14-day bi-weeks', () => {
    expect(RENEWAL_PERIOD_MINUTES).toEqual({
      minutely: 1,
      daily: 1440,
      weekly: 10080,
      'bi-weekly': 20160,
      monthly: 43200,
    })
  })

  it('defaults the end date to 7 days after the start', () => {
    expect(defaultSubscriptionEndDate(start).toISOString()).toBe('2026-03-08T00:00:00.000Z')
  })
})

describe('periodCount', () => {
  it.each([
    ['2026-03-08T00:00:00.000Z', 'daily', 7],
    ['2026-03-08T00:00:00.001Z', 'daily', 8],
    ['2026-03-07T23:59:59.999Z', 'daily', 7],
    ['2026-03-01T00:00:00.001Z', 'daily', 1],
    ['2026-03-08T00:00:00.000Z', 'weekly', 1],
    ['2026-03-15T00:00:00.000Z', 'bi-weekly', 1],
    ['2026-03-15T00:00:01.000Z', 'bi-weekly', 2],
    ['2026-03-31T00:00:00.000Z', 'monthly', 1],
    ['2026-04-01T00:00:00.000Z', 'monthly', 2],
    ['2026-03-01T01:00:00.000Z', 'minutely', 60],
  ] as const)('counts the periods up to %s with a %s renewal as %i', (end, period, count) => {
    expect(periodCount(start, end, period)).toBe(count)
  })

  it('gives 0 for an empty or reversed range', () => {
    expect(periodCount(start, start, 'daily')).toBe(0)
    expect(periodCount(start, '2026-02-01T00:00:00.000Z', 'daily')).toBe(0)
  })

  it('accepts Date objects and epoch milliseconds', () => {
    const begin = new Date(start)
    expect(periodCount(begin, begin.getTime() + 3 * 86_400_000, 'daily')).toBe(3)
  })

  it('refuses a text that is not a date', () => {
    expect(() => periodCount('soon', start, 'daily')).toThrow(RangeError)
  })
})

describe('subscription cost', () => {
  it('multiplies quantity per period, period count and rate', () => {
    expect(subscriptionCost(7, 7, 0.01)).toBe(0.49)
    expect(subscriptionCost(100, 3, 0.0012)).toBe(0.36)
  })

  it('costs 0 when the rate is unknown', () => {
    expect(subscriptionCost(7, 7, undefined)).toBe(0)
  })
})

describe('subscription summary', () => {
  it('reports the duration in every unit', () => {
    expect(subscriptionDuration(start, '2026-03-15T00:00:00.000Z')).toEqual({
      minutes: 20160,
      days: 14,
      weeks: 2,
      biWeeks: 1,
      months: 14 / 30,
    })
  })

  it('never reports a negative duration', () => {
    expect(subscriptionDuration(start, '2026-02-01T00:00:00.000Z').minutes).toBe(0)
  })

  it('shows the duration in the unit of the renewal period, with counts and cost', () => {
    expect(
      subscriptionSummary({
        start,
        end: '2026-03-15T00:00:00.000Z',
        renewalPeriod: 'weekly',
        quantityPerPeriod: 50,
        rateUsdPerUnit: 0.002,
      }),
    ).toEqual({
      periodCount: 2,
      durationUnit: 'weeks',
      durationValue: 2,
      duration: { minutes: 20160, days: 14, weeks: 2, biWeeks: 1, months: 14 / 30 },
      totalUnits: 100,
      totalCostMicros: 200_000,
      totalCostUsd: 0.2,
    })
  })
})

describe('defaultSubscriptionStartDate', () => {
  it.each([
    ['2026-11-20T10:07:31.000Z', '2026-11-20T10:15:00.000Z'],
    ['2026-11-20T10:15:00.000Z', '2026-11-20T10:15:00.000Z'],
    ['2026-11-20T23:50:00.000Z', '2026-11-21T00:00:00.000Z'],
  ])('offers the first 15-minute step from %s on: %s', (now, expected) => {
    expect(defaultSubscriptionStartDate(new Date(now)).toISOString()).toBe(expected)
  })
})
