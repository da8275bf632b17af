import { type NotificationMailDeps, sendNotificationMail } from '../../domain/notifications'
import type { JobHandler } from '../worker'

/** `notification-mail` { notificationId }: see domain/notifications/mail.ts. */
export function notificationMailHandler(deps: NotificationMailDeps): JobHandler<{ notificationId: number }> {
  return {
    async run({ notificationId }) {
      await sendNotificationMail(deps, notificationId)
      return undefined
    },
  }
}
