// Customer notifications (ADR 230). Another area tells a customer of something with notify(trx, userId, kind,
// payload, now), in the transaction of the change: the support tickets call it with 'ticket_reply'.
export { notify } from './notify'
export {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NotificationNotFoundError,
} from './inbox'
export { notificationPreferences, updateNotificationPreferences } from './preferences'
export { type NotificationMailDeps, sendNotificationMail } from './mail'
