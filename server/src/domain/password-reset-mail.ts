import { formatDateTime } from '@engage/contract'
import type { Mailer } from '../adapters/mail'
import type { Db } from '../db/connect'
import type { Clock } from './clock'
import { createPasswordReset, findUserByEmail, PASSWORD_RESET_TTL_MS } from './accounts'

// The password-reset mail, sent by the job queue: the forgot-password request only enqueues it and answers,
// so the answer takes the same time whether or not the address has an account.

export interface PasswordResetMailDeps {
  db: Db
  clock: Clock
  mailer: Mailer
  /** The panel's public origin, where the reset link points. */
  publicUrl: string
}

/** Mails a reset link to the account with `email`, if there is an enabled one; otherwise does nothing. */
export async function sendPasswordResetMail(deps: PasswordResetMailDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email)
  if (!user || user.disabled_at !== null) return
  const now = deps.clock.now()
  const token = await createPasswordReset(deps.db, Number(user.id), now)
  const link = `${deps.publicUrl}/auth?token=${encodeURIComponent(token)}`
  // The time the link stops working, on the clock of the timezone the customer chose in Settings.
  const until = formatDateTime(now + PASSWORD_RESET_TTL_MS, user.timezone)
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your Engage Panel password',
    text:
      `Someone asked to reset the password of your Engage Panel account.\n\n` +
      `To choose a new password, open this link within one hour (by ${until}):\n${link}\n\n` +
      `If you did not ask for this, ignore this message: your password stays as it is.`,
  })
}
