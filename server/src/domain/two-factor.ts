import { randomBytes } from 'node:crypto'
import { RECOVERY_CODE_COUNT } from '@engage/contract'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import { decryptSecret, encryptSecret } from '../crypto/secrets'
import { randomToken, sha256Hex } from '../crypto/tokens'
import type { Db } from '../db/connect'

// Two-factor sign-in with TOTP (RFC 6238: six digits, 30-second steps, SHA-1, which every authenticator app
// reads) and ten single-use recovery codes. The secret is stored encrypted under DATA_KEY like the customers'
// AI keys and is shown only while the set-up waits for its first code. A code is accepted one step either
// side of the server's clock, and never twice: the step of the last accepted code is kept, and a code of that
// step or an earlier one is refused.

const ISSUER = 'Engage Panel'
const PERIOD_SECONDS = 30
/** Steps accepted either side of now (clock drift between the phone and the server). */
const WINDOW_STEPS = 1
/** How long the second sign-in step may wait after the password step. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000
/** Wrong codes one challenge takes before the password step must be done again. */
export const CHALLENGE_MAX_ATTEMPTS = 5

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

function totpOf(secretBase32: string, email: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  })
}

/** A recovery code as typed ('ABCDE-fghij ') in the form its hash was taken of. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '')
}

function newRecoveryCode(): string {
  const bytes = randomBytes(10)
  const letters = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('')
  return `${letters.slice(0, 5)}-${letters.slice(5)}`
}

export interface TwoFactorState {
  enabledAt: number | null
  recoveryCodesLeft: number
}

export async function twoFactorState(db: Db, userId: number): Promise<TwoFactorState> {
  const row = await db
    .selectFrom('two_factor')
    .select('enabled_at')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  const enabledAt = row?.enabled_at ?? null
  if (enabledAt === null) return { enabledAt: null, recoveryCodesLeft: 0 }
  const { count } = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return { enabledAt: Number(enabledAt), recoveryCodesLeft: Number(count) }
}

export async function hasTwoFactor(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst()
  return row !== undefined
}

export interface Enrolment {
  secret: string
  uri: string
  qrSvg: string
}

/**
 * A new secret for an account without two-factor sign-in, replacing one still waiting for its code. The
 * caller checks that two-factor sign-in is not on yet.
 */
export async function startEnrolment(
  db: Db,
  dataKey: Buffer,
  user: { id: number; email: string },
  now: number,
): Promise<Enrolment> {
  const secret = new Secret({ size: 20 }).base32
  const stored = encryptSecret(dataKey, secret)
  await db.deleteFrom('two_factor').where('user_id', '=', user.id).where('enabled_at', 'is', null).execute()
  await db
    .insertInto('two_factor')
    .values({ user_id: user.id, secret: stored, enabled_at: null, last_step: null, created_at: now })
    .execute()
  const uri = totpOf(secret, user.email).toString()
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return { secret, uri, qrSvg: qrSvg.slice(qrSvg.indexOf('<svg')) }
}

/**
 * Accepts a six-digit code of the account's secret (enabled, or pending when `pending`) once: the step it
 * belongs to is recorded in the same statement that checks it was not used, so two requests with one code
 * cannot both pass.
 */
async function acceptTotp(
  db: Db,
  dataKey: Buffer,
  user: { id: number; email: string },
  code: string,
  now: number,
  pending: boolean,
): Promise<boolean> {
  const digits = code.replace(/\s/g, '')
  if (!/^\d{6}$/.test(digits)) return false
  const row = await db
    .selectFrom('two_factor')
    .select(['secret', 'last_step', 'enabled_at'])
    .where('user_id', '=', user.id)
    .executeTakeFirst()
  if (!row || (row.enabled_at === null) !== pending) return false
  const totp = totpOf(decryptSecret(dataKey, row.secret), user.email)
  const delta = totp.validate({ token: digits, timestamp: now, window: WINDOW_STEPS })
  if (delta === null) return false
  const step = totp.counter({ timestamp: now }) + delta
  const result = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', user.id)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

async function acceptRecoveryCode(db: Db, userId: number, code: string, now: number): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code)
  if (!/^[a-z0-9]{10}$/.test(normalised)) return false
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', sha256Hex(normalised))
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The second factor of an account with two-factor sign-in on: an authenticator code or an unused recovery code. */
export async function acceptSecondFactor(
  db: Db,
  dataKey: Buffer,
  user: { id: number; email: string },
  code: string,
  now: number,
): Promise<boolean> {
  if (await acceptTotp(db, dataKey, user, code, now, false)) return true
  return acceptRecoveryCode(db, user.id, code, now)
}

/**
 * Turns two-factor sign-in on when `code` belongs to the secret waiting for it, and answers the new recovery
 * codes (only their hashes are kept); undefined for a wrong code or no pending secret.
 */
export async function confirmEnrolment(
  db: Db,
  dataKey: Buffer,
  user: { id: number; email: string },
  code: string,
  now: number,
): Promise<string[] | undefined> {
  if (!(await acceptTotp(db, dataKey, user, code, now, true))) return undefined
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('two_factor').set({ enabled_at: now }).where('user_id', '=', user.id).execute()
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', user.id).execute()
    await trx
      .insertInto('two_factor_recovery_codes')
      .values(
        codes.map((value) => ({
          user_id: user.id,
          code_hash: sha256Hex(normaliseRecoveryCode(value)),
          used_at: null,
        })),
      )
      .execute()
  })
  return codes
}

export async function hasPendingEnrolment(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst()
  return row !== undefined
}

export async function removeTwoFactor(db: Db, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute()
    await trx.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute()
    await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute()
  })
}

/** A password step that succeeded, waiting for its code: the token goes to the client, its hash is stored. */
export async function createChallenge(db: Db, userId: number, now: number): Promise<string> {
  await db.deleteFrom('two_factor_challenges').where('expires_at', '<=', now).execute()
  const token = randomToken()
  await db
    .insertInto('two_factor_challenges')
    .values({
      token_hash: sha256Hex(token),
      user_id: userId,
      created_at: now,
      expires_at: now + CHALLENGE_TTL_MS,
    })
    .execute()
  return token
}

/**
 * Counts an attempt on the challenge and answers its account, or undefined when the challenge is unknown,
 * expired or out of attempts (then it is deleted).
 */
export async function takeChallengeAttempt(
  db: Db,
  token: string,
  now: number,
): Promise<{ userId: number; email: string } | undefined> {
  const tokenHash = sha256Hex(token)
  const result = await db
    .updateTable('two_factor_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .where('attempts', '<', CHALLENGE_MAX_ATTEMPTS)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) {
    await db.deleteFrom('two_factor_challenges').where('token_hash', '=', tokenHash).execute()
    return undefined
  }
  const row = await db
    .selectFrom('two_factor_challenges')
    .innerJoin('users', 'users.id', 'two_factor_challenges.user_id')
    .select(['users.id as userId', 'users.email as email', 'users.disabled_at as disabledAt'])
    .where('two_factor_challenges.token_hash', '=', tokenHash)
    .executeTakeFirst()
  if (!row || row.disabledAt !== null) return undefined
  return { userId: Number(row.userId), email: row.email }
}

export async function endChallenge(db: Db, token: string): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('token_hash', '=', sha256Hex(token)).execute()
}
