import type { Mailer } from '../../adapters/mail'
import type { Db } from '../../db/connect'

// The e-mail of a notification, sent by the `notification-mail` job: the job was enqueued with the
// notification, only when the customer's switch for its kind was on.

export interface NotificationMailDeps {
  db: Db
  mailer: Mailer
  /** The panel's public origin, where the links point. */
  publicUrl: string
}

/** Mails notification `notificationId` to its customer's current address; a disabled account gets nothing. */
export async function sendNotificationMail(
  deps: NotificationMailDeps,
  notificationId: number,
): Promise<void> {
  const row = await deps.db
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.user_id')
    .select([
      'users.email',
      'users.disabled_at',
      'notifications.title',
      'notifications.body',
      'notifications.link',
    ])
    .where('notifications.id', '=', notificationId)
    .executeTakeFirst()
  if (!row || row.disabled_at !== null) return
  const link = row.link === null ? '' : `\n\n${deps.publicUrl}${row.link}`
  await deps.mailer.send({
    to: row.email,
    subject: row.title,
    text:
      `${row.body}${link}\n\n` +
      `You get this e-mail because it is switched on in Settings, Notifications: ` +
      `${deps.publicUrl}/settings?tab=notifications`,
  })
}
