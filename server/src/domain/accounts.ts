import type { Db } from '../db/connect'
import type { Role } from '../db/schema'
import { randomToken, sha256Hex } from '../crypto/tokens'
import { createPersonalWorkspace } from './workspaces/members'

// Accounts, password resets and the auth_attempts counters behind the sign-in, sign-up and forgot limits.

/** True for a unique-constraint violation on either database (SQLite and PostgreSQL report it differently). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false
  const code = (error as { code: unknown }).code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

export class EmailTakenError extends Error {
  override name = 'EmailTakenError'
  constructor() {
    super('Email already registered')
  }
}

/** The username shown in the panel: the local part of the email ('jane.doe' for jane.doe@example.com). */
export function usernameFromEmail(email: string): string {
  const localPart = email.split('@')[0] ?? ''
  return localPart === '' ? email : localPart
}

export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'role', 'disabled_at', 'timezone'])
    .where('email', '=', email)
    .executeTakeFirst()
}

/**
 * Creates an account with its personal workspace, the new person its owner (ADR 270); throws EmailTakenError
 * when the (lower-cased) email already has one.
 */
export async function createAccount(
  db: Db,
  account: { email: string; passwordHash: string | null; now: number; role?: Role },
): Promise<number> {
  const create = async (trx: Db) => {
    const username = usernameFromEmail(account.email)
    const row = await trx
      .insertInto('users')
      .values({
        email: account.email,
        username,
        password_hash: account.passwordHash,
        google_sub: null,
        role: account.role ?? 'customer',
        phone: null,
        profile_photo: null,
        disabled_at: null,
        created_at: account.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const userId = Number(row.id)
    await createPersonalWorkspace(trx, { userId, name: username, now: account.now })
    return userId
  }
  try {
    return db.isTransaction ? await create(db) : await db.transaction().execute(create)
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError()
    throw error
  }
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute()
}

// ---- Password resets ---------------------------------------------------------------------------------------

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000

/** Stores a new reset token (hashed) for the user and returns the token itself, for the mail only. */
export async function createPasswordReset(db: Db, userId: number, now: number): Promise<string> {
  const token = randomToken()
  await db
    .insertInto('password_resets')
    .values({
      token_hash: sha256Hex(token),
      user_id: userId,
      expires_at: now + PASSWORD_RESET_TTL_MS,
      used_at: null,
      created_at: now,
    })
    .execute()
  return token
}

/**
 * Marks a reset token used and returns its user, or undefined when the token is unknown, used or expired.
 * The conditional update is the check, so two concurrent resets with one token cannot both succeed.
 */
export async function consumePasswordReset(db: Db, token: string, now: number): Promise<number | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', sha256Hex(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst()
  return row ? Number(row.user_id) : undefined
}

// ---- Attempt counters (counted and pruned in http/rate-limit.ts) ---------------------------------------

export type AuthAction = 'signin' | 'signup' | 'forgot'
