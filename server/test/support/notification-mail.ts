import { createOutboxMailer } from '../../src/adapters/mail'
import { notificationMailHandler } from '../../src/jobs/handlers/notification-mail'
import { createWorker } from '../../src/jobs/worker'
import { silentLogger } from '../../src/logger'
import type { TestApp } from './app'

/**
 * Runs the queued notification e-mails as the server's worker does (into the app's mail_outbox); answers how
 * many jobs ran.
 */
export function sendNotificationMail(t: TestApp): Promise<number> {
  return createWorker({
    db: t.db,
    clock: t.clock,
    logger: silentLogger,
    handlers: {
      'notification-mail': notificationMailHandler({
        db: t.db,
        mailer: createOutboxMailer(t.db, t.clock, silentLogger),
        publicUrl: t.config.publicUrl,
      }),
    },
  }).drain()
}
