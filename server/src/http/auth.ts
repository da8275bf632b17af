import {
  ADMIN_ONLY,
  AUTHENTICATION_REQUIRED,
  INVALID_OR_EXPIRED_TOKEN,
  OPERATOR_FORBIDDEN,
  type OperatorRole,
  roleAllows,
  TWO_FACTOR_SETUP_REQUIRED,
  WORKSPACE_FORBIDDEN,
  workspaceRoleAllows,
  type WorkspaceRole,
} from '@engage/contract'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { sha256Hex } from '../crypto/tokens'
import type { Db } from '../db/connect'
import { checkSession, readSession, type SessionCheckRow, sessionPolicy } from '../domain/sessions'
import { hasTwoFactor } from '../domain/two-factor'
import type { AppEnv, AuthUser } from './env'
import { HttpError } from './errors'

// Bearer authentication. Missing header: 'Authentication required'; a malformed, unknown, expired or
// revoked token, or a disabled account: the contract's INVALID_OR_EXPIRED_TOKEN. Both are 401 so the client's
// current-user call logs out.

const challenge = { 'WWW-Authenticate': 'Bearer' }

/** The bearer token of the request, or the 401 its absence or shape answers. */
function bearerToken(c: Context<AppEnv>): string {
  const header = c.req.header('Authorization')
  if (header === undefined || header.trim() === '') {
    throw new HttpError(401, AUTHENTICATION_REQUIRED, { headers: challenge })
  }
  const match = /^Bearer +([A-Za-z0-9_-]{1,200})$/i.exec(header.trim())
  const token = match?.[1]
  if (!token) throw new HttpError(401, INVALID_OR_EXPIRED_TOKEN, { headers: challenge })
  return token
}

/** A statement that reads a token's session (the columns of `sessionQuery`), and what else a route reads with it. */
export type SessionRead<Row extends SessionCheckRow> = (db: Db, tokenHash: string) => Promise<Row | undefined>

/**
 * Checks the request's bearer token with `read` under the session rules (`checkSession`) and sets what the
 * session says of the request (`user`, `sessionId`, `workspace`), or answers 401 `{ detail }`. Answers the row read.
 */
async function signIn<Row extends SessionCheckRow>(c: Context<AppEnv>, read: SessionRead<Row>): Promise<Row> {
  const token = bearerToken(c)
  const { db, clock, config } = c.get('deps')
  const row = await read(db, sha256Hex(token))
  const session = await checkSession(db, row, clock.now(), sessionPolicy(config))
  if (!row || !session) throw new HttpError(401, INVALID_OR_EXPIRED_TOKEN, { headers: challenge })
  c.set('user', session.user)
  c.set('sessionId', session.sessionId)
  if (session.workspace) c.set('workspace', session.workspace)
  return row
}

/**
 * Sets `c.get('user')` and `c.get('sessionId')`, or answers 401 `{ detail }`. A request already authenticated by an
 * earlier guard (a sub-app's wildcard) is not looked up again, so the order sub-apps are mounted in is free.
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  if ((c.get('user') as AuthUser | undefined) === undefined) await signIn(c, readSession)
  await next()
})

/**
 * requireAuth for a route that reads its page on every request: `read` checks the session in the same
 * statement, so the request costs one round trip to the database instead of two. The session is held to the
 * same rules; the row is left in `c.get('sessionRow')` for the handler, once the session passed.
 */
export function authenticateReading<Row extends SessionCheckRow>(read: SessionRead<Row>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('sessionRow', await signIn(c, read))
    await next()
  })
}

/**
 * Behind requireAuth: lets through a person whose role in the workspace the session acts in covers `role`
 * (owner ⊇ admin ⊇ member ⊇ viewer, ADR 270); anyone else answers 403 WORKSPACE_FORBIDDEN, a person who is no
 * longer a member of it included. The role is read afresh on every call, with the session.
 */
export function requireWorkspaceRole(role: WorkspaceRole) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const workspace = c.get('workspace') as AppEnv['Variables']['workspace'] | undefined
    if (!workspace || !workspaceRoleAllows(workspace.role, role))
      throw new HttpError(403, WORKSPACE_FORBIDDEN)
    await next()
  })
}

/**
 * Behind requireAuth: lets through accounts whose role covers `role` (admin covers support); a customer answers
 * 403 OPERATOR_FORBIDDEN, a support account on an admin-only call 403 ADMIN_ONLY (ADR 070), and an operator
 * without two-factor sign-in 403 TWO_FACTOR_SETUP_REQUIRED while OPERATOR_2FA is on (ADR 145), read afresh on
 * every call.
 */
export function requireRole(role: OperatorRole) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { role: userRole } = c.get('user')
    if (userRole !== 'support' && userRole !== 'admin') throw new HttpError(403, OPERATOR_FORBIDDEN)
    if (!roleAllows(userRole, role)) throw new HttpError(403, ADMIN_ONLY)
    const { db, config } = c.get('deps')
    if (config.operatorTwoFactor && !(await hasTwoFactor(db, c.get('user').id))) {
      throw new HttpError(403, TWO_FACTOR_SETUP_REQUIRED)
    }
    await next()
  })
}
