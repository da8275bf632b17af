// Accounts: users, their sessions and API keys, sign-in limits, password resets, Google sign-in states, the
// mail outbox, and the answers kept for Idempotency-Key.

import type { ColumnType } from 'kysely'
import type { Id, Instant, Micros } from './columns'

export type Role = 'customer' | 'support' | 'admin'

export interface UsersTable {
  id: Id
  email: string
  username: string
  password_hash: string | null
  google_sub: string | null
  role: ColumnType<Role, Role | undefined, Role>
  /** Micro-USD; always equals the sum of the user's ledger entries (CHECK balance >= 0). */
  balance: ColumnType<Micros, Micros | undefined, Micros>
  phone: string | null
  timezone: ColumnType<string, string | undefined, string>
  profile_photo: string | null
  disabled_at: Instant | null
  created_at: Instant
  /** When the two AI presets were created for the user (once, at the first /api/user/me); migration 0004. */
  ai_presets_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>
  /** Micro-USD: a debit that takes the balance below it notifies the customer; null, off (migration 0210). */
  low_balance_threshold: ColumnType<Micros | null, Micros | null | undefined, Micros | null>
  /** The code of the customer's referral link, given when first asked for (migration 0220). */
  referral_code: ColumnType<string | null, string | null | undefined, string | null>
}

export interface SessionsTable {
  /** The public session id the client keeps as `sessionId`. */
  id: string
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string
  user_id: number
  created_at: Instant
  last_used_at: Instant
  /** Absolute expiry; idle expiry is last_used_at + the idle window. */
  expires_at: Instant
  /** The User-Agent and client address the session was created from (migration 0140), shown in Settings. */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>
  ip_address: ColumnType<string | null, string | null | undefined, string | null>
  /** The workspace the session acts in (migration 0240); null: the person's own. */
  workspace_id: ColumnType<number | null, number | null | undefined, number | null>
}

export interface AuthAttemptsTable {
  id: Id
  /** 'signin' | 'signup' | 'forgot' | 'reset' */
  action: string
  /** What is being limited: `ip:<address>` or `account:<email>`. */
  subject: string
  created_at: Instant
}

export interface PasswordResetsTable {
  token_hash: string
  user_id: number
  expires_at: Instant
  used_at: Instant | null
  created_at: Instant
}

/**
 * A Google sign-in on its way through Google (migration 0040): found by the SHA-256 of its `state`, deleted
 * by the callback that uses it.
 */
export interface GoogleSigninStatesTable {
  state_hash: string
  /** Must come back inside the ID token. */
  nonce: string
  /** The PKCE verifier sent with the code to the token endpoint. */
  code_verifier: string
  expires_at: Instant
  created_at: Instant
}

export interface MailOutboxTable {
  id: Id
  to_address: string
  subject: string
  body: string
  created_at: Instant
  sent_at: Instant | null
}

/** A key a customer calls the SMM panel API v2 with (migration 0050); only its SHA-256 is stored. */
export interface ApiKeysTable {
  id: Id
  user_id: number
  /** The customer's label for the key. */
  name: string
  /** SHA-256 (hex) of the whole key; unique. */
  key_hash: string
  /** The key's first characters ('ep_' and a few more), shown so keys can be told apart. */
  prefix: string
  created_at: Instant
  /** Written at most once a minute. */
  last_used_at: Instant | null
  revoked_at: Instant | null
  /** The member the key acts as (migration 0240); `user_id` is the workspace's account it acts on. */
  member_user_id: ColumnType<number | null, number | null | undefined, number | null>
}

export interface IdempotencyKeysTable {
  user_id: number
  /** The client's Idempotency-Key header. */
  key: string
  /** SHA-256 of the method, path and body the key was first used with. */
  request_hash: string
  /** The first answer's status and body; null while that request still runs. */
  status: number | null
  body: string | null
  created_at: Instant
}

/** An account's TOTP enrolment (migration 0140); `enabled_at` is null until a code confirmed it. */
export interface TwoFactorTable {
  user_id: number
  /** The TOTP secret, encrypted under DATA_KEY; never sent back once enrolment is confirmed. */
  secret: string
  enabled_at: Instant | null
  /** The TOTP time step last accepted: a code of that step or an earlier one is refused (no replay). */
  last_step: number | null
  created_at: Instant
}

/** A single-use recovery code (migration 0140): only its SHA-256 is stored. */
export interface TwoFactorRecoveryCodesTable {
  user_id: number
  code_hash: string
  used_at: Instant | null
}

/** A password step waiting for its second factor (migration 0140), found by the SHA-256 of its token. */
export interface TwoFactorChallengesTable {
  token_hash: string
  user_id: number
  attempts: ColumnType<number, number | undefined, number>
  expires_at: Instant
  created_at: Instant
}
