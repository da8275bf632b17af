import {
  CURRENT_PASSWORD_INCORRECT,
  EMAIL_ALREADY_REGISTERED,
  INVALID_CREDENTIALS,
  LOGGED_OUT,
  PASSWORD_CHANGED,
  PASSWORD_RESET_SUCCESS,
  RESET_LINK_SENT,
  RESET_TOKEN_INVALID,
} from '@engage/contract'
import { Hono } from 'hono'
import { hashPassword, verifyDecoy, verifyPassword } from '../crypto/passwords'
import {
  consumePasswordReset,
  createAccount,
  EmailTakenError,
  findUserByEmail,
  setPasswordHash,
} from '../domain/accounts'
import { attributeSignup } from '../domain/affiliates'
import {
  createSession,
  endAllSessions,
  endOtherSessions,
  endSession,
  sessionPolicy,
} from '../domain/sessions'
import { registerRoute } from '../http/register-route'
import type { AppEnv } from '../http/env'
import { HttpError } from '../http/errors'
import { passwordProblem } from '../domain/password-policy'
import { limitAuthAttempt, limitSignIn, trustAddress } from '../http/rate-limit'
import '../jobs/handlers/password-reset-mail'
import { enqueue } from '../jobs/queue'
import { forgetReferralCode, referralCodeFromCookie } from './referral-link'
import { finishFirstStep, sessionOrigin } from './sign-in-step'

// POST /api/signup (attributed to the referral link the browser came through, see referral-link.ts), /api/signin (its second step is in two-factor.ts), /api/logout, /api/auth/forgot-password, /api/auth/reset-password,
// /api/auth/change-password.

/** Refuses, with 422 beside `field`, a password the account may not have (see domain/password-policy.ts). */
function requireAcceptablePassword(password: string, email: string, field: string): void {
  const problem = passwordProblem(password, email)
  if (problem !== null) throw new HttpError(422, `${field}: ${problem}`, { fields: { field } })
}

export const authRoutes = new Hono<AppEnv>()

registerRoute(authRoutes, 'signup', async (c, { body }) => {
  const { email, password } = body
  await limitAuthAttempt(c, 'signup', email)
  requireAcceptablePassword(password, email, 'password')
  const deps = c.get('deps')
  const now = deps.clock.now()
  const passwordHash = await hashPassword(password)
  const referralCode = referralCodeFromCookie(c)
  let userId: number
  try {
    userId = await deps.db.transaction().execute(async (trx) => {
      const created = await createAccount(trx, { email, passwordHash, now })
      await attributeSignup(trx, created, referralCode, now)
      return created
    })
  } catch (error) {
    if (error instanceof EmailTakenError) throw new HttpError(409, EMAIL_ALREADY_REGISTERED)
    throw error
  }
  forgetReferralCode(c)
  const session = await createSession(deps.db, userId, now, sessionPolicy(deps.config), sessionOrigin(c))
  return c.json({ token: session.token, sessionId: session.sessionId }, 200)
})

registerRoute(authRoutes, 'signin', async (c, { body }) => {
  const { email, password } = body
  await limitSignIn(c, email)
  const deps = c.get('deps')
  const user = await findUserByEmail(deps.db, email)
  const matches =
    user?.password_hash != null
      ? await verifyPassword(user.password_hash, password)
      : await verifyDecoy(password)
  // A disabled account answers like a wrong password: nothing tells a caller the account exists.
  if (!user || !matches || user.disabled_at !== null) throw new HttpError(401, INVALID_CREDENTIALS)
  await trustAddress(c, email)
  // With two-factor sign-in the password only earns a challenge; the session comes with the code.
  const step = await finishFirstStep(c, Number(user.id))
  if (step.kind === 'challenge')
    return c.json({ twoFactorRequired: true as const, challenge: step.challenge }, 200)
  return c.json({ token: step.session.token, sessionId: step.session.sessionId }, 200)
})

registerRoute(authRoutes, 'logout', async (c) => {
  await endSession(c.get('deps').db, c.get('sessionId'))
  return c.json({ message: LOGGED_OUT }, 200)
})

registerRoute(authRoutes, 'forgotPassword', async (c, { body }) => {
  const { email } = body
  await limitAuthAttempt(c, 'forgot', email)
  const { db, clock } = c.get('deps')
  // Only enqueued here: looking the account up and writing the mail happen in the job, so this answer costs
  // the same whether or not the address has an account.
  await enqueue(db, { kind: 'password-reset-mail', payload: { email }, now: clock.now(), maxAttempts: 5 })
  // The same answer whether or not the email has an account.
  return c.json({ message: RESET_LINK_SENT }, 200)
})

registerRoute(authRoutes, 'resetPassword', async (c, { body }) => {
  const { token, password } = body
  const { db, clock } = c.get('deps')
  // Hash first: the token is consumed only once the new password is ready to be written.
  const passwordHash = await hashPassword(password)
  const userId = await db.transaction().execute(async (trx) => {
    const owner = await consumePasswordReset(trx, token, clock.now())
    if (owner === undefined) return undefined
    // Refused inside the transaction, so the link stays usable for a better password.
    const { email } = await trx
      .selectFrom('users')
      .select('email')
      .where('id', '=', owner)
      .executeTakeFirstOrThrow()
    requireAcceptablePassword(password, email, 'password')
    await setPasswordHash(trx, owner, passwordHash)
    // Whoever knew the old password is signed out everywhere.
    await endAllSessions(trx, owner)
    return owner
  })
  if (userId === undefined) throw new HttpError(400, RESET_TOKEN_INVALID)
  return c.json({ message: PASSWORD_RESET_SUCCESS }, 200)
})

registerRoute(authRoutes, 'changePassword', async (c, { body }) => {
  const { currentPassword, newPassword } = body
  const { db } = c.get('deps')
  const user = c.get('user')
  const stored = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow()
  const matches =
    stored.password_hash !== null ? await verifyPassword(stored.password_hash, currentPassword) : false
  if (!matches) throw new HttpError(400, CURRENT_PASSWORD_INCORRECT, { fields: { field: 'currentPassword' } })
  requireAcceptablePassword(newPassword, user.email, 'newPassword')
  const passwordHash = await hashPassword(newPassword)
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, passwordHash)
    await endOtherSessions(trx, user.id, c.get('sessionId'))
  })
  return c.json({ message: PASSWORD_CHANGED }, 200)
})
