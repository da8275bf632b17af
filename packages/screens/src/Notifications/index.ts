export {
  bellLabel,
  NotificationBell,
  NOTIFICATIONS_HREF,
  type NotificationBellProps,
} from './NotificationBell'
export {
  FAILED_TO_LOAD_NOTIFICATIONS,
  MARK_ALL_READ,
  NO_NOTIFICATIONS,
  NOTIFICATION_SETTINGS_HREF,
  NotificationsPage,
  NOTIFICATIONS_TITLE,
} from './NotificationsPage'
export {
  FAILED_TO_LOAD_NOTIFICATION_SETTINGS,
  LOW_BALANCE_OFF,
  LOW_BALANCE_SAVED,
  NotificationSettings,
  notificationKindLabels,
} from './NotificationSettings'
