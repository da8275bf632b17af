import { type EndpointParsedRequest, type EndpointResponse, NOTIFICATION_NOT_FOUND } from '@engage/contract'
import { pageOf, unreadCount } from './reads'
import { MockRefusal, type MockState } from './store'

// Notifications: reading them and the e-mail switches, as the server answers.

export function listNotifications(
  state: MockState,
  cursor: string | undefined,
  limit: number,
): EndpointResponse<'listNotifications'> {
  const page = pageOf(state.notifications, cursor, limit)
  return { notifications: page.items, nextCursor: page.nextCursor, unread: unreadCount(state) }
}

export function markNotificationRead(state: MockState, id: string): EndpointResponse<'markNotificationRead'> {
  const notification = state.notifications.find((item) => item.id === id)
  if (!notification) throw new MockRefusal(404, NOTIFICATION_NOT_FOUND)
  notification.readAt ??= state.now().toISOString()
  return { unread: unreadCount(state) }
}

export function markAllNotificationsRead(state: MockState): EndpointResponse<'markAllNotificationsRead'> {
  for (const notification of state.notifications) notification.readAt ??= state.now().toISOString()
  return { unread: 0 }
}

export function updateNotificationPreferences(
  state: MockState,
  update: EndpointParsedRequest<'updateNotificationPreferences'>,
): EndpointResponse<'updateNotificationPreferences'> {
  const current = state.notificationPreferences
  state.notificationPreferences = {
    email: { ...current.email, ...update.email },
    lowBalanceThreshold:
      update.lowBalanceThreshold === undefined ? current.lowBalanceThreshold : update.lowBalanceThreshold,
  }
  return state.notificationPreferences
}
