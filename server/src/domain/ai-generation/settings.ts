import { AiSettingFields, createAiPresets, isMaskedApiKey } from '@engage/contract'
import { sql } from 'kysely'
import { type AiGenerationSetting, AiPermanentError, type AiProvider } from '../../adapters/ai'
import { decryptSecret } from '../../crypto/secrets'
import type { Db } from '../../db/connect'
import type { Order } from '../../db/schema'

// Settings and keys.

/** An AI setting as the generation uses it: the adapter's fields, and the id of the saved setting if any. */
export interface OrderAiSetting extends AiGenerationSetting {
  id: string | undefined
}

/** An AI setting of a request body or an order as the generation uses it. */
export function settingFromFields(fields: AiSettingFields): OrderAiSetting {
  return {
    id: fields.id,
    provider: fields.provider,
    model: fields.model,
    temperature: fields.temperature,
    maxTokens: fields.maxTokens,
    topP: fields.topP,
    frequencyPenalty: fields.frequencyPenalty,
    presencePenalty: fields.presencePenalty,
    systemPrompt: fields.systemPrompt,
    userPrompt: fields.userPrompt,
  }
}

/**
 * The setting frozen on the order at placing time. An AI order placed without one is written with the 'Default
 * AI' preset and the operator's key, as a new customer's first order would be.
 */
export function orderAiSetting(order: Pick<Order, 'ai_setting' | 'created_at'>): OrderAiSetting {
  if (order.ai_setting === null) {
    const [preset] = createAiPresets(new Date(order.created_at))
    if (!preset) throw new Error('createAiPresets answered no preset')
    return { ...settingFromFields(AiSettingFields.parse(preset)), id: undefined }
  }
  return settingFromFields(AiSettingFields.parse(JSON.parse(order.ai_setting)))
}

/**
 * The customer's own key for a saved AI setting: the stored key of the setting `settingId` (any case) when it is
 * saved for the same provider ('' when it has none, when it is saved for another provider, or when there is no
 * such setting). Throws AiPermanentError when the stored key no longer decrypts (DATA_KEY changed).
 */
export async function savedSettingApiKey(
  db: Db,
  input: { userId: number; settingId: string | undefined; provider: AiProvider; dataKey: Buffer },
): Promise<string> {
  if (input.settingId === undefined) return ''
  const row = await db
    .selectFrom('ai_settings')
    .select(['provider', 'api_key_encrypted'])
    .where('user_id', '=', input.userId)
    .where(sql<boolean>`lower(id) = ${input.settingId.toLowerCase()}`)
    .executeTakeFirst()
  // A key saved for another provider would only be refused by this one (and would be sent to it).
  if (!row?.api_key_encrypted || row.provider !== input.provider) return ''
  try {
    return decryptSecret(input.dataKey, row.api_key_encrypted)
  } catch {
    throw new AiPermanentError({
      provider: input.provider,
      operation: 'generate',
      reason: 'the API key saved with this AI setting can no longer be read; enter it again',
    })
  }
}

/**
 * The key a preview uses: the key in the body when one is typed (a masked value is the stored key sent back),
 * none when the body clears it (''), else the saved setting's key. '' means the operator's default key.
 */
export async function previewApiKey(
  db: Db,
  input: { userId: number; setting: AiSettingFields; dataKey: Buffer },
): Promise<string> {
  const typed = input.setting.apiKey
  if (typeof typed === 'string' && !isMaskedApiKey(typed)) return typed.trim()
  return savedSettingApiKey(db, {
    userId: input.userId,
    settingId: input.setting.id,
    provider: input.setting.provider,
    dataKey: input.dataKey,
  })
}
