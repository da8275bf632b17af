// GET /api/user/api-keys, POST /api/user/api-keys, DELETE /api/user/api-keys/{id}: the keys a customer calls
// the SMM panel API v2 (POST /api/v2) with.

import * as z from 'zod'
import { IsoDateTime, requiredText } from './common'

/** Where the SMM panel API v2 answers, on the panel's own origin. */
export const API_V2_PATH = '/api/v2'

/** The longest key name. */
export const API_KEY_NAME_MAX_LENGTH = 100

// House texts (the spec has no API keys).
export const API_KEY_NAME_REQUIRED = 'Please enter a name for the key'
export const API_KEY_NAME_TOO_LONG = `The name must be at most ${API_KEY_NAME_MAX_LENGTH} characters`
export const API_KEY_NOT_FOUND = 'API key not found'
export const API_KEY_LIMIT_REACHED = 'You can have at most 20 active API keys. Revoke one to create another.'

/** The name of a new key: trimmed, 1 to 100 characters. */
export const ApiKeyName = requiredText(API_KEY_NAME_REQUIRED).max(
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_NAME_TOO_LONG,
)

/** A key as the list shows it: its name and first characters, never the key itself. */
export const ApiKeySummary = z.object({
  id: z.string().min(1),
  name: z.string(),
  /** The key's first characters, e.g. 'ep_Xa3kP9q'. */
  prefix: z.string(),
  created_at: IsoDateTime,
  /** Updated at most once a minute; null until the key is first used. */
  last_used_at: IsoDateTime.nullable(),
  /** Set once the key is revoked: it no longer works. */
  revoked_at: IsoDateTime.nullable(),
})
export type ApiKeySummary = z.infer<typeof ApiKeySummary>

/** Newest first, revoked keys included. */
export const ListApiKeysResponse = z.array(ApiKeySummary)
export type ListApiKeysResponse = z.infer<typeof ListApiKeysResponse>

export const CreateApiKeyRequest = z.object({ name: ApiKeyName })
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>

/** The new key with the whole `key`: shown this once, never again. */
export const CreateApiKeyResponse = ApiKeySummary.extend({ key: z.string().min(1) })
export type CreateApiKeyResponse = z.infer<typeof CreateApiKeyResponse>

/** The revoked key (revoking it again answers the same). */
export const RevokeApiKeyResponse = ApiKeySummary
export type RevokeApiKeyResponse = z.infer<typeof RevokeApiKeyResponse>
