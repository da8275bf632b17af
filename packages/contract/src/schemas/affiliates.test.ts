import { describe, expect, it } from 'vitest'
import { AFFILIATE_HOLD_RANGE, AFFILIATE_RATE_RANGE } from '../messages'
import { AdminAffiliateSettingsRequest, AffiliateSummaryResponse } from './index'

describe('the operator affiliate settings body', () => {
  it('takes a whole number of basis points up to 50 % and a hold of up to a year', () => {
    expect(AdminAffiliateSettingsRequest.parse({ rate_basis_points: 5000, hold_days: 365 })).toEqual({
      rate_basis_points: 5000,
      hold_days: 365,
      reason: null,
    })
    expect(
      AdminAffiliateSettingsRequest.parse({ rate_basis_points: 0, hold_days: 0, reason: ' ' }),
    ).toMatchObject({
      reason: null,
    })
  })

  it.each([
    [{ rate_basis_points: 5001, hold_days: 14 }, 'rate_basis_points', AFFILIATE_RATE_RANGE],
    [{ rate_basis_points: -1, hold_days: 14 }, 'rate_basis_points', AFFILIATE_RATE_RANGE],
    [{ rate_basis_points: 12.5, hold_days: 14 }, 'rate_basis_points', AFFILIATE_RATE_RANGE],
    [{ rate_basis_points: '1000', hold_days: 14 }, 'rate_basis_points', AFFILIATE_RATE_RANGE],
    [{ rate_basis_points: 1000, hold_days: 366 }, 'hold_days', AFFILIATE_HOLD_RANGE],
    [{ rate_basis_points: 1000, hold_days: 1.5 }, 'hold_days', AFFILIATE_HOLD_RANGE],
  ])('refuses %o beside %s', (body, field, message) => {
    const result = AdminAffiliateSettingsRequest.safeParse(body)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message })
  })
})

describe('the affiliate summary answer', () => {
  it('refuses an earning status the page does not know', () => {
    const summary = {
      code: 'k7m2q9xwad',
      link: 'https://panel.example/r/k7m2q9xwad',
      visits: 1,
      signups: 1,
      pending: 0,
      available: 0,
      paid: 0,
      rate_percent: 10,
      hold_days: 14,
      earnings: [],
      payouts: [],
    }
    expect(AffiliateSummaryResponse.parse(summary)).toEqual(summary)
    const earning = {
      id: '1',
      order_id: '2',
      order_amount: 1,
      rate_percent: 10,
      amount: 0.1,
      status: 'refunded',
      created_at: '2026-11-20T10:00:00.000Z',
      available_at: '2026-12-04T10:00:00.000Z',
      paid_at: null,
    }
    expect(AffiliateSummaryResponse.safeParse({ ...summary, earnings: [earning] }).success).toBe(false)
    expect(
      AffiliateSummaryResponse.safeParse({ ...summary, earnings: [{ ...earning, status: 'available' }] })
        .success,
    ).toBe(true)
  })
})
