import { randomUUID } from 'node:crypto'
import {
  type AiSetting,
  type AiSettingFields,
  type AiSettingValues,
  createAiPresets,
  isMaskedApiKey,
  maskApiKey,
} from '@engage/contract'
import { sql } from 'kysely'
import type { Db } from '../db/connect'
import type { AiSettingRow } from '../db/schema'
import { decryptSecret, encryptSecret } from '../crypto/secrets'
import { recordAccountActivity } from './workspaces/activity'

// A customer's AI settings: upserted by id, ids matched case-insensitively, the provider key stored
// encrypted (AES-256-GCM under DATA_KEY) and answered masked.

/** What an answer shows for a stored key that no longer decrypts (DATA_KEY changed): a mask without a suffix. */
const UNREADABLE_KEY_MASK = maskApiKey('unreadable')

function lowerId(id: string) {
  return sql<boolean>`lower(id) = ${id.toLowerCase()}`
}

export function toApiAiSetting(row: AiSettingRow, dataKey: Buffer): AiSetting {
  let apiKey = ''
  if (row.api_key_encrypted !== null) {
    try {
      apiKey = maskApiKey(decryptSecret(dataKey, row.api_key_encrypted))
    } catch {
      apiKey = UNREADABLE_KEY_MASK
    }
  }
  return {
    id: row.id,
    name: row.name,
    model: row.model,
    provider: row.provider as AiSetting['provider'],
    temperature: row.temperature,
    maxTokens: row.max_tokens,
    topP: row.top_p,
    frequencyPenalty: row.frequency_penalty,
    presencePenalty: row.presence_penalty,
    lastUsed: new Date(Number(row.last_used_at)).toISOString(),
    systemPrompt: row.system_prompt,
    userPrompt: row.user_prompt,
    apiKey,
  }
}

/** The user's AI settings in creation order, keys masked. */
export async function listAiSettings(db: Db, userId: number, dataKey: Buffer): Promise<AiSetting[]> {
  const rows = await db
    .selectFrom('ai_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => toApiAiSetting(row, dataKey))
}

/**
 * What to store for a submitted key: undefined = keep the stored value (absent, null, or a masked value sent
 * back unchanged), null = remove it (''), otherwise the new key encrypted.
 */
function storedKeyFor(apiKey: string | null | undefined, dataKey: Buffer): string | null | undefined {
  if (apiKey === undefined || apiKey === null || isMaskedApiKey(apiKey)) return undefined
  const trimmed = apiKey.trim()
  return trimmed === '' ? null : encryptSecret(dataKey, trimmed)
}

/**
 * Creates or updates each submitted setting, matching ids case-insensitively (an existing setting keeps the
 * spelling of its id). A setting without an id gets a new UUID. All or nothing, in one transaction, with a line
 * in the workspace's activity log per setting when a person (`actorUserId`) saves them.
 */
export async function saveAiSettings(
  db: Db,
  userId: number,
  settings: AiSettingFields[],
  now: number,
  dataKey: Buffer,
  actorUserId?: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const setting of settings) {
      const id = setting.id ?? randomUUID()
      const existing = await trx
        .selectFrom('ai_settings')
        .select(['id'])
        .where('user_id', '=', userId)
        .where(lowerId(id))
        .executeTakeFirst()
      const storedKey = storedKeyFor(setting.apiKey, dataKey)
      const lastUsed = setting.lastUsed === undefined ? undefined : Date.parse(setting.lastUsed)
      const values = {
        name: setting.name,
        model: setting.model,
        provider: setting.provider,
        temperature: setting.temperature,
        max_tokens: setting.maxTokens,
        top_p: setting.topP,
        frequency_penalty: setting.frequencyPenalty,
        presence_penalty: setting.presencePenalty,
        system_prompt: setting.systemPrompt,
        user_prompt: setting.userPrompt,
        updated_at: now,
      }
      if (existing) {
        await trx
          .updateTable('ai_settings')
          .set({
            ...values,
            ...(storedKey === undefined ? {} : { api_key_encrypted: storedKey }),
            ...(lastUsed === undefined ? {} : { last_used_at: lastUsed }),
          })
          .where('user_id', '=', userId)
          .where('id', '=', existing.id)
          .execute()
      } else {
        await trx
          .insertInto('ai_settings')
          .values({
            ...values,
            user_id: userId,
            id,
            api_key_encrypted: storedKey ?? null,
            last_used_at: lastUsed ?? now,
            created_at: now,
          })
          .execute()
      }
      if (actorUserId !== undefined) {
        await recordAccountActivity(trx, {
          accountId: userId,
          actorUserId,
          action: 'ai_setting.saved',
          subject: `ai_setting:${existing?.id ?? id}`,
          detail: { name: setting.name, provider: setting.provider },
          now,
        })
      }
    }
  })
}

/** Deletes a setting by id (any case); false when the user has no such setting. */
export async function deleteAiSetting(
  db: Db,
  userId: number,
  settingId: string,
  actor: { userId: number; now: number } | undefined = undefined,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('ai_settings')
      .where('user_id', '=', userId)
      .where(lowerId(settingId))
      .executeTakeFirst()
    const deleted = Number(result.numDeletedRows) > 0
    if (deleted && actor) {
      await recordAccountActivity(trx, {
        accountId: userId,
        actorUserId: actor.userId,
        action: 'ai_setting.deleted',
        subject: `ai_setting:${settingId}`,
        now: actor.now,
      })
    }
    return deleted
  })
}

function presetRow(userId: number, preset: AiSettingValues, now: number) {
  return {
    user_id: userId,
    id: preset.id,
    name: preset.name,
    model: preset.model,
    provider: preset.provider,
    temperature: preset.temperature,
    max_tokens: preset.maxTokens,
    top_p: preset.topP,
    frequency_penalty: preset.frequencyPenalty,
    presence_penalty: preset.presencePenalty,
    system_prompt: preset.systemPrompt,
    user_prompt: preset.userPrompt,
    api_key_encrypted: null,
    last_used_at: now,
    created_at: now,
    updated_at: now,
  }
}

/**
 * Creates the two presets ('Default AI', 'Reasoner') for a user who has no AI settings, once in
 * the account's life: users.ai_presets_at is claimed by a conditional update, so concurrent first requests
 * create them once, and a customer who later deletes them does not get them back.
 */
export async function ensureAiPresets(db: Db, userId: number, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('users')
      .set({ ai_presets_at: now })
      .where('id', '=', userId)
      .where('ai_presets_at', 'is', null)
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) return
    const existing = await trx
      .selectFrom('ai_settings')
      .select('id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst()
    // A customer who saved settings of their own before the first /me (a client that seeds them itself)
    // keeps exactly those.
    if (existing) return
    await trx
      .insertInto('ai_settings')
      .values(createAiPresets(new Date(now)).map((preset) => presetRow(userId, preset, now)))
      .execute()
  })
}
