import nodemailer from 'nodemailer'
import type { Db } from '../db/connect'
import type { Logger } from '../logger'

// Outgoing mail. With SMTP_URL the message goes out through nodemailer; without it (the embedded default and
// the tests) it is written to the mail_outbox table and its text logged, so an operator can still hand a reset
// link to a customer.

export interface MailMessage {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /**
   * Accepts a message for delivery. SMTP delivery happens in the background so a request does not wait for a
   * mail server (and its timing does not reveal whether a message was sent); failures are logged.
   */
  send(message: MailMessage): Promise<void>
}

export function createOutboxMailer(db: Db, clock: { now(): number }, logger: Logger): Mailer {
  return {
    async send(message) {
      await db
        .insertInto('mail_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          body: message.text,
          created_at: clock.now(),
          sent_at: null,
        })
        .execute()
      logger.info(
        `Mail to ${message.to} (no SMTP_URL set; kept in mail_outbox): ${message.subject}\n${message.text}`,
      )
    },
  }
}

export function createSmtpMailer(smtpUrl: string, from: string, logger: Logger): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    send(message) {
      transport
        .sendMail({ from, to: message.to, subject: message.subject, text: message.text })
        .catch((error: unknown) => {
          // The error of a mail server never holds the message body; the address is needed to follow up.
          logger.error('Mail delivery failed', {
            to: message.to,
            subject: message.subject,
            error: error instanceof Error ? error.message : String(error),
          })
        })
      return Promise.resolve()
    },
    close() {
      transport.close()
    },
  }
}
