import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  API_KEY_LIMIT_REACHED,
  API_KEY_NOT_FOUND,
  type ApiKeySummary,
  type WorkspaceRole,
} from '@engage/contract'
import { sha256Hex } from '../crypto/tokens'
import type { Db } from '../db/connect'
import { isPostgres } from '../db/dialect'
import type { ApiKey } from '../db/schema'

// API keys for the SMM panel API v2. A key is 'ep_' and 32 random bytes in base64url (256 bits),
// shown once, in the answer that creates it; only its SHA-256 is stored, so the table holds no usable key and
// a key is found by hashing what the client sent. Revoking keeps the row and stops the key for good.

/** Every key starts with this, so a key pasted somewhere is recognisable as ours (and by secret scanners). */
export const API_KEY_PREFIX = 'ep_'

/** Characters of the key kept for display: 'ep_' and 7 of the random part, far too few to guess the rest. */
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 7

/** Active (not revoked) keys a customer may hold at once. */
export const MAX_ACTIVE_API_KEYS = 20

/** last_used_at is written at most this often, so a busy integration does not cost a write per request. */
export const API_KEY_TOUCH_INTERVAL_MS = 60_000

/** A refusal of the key calls; the route answers `status` with `{ detail }`. */
export class ApiKeyRefusal extends Error {
  override name = 'ApiKeyRefusal'
  constructor(
    readonly status: 404 | 409,
    readonly detail: string,
  ) {
    super(detail)
  }
}

/** A new random key: 'ep_' + base64url of 32 random bytes (43 characters). */
export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
}

/** A key as the list shows it: never the key itself. */
export function toApiKeySummary(row: ApiKey): ApiKeySummary {
  return {
    id: String(row.id),
    name: row.name,
    prefix: row.prefix,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
    revoked_at: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
  }
}

/**
 * A member's keys on a workspace's account, newest first, revoked ones included (they say when they stopped
 * working). `userId` is the account, `memberUserId` the person the keys act as.
 */
export function listApiKeys(db: Db, userId: number, memberUserId: number): Promise<ApiKey[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('member_user_id', '=', memberUserId)
    .orderBy('id', 'desc')
    .execute()
}

/**
 * Creates a key named `name` and answers it whole with its row: the only time the key exists outside the
 * client. Refuses past MAX_ACTIVE_API_KEYS active keys.
 */
export async function createApiKey(
  db: Db,
  input: { userId: number; memberUserId: number; name: string; now: number },
): Promise<{ key: string; row: ApiKey }> {
  const key = generateApiKey()
  return db.transaction().execute(async (trx) => {
    // Locking the user's row keeps two concurrent creations from both passing the count on PostgreSQL;
    // SQLite runs one transaction at a time on its single connection.
    if (isPostgres(trx as unknown as Kysely<unknown>)) {
      await trx.selectFrom('users').select('id').where('id', '=', input.userId).forUpdate().execute()
    }
    const active = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', input.userId)
      .where('member_user_id', '=', input.memberUserId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow()
    if (Number(active.count) >= MAX_ACTIVE_API_KEYS) throw new ApiKeyRefusal(409, API_KEY_LIMIT_REACHED)
    const row = await trx
      .insertInto('api_keys')
      .values({
        user_id: input.userId,
        member_user_id: input.memberUserId,
        name: input.name,
        key_hash: sha256Hex(key),
        prefix: key.slice(0, DISPLAY_PREFIX_LENGTH),
        created_at: input.now,
        last_used_at: null,
        revoked_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return { key, row }
  })
}

/** Parses the `{id}` of DELETE /api/user/api-keys/{id}; anything else is not found. */
export function parseApiKeyId(text: string): number {
  if (!/^[1-9]\d{0,14}$/.test(text.trim())) throw new ApiKeyRefusal(404, API_KEY_NOT_FOUND)
  return Number(text.trim())
}

/**
 * Revokes one of the customer's keys; answers its row. Revoking a revoked key changes nothing (the first
 * revocation time stays). Another customer's key is answered exactly like a missing one.
 */
export async function revokeApiKey(
  db: Db,
  input: { userId: number; memberUserId: number; keyId: number; now: number },
): Promise<ApiKey> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: input.now })
    .where('id', '=', input.keyId)
    .where('user_id', '=', input.userId)
    .where('member_user_id', '=', input.memberUserId)
    .where('revoked_at', 'is', null)
    .execute()
  const row = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', input.keyId)
    .where('user_id', '=', input.userId)
    .where('member_user_id', '=', input.memberUserId)
    .executeTakeFirst()
  if (!row) throw new ApiKeyRefusal(404, API_KEY_NOT_FOUND)
  return row
}

/** The account a v2 request acts on, and the member the key acts as, with their role in its workspace. */
export interface ApiKeyOwner {
  keyId: number
  userId: number
  memberUserId: number
  role: WorkspaceRole
}

/**
 * The active key `key` names and its owner, or undefined: unknown, revoked, or its owner disabled. Touches
 * last_used_at when it is older than API_KEY_TOUCH_INTERVAL_MS.
 */
export async function authenticateApiKey(db: Db, key: string, now: number): Promise<ApiKeyOwner | undefined> {
  // Not a key of ours: no need to hash and look it up.
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return undefined
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    // The key acts with its member's role now; a member no longer in the workspace has no key (removal
    // deletes it), and a person disabled by an operator none either.
    .innerJoin('users as members', 'members.id', 'api_keys.member_user_id')
    .innerJoin('workspaces', 'workspaces.account_id', 'api_keys.user_id')
    .innerJoin('workspace_members', (join) =>
      join
        .onRef('workspace_members.workspace_id', '=', 'workspaces.id')
        .onRef('workspace_members.user_id', '=', 'api_keys.member_user_id'),
    )
    .select([
      'api_keys.id as id',
      'api_keys.user_id as userId',
      'api_keys.member_user_id as memberUserId',
      'workspace_members.role as role',
      'api_keys.last_used_at as lastUsedAt',
      'users.disabled_at as disabledAt',
      'members.disabled_at as memberDisabledAt',
    ])
    .where('api_keys.key_hash', '=', sha256Hex(key))
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst()
  if (!row || row.disabledAt !== null || row.memberDisabledAt !== null) return undefined
  if (row.lastUsedAt === null || now - row.lastUsedAt >= API_KEY_TOUCH_INTERVAL_MS || now < row.lastUsedAt) {
    // Conditional, so concurrent requests of one key write it once.
    await db
      .updateTable('api_keys')
      .set({ last_used_at: now })
      .where('id', '=', row.id)
      .where((eb) =>
        eb.or([
          eb('last_used_at', 'is', null),
          eb('last_used_at', '<=', now - API_KEY_TOUCH_INTERVAL_MS),
          eb('last_used_at', '>', now),
        ]),
      )
      .execute()
  }
  return {
    keyId: Number(row.id),
    userId: Number(row.userId),
    memberUserId: Number(row.memberUserId),
    role: row.role,
  }
}
