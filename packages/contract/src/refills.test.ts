import { describe, expect, it } from 'vitest'
import { refillRefusal, refillStatusLabel, refillWindowEnd } from './refills'
import { AdminCreateServiceRequest, Order, RequestRefillResponse } from './schemas'

const COMPLETED_AT = Date.parse('2026-11-01T12:00:00.000Z')
const WINDOW_END = refillWindowEnd(COMPLETED_AT, 30)

describe('the refill window', () => {
  it('ends whole days after the order completed', () => {
    expect(new Date(WINDOW_END).toISOString()).toBe('2026-12-01T12:00:00.000Z')
    expect(refillWindowEnd(COMPLETED_AT, 1) - COMPLETED_AT).toBe(86_400_000)
  })

  it.each([
    [
      { offersRefill: false, status: 'completed', refillUntil: null, hasActiveRefill: false },
      'not-refillable',
    ],
    [
      { offersRefill: false, status: 'processing', refillUntil: null, hasActiveRefill: false },
      'not-refillable',
    ],
    [
      { offersRefill: true, status: 'processing', refillUntil: null, hasActiveRefill: false },
      'not-completed',
    ],
    [
      { offersRefill: true, status: 'partial', refillUntil: WINDOW_END, hasActiveRefill: false },
      'not-completed',
    ],
    [
      { offersRefill: true, status: 'completed', refillUntil: WINDOW_END - 1, hasActiveRefill: false },
      'window-ended',
    ],
    [
      { offersRefill: true, status: 'completed', refillUntil: WINDOW_END, hasActiveRefill: true },
      'already-active',
    ],
    [{ offersRefill: true, status: 'completed', refillUntil: WINDOW_END, hasActiveRefill: false }, null],
  ])('answers %o at the last moment of the window with %s', (order, reason) => {
    expect(refillRefusal(order, WINDOW_END)).toBe(reason)
  })

  it('names each refill status as the customer reads it', () => {
    expect(
      (['pending', 'in_progress', 'completed', 'rejected', 'error'] as const).map(refillStatusLabel),
    ).toEqual(['Pending', 'In progress', 'Completed', 'Rejected', 'Error'])
  })
})

describe('refill schemas', () => {
  it('carry the window, whether a refill may be asked for, and the latest refill on an order', () => {
    const order = {
      id: '7',
      order_id: '7',
      created_at: '2026-11-01T10:00:00.000Z',
      service_type: 'followers',
      target_url: 'https://instagram.com/someone',
      quantity: 100,
      status: 'completed',
      charge: 0.24,
      start_count: 10,
      remains: 0,
      refill_until: '2026-12-01T12:00:00.000Z',
      refillable: false,
      refill: {
        id: '3',
        status: 'in_progress',
        reason: null,
        created_at: '2026-11-02T10:00:00.000Z',
        updated_at: '2026-11-02T11:00:00.000Z',
      },
    }
    expect(RequestRefillResponse.parse(order)).toEqual(order)
    expect(Order.safeParse({ ...order, refill: { ...order.refill, status: 'done' } }).success).toBe(false)
  })

  it('give a new service the default 30-day window and refuse windows outside 1 to 365 days', () => {
    const service = { name: 'followers', rate_per_1k: 2.4, min_quantity: 10, max_quantity: 1000 }
    expect(AdminCreateServiceRequest.parse(service).refill_days).toBe(30)
    for (const refill_days of [0, 366, 1.5]) {
      expect(AdminCreateServiceRequest.safeParse({ ...service, refill_days }).error?.issues[0]?.message).toBe(
        'The refill window must be a whole number of days between 1 and 365',
      )
    }
  })
})
