import { NOTIFICATION_NOT_FOUND } from '@engage/contract'
import { Hono } from 'hono'
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NotificationNotFoundError,
  notificationPreferences,
  updateNotificationPreferences,
} from '../domain/notifications'
import type { AppEnv } from '../http/env'
import { HttpError } from '../http/errors'
import { handleOrderErrors } from '../http/order-errors'
import { registerRoute } from '../http/register-route'

// GET /api/notifications?cursor=&limit=, POST /api/notifications/{id}/read, POST /api/notifications/read-all,
// GET and PUT /api/user/notification-preferences: the signed-in customer's own, never another's.

export const notificationRoutes = new Hono<AppEnv>()
// A cursor that is not one of ours answers 422 naming the field, as the orders list does.
notificationRoutes.onError((error, c) =>
  handleOrderErrors(
    error instanceof NotificationNotFoundError ? new HttpError(404, NOTIFICATION_NOT_FOUND) : error,
    c,
  ),
)

registerRoute(notificationRoutes, 'listNotifications', async (c, { query }) => {
  const { cursor, limit } = query
  return c.json(await listNotifications(c.get('deps').db, c.get('user').id, { cursor, limit }), 200)
})

registerRoute(notificationRoutes, 'markNotificationRead', async (c, { params }) => {
  const { db, clock } = c.get('deps')
  return c.json({ unread: await markNotificationRead(db, c.get('user').id, params.id, clock.now()) }, 200)
})

registerRoute(notificationRoutes, 'markAllNotificationsRead', async (c) => {
  const { db, clock } = c.get('deps')
  return c.json({ unread: await markAllNotificationsRead(db, c.get('user').id, clock.now()) }, 200)
})

registerRoute(notificationRoutes, 'notificationPreferences', async (c) => {
  return c.json(await notificationPreferences(c.get('deps').db, c.get('user').id), 200)
})

registerRoute(notificationRoutes, 'updateNotificationPreferences', async (c, { body }) => {
  return c.json(await updateNotificationPreferences(c.get('deps').db, c.get('user').id, body), 200)
})
