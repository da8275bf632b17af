import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import { reusableQuery } from '../db/reusable-query'
import type { Role } from '../db/schema'
import { randomToken, sha256Hex } from '../crypto/tokens'
import type { ActingWorkspace } from './workspaces/members'

// Sessions: a bearer token of 256 random bits, of which only the SHA-256 is stored, with an idle expiry
// (last use + idle window) and an absolute one (creation + absolute window, stored as expires_at).

export interface SessionPolicy {
  idleMs: number
  absoluteMs: number
}

/** The session windows the configuration sets. */
export function sessionPolicy(config: Pick<Config, 'sessionIdleMs' | 'sessionAbsoluteMs'>): SessionPolicy {
  return { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs }
}

/** last_used_at is written at most this often, so a busy client does not cost a write per request. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000

export interface NewSession {
  token: string
  sessionId: string
}

/** Where a session was created from, as Settings shows it. */
export interface SessionOrigin {
  userAgent: string | null
  ipAddress: string | null
}

const USER_AGENT_MAX = 300

export async function createSession(
  db: Db,
  userId: number,
  now: number,
  policy: SessionPolicy,
  origin: SessionOrigin = { userAgent: null, ipAddress: null },
): Promise<NewSession> {
  const token = randomToken()
  const sessionId = randomUUID()
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      token_hash: sha256Hex(token),
      user_id: userId,
      created_at: now,
      last_used_at: now,
      expires_at: now + policy.absoluteMs,
      user_agent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      ip_address: origin.ipAddress,
    })
    .execute()
  return { token, sessionId }
}

/**
 * The session, its user, and the workspace it acts in with the user's role there, by token hash; read afresh
 * on every request, so a revocation or a removal from a workspace counts at once. A session that names no
 * workspace acts in its person's personal one (the workspace whose account is the person). A page read on
 * every request adds its own columns to this statement (`authenticateReading`), so the session check and the
 * page are one round trip.
 */
export function sessionQuery(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('workspaces', (join) =>
      join.on(
        sql<boolean>`workspaces.id = coalesce(sessions.workspace_id,
          (select personal.id from workspaces personal where personal.account_id = sessions.user_id))`,
      ),
    )
    .leftJoin('workspace_members', (join) =>
      join
        .onRef('workspace_members.workspace_id', '=', 'workspaces.id')
        .onRef('workspace_members.user_id', '=', 'sessions.user_id'),
    )
    .select([
      'sessions.id as sessionId',
      'sessions.last_used_at as lastUsedAt',
      'sessions.expires_at as expiresAt',
      'users.id as userId',
      'users.email as userEmail',
      'users.role as userRole',
      'users.disabled_at as disabledAt',
      'workspaces.id as workspaceId',
      'workspaces.account_id as accountId',
      'workspace_members.role as workspaceRole',
    ])
    .where('sessions.token_hash', '=', tokenHash)
}

/** What the session check reads of a token's session. */
export type SessionCheckRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>['executeTakeFirstOrThrow']>>

/** No SHA-256 in hex looks like this. */
export const TOKEN_HASH_STAND_IN = 'stand-in for a token hash'

const runSessionQuery = reusableQuery(
  (db: Db, { tokenHash }: { tokenHash: string }) => sessionQuery(db, tokenHash),
  { tokenHash: TOKEN_HASH_STAND_IN },
)

/** The session check's row of a token hash, or undefined for no such session. */
export async function readSession(db: Db, tokenHash: string): Promise<SessionCheckRow | undefined> {
  return (await runSessionQuery(db, { tokenHash })).rows[0]
}

export interface AuthenticatedSession {
  sessionId: string
  user: { id: number; email: string; role: Role }
  /** The workspace the session acts in, when the person is (still) one of its members. */
  workspace: ActingWorkspace | undefined
}

/**
 * The session and user behind a bearer token, or undefined when the token is unknown, idle or absolutely
 * expired, or the user is disabled. An expired session is deleted on sight.
 */
export async function authenticateToken(
  db: Db,
  token: string,
  now: number,
  policy: SessionPolicy,
): Promise<AuthenticatedSession | undefined> {
  return checkSession(db, await readSession(db, sha256Hex(token)), now, policy)
}

/**
 * The session a row of `sessionQuery` describes, under the same rules as `authenticateToken` (it deletes an
 * expired session and records the use at most once a minute), or undefined.
 */
export async function checkSession(
  db: Db,
  row: SessionCheckRow | undefined,
  now: number,
  policy: SessionPolicy,
): Promise<AuthenticatedSession | undefined> {
  if (!row) return undefined
  const lastUsedAt = Number(row.lastUsedAt)
  if (now >= Number(row.expiresAt) || now >= lastUsedAt + policy.idleMs) {
    await db.deleteFrom('sessions').where('id', '=', row.sessionId).execute()
    return undefined
  }
  if (row.disabledAt !== null) return undefined
  if (now - lastUsedAt >= SESSION_TOUCH_INTERVAL_MS) {
    await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', row.sessionId).execute()
  }
  return {
    sessionId: row.sessionId,
    user: { id: Number(row.userId), email: row.userEmail, role: row.userRole },
    workspace:
      row.workspaceRole === null || row.workspaceId === null || row.accountId === null
        ? undefined
        : { id: Number(row.workspaceId), accountId: Number(row.accountId), role: row.workspaceRole },
  }
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute()
}

/** Ends every session of the user except `keepSessionId` (after a password change). */
export async function endOtherSessions(db: Db, userId: number, keepSessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId).execute()
}

export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute()
}

export interface SessionRow {
  id: string
  userAgent: string | null
  ipAddress: string | null
  createdAt: number
  lastUsedAt: number
}

/** The user's sessions that still work (neither idle nor past their absolute expiry), most recently seen first. */
export async function listSessions(
  db: Db,
  userId: number,
  now: number,
  policy: SessionPolicy,
): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip_address', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .where('last_used_at', '>', now - policy.idleMs)
    .orderBy('last_used_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.user_agent,
    ipAddress: row.ip_address,
    createdAt: Number(row.created_at),
    lastUsedAt: Number(row.last_used_at),
  }))
}

/** Ends the user's session `sessionId`; false when the user has no such session. */
export async function endSessionOf(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}
