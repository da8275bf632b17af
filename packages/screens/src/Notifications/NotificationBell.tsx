import { Icon, Link } from '@engage/ui'
import { bell, bellCount } from './Notifications.css'

/** Where the bell leads: the notification list. */
export const NOTIFICATIONS_HREF = '/notifications'

/** The count on the bell: past 99 it reads '99+', so it stays a badge. */
function countText(unread: number): string {
  return unread > 99 ? '99+' : String(unread)
}

/**
 * 'Notifications, 3 unread', or 'Notifications' when all are read. The name holds the count as the badge
 * shows it, so what is seen is what a voice-control user says.
 */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${countText(unread)} unread` : 'Notifications'
}

export interface NotificationBellProps {
  /** Unread notifications (the current user's `unreadNotifications`). */
  unread: number
  /** Marks the bell as the current page. */
  isCurrent?: boolean
}

/**
 * The top bar's bell: a link to the notification list with the unread count. It stays this small because the
 * top bar is on the first signed-in page; the list itself loads with its own page.
 */
export function NotificationBell({ unread, isCurrent }: NotificationBellProps) {
  return (
    <Link
      href={NOTIFICATIONS_HREF}
      variant="standalone"
      className={bell}
      aria-label={bellLabel(unread)}
      aria-current={isCurrent ? 'page' : undefined}
    >
      <Icon name="bell" />
      {unread > 0 ? (
        <span className={bellCount} aria-hidden="true">
          {countText(unread)}
        </span>
      ) : null}
    </Link>
  )
}
