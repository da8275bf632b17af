import { describe, expect, it } from 'vitest'
import { validationErrorBody } from './common'
import { MeResponse } from './user'
import {
  ListNotificationsResponse,
  LOW_BALANCE_RANGE,
  LOW_BALANCE_STEP,
  NotificationPreferences,
  UpdateNotificationPreferencesRequest,
} from './notifications'

describe('notification preferences', () => {
  it('need a switch for every kind, ticket replies included', () => {
    const email = {
      order_completed: false,
      order_partial: true,
      order_cancelled: true,
      deposit_credited: true,
      low_balance: true,
    }
    expect(NotificationPreferences.safeParse({ email, lowBalanceThreshold: null }).success).toBe(false)
    const complete = { email: { ...email, ticket_reply: true }, lowBalanceThreshold: 10 }
    expect(NotificationPreferences.parse(complete)).toEqual(complete)
  })

  it('accept any subset of switches, a threshold in whole cents, or null for no alert', () => {
    expect(UpdateNotificationPreferencesRequest.parse({})).toEqual({})
    expect(UpdateNotificationPreferencesRequest.parse({ email: { ticket_reply: false } })).toEqual({
      email: { ticket_reply: false },
    })
    expect(UpdateNotificationPreferencesRequest.parse({ lowBalanceThreshold: null })).toEqual({
      lowBalanceThreshold: null,
    })
    expect(UpdateNotificationPreferencesRequest.parse({ lowBalanceThreshold: 12.5 })).toEqual({
      lowBalanceThreshold: 12.5,
    })
  })

  it.each([
    [0.99, LOW_BALANCE_RANGE],
    [10_000.01, LOW_BALANCE_RANGE],
    [5.555, LOW_BALANCE_STEP],
    ['5', LOW_BALANCE_RANGE],
  ])('refuse the threshold %j with "%s" by its field', (lowBalanceThreshold, message) => {
    const result = UpdateNotificationPreferencesRequest.safeParse({ lowBalanceThreshold })
    expect(result.success).toBe(false)
    if (!result.success) {
      expect(validationErrorBody(result.error)).toEqual({
        detail: `lowBalanceThreshold: ${message}`,
        field: 'lowBalanceThreshold',
      })
    }
  })

  it('refuse a kind that does not exist', () => {
    expect(UpdateNotificationPreferencesRequest.safeParse({ email: { newsletter: true } }).success).toBe(
      false,
    )
  })
})

describe('notification list', () => {
  it('carries each notification with its read time and the unread count', () => {
    const page = {
      notifications: [
        {
          id: '7',
          kind: 'ticket_reply',
          title: 'New reply to ticket 3',
          body: 'Support answered your ticket "Refill".',
          link: '/support/3',
          createdAt: '2026-11-20T10:00:00.000Z',
          readAt: null,
        },
      ],
      nextCursor: null,
      unread: 1,
    }
    expect(ListNotificationsResponse.parse(page)).toEqual(page)
    expect(ListNotificationsResponse.safeParse({ ...page, unread: -1 }).success).toBe(false)
  })

  it('take the unread count from a current user answer, 0 from a server that does not say', () => {
    const shape = MeResponse.shape.unreadNotifications
    expect(shape.parse(undefined)).toBe(0)
    expect(shape.parse(4)).toBe(4)
  })
})
