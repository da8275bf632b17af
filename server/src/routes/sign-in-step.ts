import type { Context } from 'hono'
import { createSession, type NewSession, type SessionOrigin, sessionPolicy } from '../domain/sessions'
import { createChallenge, hasTwoFactor } from '../domain/two-factor'
import type { AppEnv } from '../http/env'
import { clientAddress } from '../http/rate-limit'

// The end of a first sign-in step (password, Google): a session for an account without two-factor sign-in, a
// challenge waiting for the code for one with it.

/** The browser and address a new session comes from, listed in Settings. */
export function sessionOrigin(c: Context<AppEnv>): SessionOrigin {
  const address = clientAddress(c)
  return {
    userAgent: c.req.header('User-Agent')?.trim() || null,
    ipAddress: address === 'unknown' ? null : address,
  }
}

export type FirstStepResult =
  { kind: 'session'; session: NewSession } | { kind: 'challenge'; challenge: string }

export async function finishFirstStep(c: Context<AppEnv>, userId: number): Promise<FirstStepResult> {
  const deps = c.get('deps')
  const now = deps.clock.now()
  if (await hasTwoFactor(deps.db, userId)) {
    return { kind: 'challenge', challenge: await createChallenge(deps.db, userId, now) }
  }
  const session = await createSession(deps.db, userId, now, sessionPolicy(deps.config), sessionOrigin(c))
  return { kind: 'session', session }
}
