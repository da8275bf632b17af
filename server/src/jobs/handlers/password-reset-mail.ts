import { type PasswordResetMailDeps, sendPasswordResetMail } from '../../domain/password-reset-mail'
import type { JobHandler } from '../worker'

declare module '../queue' {
  interface JobPayloads {
    /** Mail a password-reset link to the account with this address, if one exists. */
    'password-reset-mail': { email: string }
  }
}

/** `password-reset-mail` { email }: see domain/password-reset-mail.ts. */
export function passwordResetMailHandler(deps: PasswordResetMailDeps): JobHandler<{ email: string }> {
  return {
    async run({ email }) {
      await sendPasswordResetMail(deps, email)
      return undefined
    },
  }
}
