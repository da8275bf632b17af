import { useId } from 'react'
import type { Notification } from '@engage/contract'
import {
  isApiError,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '@engage/client'
import { Badge, Banner, Button, Heading, Link, Spinner, Stack, Text } from '@engage/ui'
import { useCustomerDates } from '../CustomerDates'
import { notificationItem, notificationList, notificationText } from './Notifications.css'

export const NOTIFICATIONS_TITLE = 'Notifications'
export const NO_NOTIFICATIONS = 'No notifications yet'
export const FAILED_TO_LOAD_NOTIFICATIONS = 'Failed to load your notifications'
export const MARK_ALL_READ = 'Mark all as read'
/** Where the e-mail switches are. */
export const NOTIFICATION_SETTINGS_HREF = '/settings?tab=notifications'

/** How many notifications a page loads. */
const PAGE_SIZE = 20

function NotificationRow({ notification }: { notification: Notification }) {
  const { dateTime } = useCustomerDates()
  const markRead = useMarkNotificationRead()
  const unread = notification.readAt === null
  return (
    <li className={notificationItem} data-unread={unread || undefined}>
      <Stack gap="xxsmall" className={notificationText}>
        <Stack direction="row" gap="small" alignItems="center">
          <Text weight="medium">{notification.title}</Text>
          {unread ? <Badge tone="info">New</Badge> : null}
        </Stack>
        <Text>{notification.body}</Text>
        <Text size="small" tone="muted">
          {dateTime(notification.createdAt)}
        </Text>
        {markRead.isError ? (
          <Text size="small" tone="critical">
            {isApiError(markRead.error) ? markRead.error.detail : 'Failed to mark the notification read'}
          </Text>
        ) : null}
      </Stack>
      <Stack direction="row" gap="small" alignItems="center">
        {notification.link === null ? null : (
          <Link
            href={notification.link}
            variant="standalone"
            onPress={() => (unread ? markRead.mutate(notification.id) : undefined)}
          >
            View
          </Link>
        )}
        {unread ? (
          <Button
            tone="secondary"
            size="small"
            isPending={markRead.isPending}
            aria-label={`Mark as read: ${notification.title}`}
            onPress={() => markRead.mutate(notification.id)}
          >
            Mark as read
          </Button>
        ) : null}
      </Stack>
    </li>
  )
}

/**
 * The notification list the top bar's bell opens: newest first, unread ones marked, a page at a time; each
 * can be marked read, or all at once. A new one arrives by the live updates while the page is open.
 */
export function NotificationsPage() {
  const notifications = useNotifications({ limit: PAGE_SIZE })
  const markAll = useMarkAllNotificationsRead()
  const headingId = useId()
  const pages = notifications.data?.pages ?? []
  const items = pages.flatMap((page) => page.notifications)
  const unread = pages[0]?.unread ?? 0
  return (
    <Stack as="section" gap="large" aria-labelledby={headingId}>
      <Stack direction="row" gap="medium" alignItems="center" justifyContent="space-between" wrap>
        <Stack gap="xxsmall">
          <Heading level={1} id={headingId}>
            {NOTIFICATIONS_TITLE}
          </Heading>
          {notifications.isSuccess ? (
            <Text tone="muted">{unread > 0 ? `${unread} unread` : 'All read'}</Text>
          ) : null}
        </Stack>
        <Stack direction="row" gap="small" alignItems="center">
          <Link href={NOTIFICATION_SETTINGS_HREF} variant="standalone">
            E-mail settings
          </Link>
          {unread > 0 ? (
            <Button tone="secondary" isPending={markAll.isPending} onPress={() => markAll.mutate()}>
              {MARK_ALL_READ}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {markAll.isError ? (
        <Banner tone="error">
          {isApiError(markAll.error) ? markAll.error.detail : 'Failed to mark the notifications read'}
        </Banner>
      ) : null}
      {notifications.isPending ? (
        <Spinner label="Loading notifications" />
      ) : notifications.isError ? (
        <Banner tone="error">{FAILED_TO_LOAD_NOTIFICATIONS}</Banner>
      ) : items.length === 0 ? (
        <Stack gap="xsmall">
          <Text weight="medium">{NO_NOTIFICATIONS}</Text>
          <Text tone="muted">
            Finished, partly delivered and cancelled orders, credited deposits and low balance alerts show
            here.
          </Text>
        </Stack>
      ) : (
        <>
          <ul className={notificationList} aria-label={NOTIFICATIONS_TITLE}>
            {items.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} />
            ))}
          </ul>
          {notifications.hasNextPage ? (
            <div>
              <Button
                tone="secondary"
                isPending={notifications.isFetchingNextPage}
                onPress={() => void notifications.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Stack>
  )
}
