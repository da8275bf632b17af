import { AI_SETTING_NOT_FOUND, type AiSettingFields } from '@engage/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/connect'
import type { AiSettingRow } from '../../db/schema'
import { OrderRefusal } from './refusals'

// AI settings attached to an order.

/** The AI setting an AI order is written with, frozen at order time, without its key (the worker reads the
 * stored, encrypted key by `id` when the setting is saved, else uses the operator's default key). */
export type AiSettingSnapshot = Omit<AiSettingFields, 'apiKey' | 'lastUsed'>

export function snapshotFromInput(input: AiSettingFields): AiSettingSnapshot {
  const { apiKey: _apiKey, lastUsed: _lastUsed, ...snapshot } = input
  return snapshot
}

export function snapshotFromRow(row: AiSettingRow): AiSettingSnapshot {
  return {
    id: row.id,
    name: row.name,
    model: row.model,
    provider: row.provider as AiSettingSnapshot['provider'],
    temperature: row.temperature,
    maxTokens: row.max_tokens,
    topP: row.top_p,
    frequencyPenalty: row.frequency_penalty,
    presencePenalty: row.presence_penalty,
    systemPrompt: row.system_prompt,
    userPrompt: row.user_prompt,
  }
}

/**
 * The user's AI settings with these ids (matched case-insensitively, as the settings calls do), in the order
 * asked. Refuses an unknown id, naming `field`.
 */
export async function resolveAiSettings(
  db: Db,
  userId: number,
  ids: readonly string[],
  field: string,
): Promise<AiSettingRow[]> {
  if (ids.length === 0) return []
  const rows = await db
    .selectFrom('ai_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .where(
      sql<string>`lower(id)`,
      'in',
      ids.map((id) => id.toLowerCase()),
    )
    .execute()
  const byId = new Map(rows.map((row) => [row.id.toLowerCase(), row]))
  return ids.map((id) => {
    const row = byId.get(id.toLowerCase())
    if (!row) throw new OrderRefusal('invalid', AI_SETTING_NOT_FOUND, field)
    return row
  })
}
