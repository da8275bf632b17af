import {
  OTHER_SESSIONS_REVOKED,
  PASSWORD_REQUIRED,
  SESSION_NOT_FOUND,
  SESSION_REVOKED,
  TWO_FACTOR_ALREADY_ENABLED,
  TWO_FACTOR_CHALLENGE_EXPIRED,
  TWO_FACTOR_CODE_INVALID,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_NOT_ENABLED,
  TWO_FACTOR_SETUP_NOT_STARTED,
  CURRENT_PASSWORD_INCORRECT,
} from '@engage/contract'
import { Hono } from 'hono'
import { verifyPassword } from '../crypto/passwords'
import {
  createSession,
  endOtherSessions,
  endSessionOf,
  listSessions,
  sessionPolicy,
} from '../domain/sessions'
import {
  acceptSecondFactor,
  confirmEnrolment,
  endChallenge,
  hasPendingEnrolment,
  removeTwoFactor,
  startEnrolment,
  takeChallengeAttempt,
  twoFactorState,
} from '../domain/two-factor'
import type { AppEnv } from '../http/env'
import { HttpError } from '../http/errors'
import { addressSubject, limitAttempt } from '../http/rate-limit'
import { registerRoute } from '../http/register-route'
import { sessionOrigin } from './sign-in-step'

// Two-factor sign-in and the account's sessions: POST /api/signin/two-factor (the code step after the password
// or Google), GET /api/user/two-factor, POST /api/user/two-factor/setup, /confirm and /disable, GET
// /api/user/sessions, DELETE /api/user/sessions/{id}, POST /api/user/sessions/revoke-others. The answers to
// authenticated calls are never stored (http/security.ts): the set-up answer holds the secret, the
// confirmation the recovery codes.

export const twoFactorRoutes = new Hono<AppEnv>()

/** Codes are limited per address and per account, on top of the few attempts one challenge allows. */
async function limitCodeAttempt(c: Parameters<typeof limitAttempt>[0], userId: number): Promise<void> {
  const { perAccount, perIp } = c.get('deps').config.authRateLimit
  await limitAttempt(c, 'two-factor', [
    { subject: addressSubject(c), limit: perIp },
    { subject: `user:${userId}`, limit: perAccount },
  ])
}

registerRoute(twoFactorRoutes, 'signinTwoFactor', async (c, { body }) => {
  const deps = c.get('deps')
  const now = deps.clock.now()
  const account = await takeChallengeAttempt(deps.db, body.challenge, now)
  if (!account) throw new HttpError(401, TWO_FACTOR_CHALLENGE_EXPIRED)
  await limitCodeAttempt(c, account.userId)
  const user = { id: account.userId, email: account.email }
  if (!(await acceptSecondFactor(deps.db, deps.config.dataKey, user, body.code, now))) {
    throw new HttpError(401, TWO_FACTOR_CODE_INVALID, { fields: { field: 'code' } })
  }
  await endChallenge(deps.db, body.challenge)
  const session = await createSession(deps.db, user.id, now, sessionPolicy(deps.config), sessionOrigin(c))
  return c.json({ token: session.token, sessionId: session.sessionId }, 200)
})

registerRoute(twoFactorRoutes, 'twoFactorStatus', async (c) => {
  const { db, config } = c.get('deps')
  const user = c.get('user')
  const state = await twoFactorState(db, user.id)
  return c.json({
    enabled: state.enabledAt !== null,
    enabledAt: state.enabledAt === null ? null : new Date(state.enabledAt).toISOString(),
    recoveryCodesLeft: state.recoveryCodesLeft,
    required: config.operatorTwoFactor && user.role !== 'customer',
  })
})

registerRoute(twoFactorRoutes, 'twoFactorSetup', async (c) => {
  const { db, config, clock } = c.get('deps')
  const user = c.get('user')
  if ((await twoFactorState(db, user.id)).enabledAt !== null)
    throw new HttpError(409, TWO_FACTOR_ALREADY_ENABLED)
  const enrolment = await startEnrolment(db, config.dataKey, user, clock.now())
  return c.json(enrolment, 200)
})

registerRoute(twoFactorRoutes, 'twoFactorConfirm', async (c, { body }) => {
  const { db, config, clock } = c.get('deps')
  const user = c.get('user')
  if ((await twoFactorState(db, user.id)).enabledAt !== null)
    throw new HttpError(409, TWO_FACTOR_ALREADY_ENABLED)
  if (!(await hasPendingEnrolment(db, user.id))) throw new HttpError(409, TWO_FACTOR_SETUP_NOT_STARTED)
  await limitCodeAttempt(c, user.id)
  const codes = await confirmEnrolment(db, config.dataKey, user, body.code, clock.now())
  if (codes === undefined) throw new HttpError(422, TWO_FACTOR_CODE_INVALID, { fields: { field: 'code' } })
  return c.json({ recoveryCodes: codes }, 200)
})

registerRoute(twoFactorRoutes, 'twoFactorDisable', async (c, { body }) => {
  const { db, config, clock } = c.get('deps')
  const user = c.get('user')
  if ((await twoFactorState(db, user.id)).enabledAt === null) throw new HttpError(409, TWO_FACTOR_NOT_ENABLED)
  await limitCodeAttempt(c, user.id)
  const { password_hash: passwordHash } = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow()
  // An account that signs in with Google only has no password to give: the code alone confirms it.
  if (passwordHash !== null) {
    if (body.password === undefined) {
      throw new HttpError(422, `password: ${PASSWORD_REQUIRED}`, { fields: { field: 'password' } })
    }
    if (!(await verifyPassword(passwordHash, body.password))) {
      throw new HttpError(400, CURRENT_PASSWORD_INCORRECT, { fields: { field: 'password' } })
    }
  }
  if (!(await acceptSecondFactor(db, config.dataKey, user, body.code, clock.now()))) {
    throw new HttpError(422, TWO_FACTOR_CODE_INVALID, { fields: { field: 'code' } })
  }
  await removeTwoFactor(db, user.id)
  return c.json({ message: TWO_FACTOR_DISABLED }, 200)
})

registerRoute(twoFactorRoutes, 'listSessions', async (c) => {
  const deps = c.get('deps')
  const rows = await listSessions(deps.db, c.get('user').id, deps.clock.now(), sessionPolicy(deps.config))
  const current = c.get('sessionId')
  const ordered = [...rows.filter((row) => row.id === current), ...rows.filter((row) => row.id !== current)]
  return c.json(
    ordered.map((row) => ({
      id: row.id,
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      createdAt: new Date(row.createdAt).toISOString(),
      lastSeenAt: new Date(row.lastUsedAt).toISOString(),
      current: row.id === current,
    })),
  )
})

registerRoute(twoFactorRoutes, 'revokeSession', async (c, { params }) => {
  const { db } = c.get('deps')
  if (!(await endSessionOf(db, c.get('user').id, params.id))) throw new HttpError(404, SESSION_NOT_FOUND)
  return c.json({ message: SESSION_REVOKED }, 200)
})

registerRoute(twoFactorRoutes, 'revokeOtherSessions', async (c) => {
  await endOtherSessions(c.get('deps').db, c.get('user').id, c.get('sessionId'))
  return c.json({ message: OTHER_SESSIONS_REVOKED }, 200)
})
