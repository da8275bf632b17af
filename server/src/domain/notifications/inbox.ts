import type { Notification } from '@engage/contract'
import type { Db } from '../../db/connect'
import type { Selectable } from 'kysely'
import type { NotificationsTable } from '../../db/schema'
import { type Page, parseOrderCursor } from '../orders'

// The bell's list: a customer's notifications, newest first, and reading them. Every query names the
// customer, so another customer's notification is never found (a mark-read of it answers not found).

export class NotificationNotFoundError extends Error {
  override name = 'NotificationNotFoundError'
}

function toApiNotification(row: Selectable<NotificationsTable>): Notification {
  return {
    id: String(row.id),
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    readAt: row.read_at === null ? null : new Date(Number(row.read_at)).toISOString(),
  }
}

export async function unreadNotificationCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('unread'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.unread)
}

/** A page of the customer's notifications, newest first; the cursor is the last id shown, as for orders. */
export async function listNotifications(
  db: Db,
  userId: number,
  page: Page,
): Promise<{ notifications: Notification[]; nextCursor: string | null; unread: number }> {
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId)
  if (page.cursor !== undefined) query = query.where('id', '<', parseOrderCursor(page.cursor))
  const [rows, unread] = await Promise.all([
    query
      .orderBy('id', 'desc')
      .limit(page.limit + 1)
      .execute(),
    unreadNotificationCount(db, userId),
  ])
  const shown = rows.slice(0, page.limit)
  const last = shown.at(-1)
  return {
    notifications: shown.map(toApiNotification),
    nextCursor: rows.length > page.limit && last ? String(last.id) : null,
    unread,
  }
}

/** Marks one of the customer's notifications read (again: no change); answers the unread count. */
export async function markNotificationRead(db: Db, userId: number, id: string, now: number): Promise<number> {
  const notificationId = /^[1-9]\d{0,14}$/.test(id) ? Number(id) : undefined
  if (notificationId === undefined) throw new NotificationNotFoundError(id)
  const found = await db
    .selectFrom('notifications')
    .select('read_at')
    .where('id', '=', notificationId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!found) throw new NotificationNotFoundError(id)
  if (found.read_at === null) {
    await db
      .updateTable('notifications')
      .set({ read_at: now })
      .where('id', '=', notificationId)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute()
  }
  return unreadNotificationCount(db, userId)
}

/** Marks every unread notification of the customer read; answers the unread count (0). */
export async function markAllNotificationsRead(db: Db, userId: number, now: number): Promise<number> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute()
  return unreadNotificationCount(db, userId)
}
