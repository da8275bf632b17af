// Notifications: GET /api/notifications, POST /api/notifications/{id}/read and /read-all, GET and PUT
// /api/user/notification-preferences. The unread count also comes with the current user (GET /api/user/me).

import * as z from 'zod'
import { isWholeCents } from '../deposit'
import { IsoDateTime, PageQuery } from './common'

/**
 * What a notification tells of. `ticket_reply` is written by the support tickets when the team answers; the
 * others by the orders, the deposits and the ledger.
 */
export const NOTIFICATION_KINDS = [
  'order_completed',
  'order_partial',
  'order_cancelled',
  'deposit_credited',
  'low_balance',
  'ticket_reply',
] as const
export const NotificationKind = z.enum(NOTIFICATION_KINDS)
export type NotificationKind = z.infer<typeof NotificationKind>

export const NOTIFICATION_NOT_FOUND = 'Notification not found'
export const LOW_BALANCE_MIN_USD = 1
export const LOW_BALANCE_MAX_USD = 10_000
export const LOW_BALANCE_RANGE = 'Low balance alert must be between $1.00 and $10,000.00'
export const LOW_BALANCE_STEP = 'Amount must have at most 2 decimal places'

export const Notification = z.object({
  id: z.string(),
  kind: NotificationKind,
  title: z.string(),
  body: z.string(),
  /** A path in the panel to open (the order, the wallet), or null. */
  link: z.string().nullable(),
  createdAt: IsoDateTime,
  readAt: IsoDateTime.nullable(),
})
export type Notification = z.infer<typeof Notification>

/** Newest first; `unread` counts every unread notification of the account, not only this page's. */
export const ListNotificationsQuery = PageQuery
export const ListNotificationsResponse = z.object({
  notifications: z.array(Notification),
  nextCursor: z.string().nullable(),
  unread: z.number().int().min(0),
})
export type ListNotificationsResponse = z.infer<typeof ListNotificationsResponse>

export const UnreadNotificationsResponse = z.object({ unread: z.number().int().min(0) })

/** USD; null: no low-balance alert. */
const LowBalanceThreshold = z
  .number({ error: LOW_BALANCE_RANGE })
  .min(LOW_BALANCE_MIN_USD, LOW_BALANCE_RANGE)
  .max(LOW_BALANCE_MAX_USD, LOW_BALANCE_RANGE)
  .refine(isWholeCents, LOW_BALANCE_STEP)
  .nullable()

/** Which kinds are also e-mailed, and the balance under which a debit alerts (null: never). */
export const NotificationPreferences = z.object({
  email: z.record(NotificationKind, z.boolean()),
  lowBalanceThreshold: LowBalanceThreshold,
})
export type NotificationPreferences = z.infer<typeof NotificationPreferences>

/** Any of the switches, the threshold, or both; what is left out stays as it is. */
export const UpdateNotificationPreferencesRequest = z.object({
  email: z.partialRecord(NotificationKind, z.boolean()).optional(),
  lowBalanceThreshold: LowBalanceThreshold.optional(),
})
export type UpdateNotificationPreferencesRequest = z.input<typeof UpdateNotificationPreferencesRequest>
