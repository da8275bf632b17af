import { AI_PROVIDERS, type AiProviderId, aiKeyRequired, createAiPresets } from '@engage/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/connect'
import { OrderRefusal } from './refusals'

// The key an AI order's texts are written with: the customer's, saved with the order's AI setting, or the
// operator's for that provider. An AI order with neither would be charged and then wait paused for ever, so
// every way of placing one (the order form, mass orders, subscriptions and their renewals, API v2) asks
// providerWithoutAiKey first and refuses, or pauses the renewal, before any money moves.

/** The operator's own AI keys by provider (config.ai.defaultApiKeys): the ones this panel lends to orders. */
export type OperatorAiKeys = Partial<Record<AiProviderId, string>>

/** The part of an AI setting that decides which key writes it: the saved setting's id and its provider. */
export interface AiSettingKeyRef {
  id?: string | undefined
  provider: AiProviderId
}

/** The setting an AI order placed without one is written with: the 'Default AI' preset, no key of its own. */
export function defaultAiSettingRef(now: number): AiSettingKeyRef {
  const [preset] = createAiPresets(new Date(now))
  if (!preset) throw new Error('createAiPresets answered no preset')
  return { provider: preset.provider }
}

export function aiProviderName(provider: AiProviderId): string {
  return AI_PROVIDERS.find((candidate) => candidate.id === provider)?.name ?? provider
}

/**
 * The name of the provider ('DeepSeek') whose key an AI order written with `setting` lacks, or null when the
 * order can be written: the operator lends a key
 * for its provider, or the customer saved one with that setting for that provider. A key typed into an order
 * but never saved is not kept on the order, so it does not count.
 */
export async function providerWithoutAiKey(
  db: Db,
  input: { userId: number; setting: AiSettingKeyRef; operatorAiKeys: OperatorAiKeys },
): Promise<string | null> {
  const { setting } = input
  if (input.operatorAiKeys[setting.provider]) return null
  if (setting.id !== undefined) {
    const saved = await db
      .selectFrom('ai_settings')
      .select(['provider', 'api_key_encrypted'])
      .where('user_id', '=', input.userId)
      .where(sql<boolean>`lower(id) = ${setting.id.toLowerCase()}`)
      .executeTakeFirst()
    // A key saved for another provider would only be refused by this one.
    if (saved?.api_key_encrypted && saved.provider === setting.provider) return null
  }
  return aiProviderName(setting.provider)
}

/** Refuses, naming `field`, an AI order whose setting has no key to write its texts with. */
export async function requireAiSettingKey(
  db: Db,
  input: { userId: number; setting: AiSettingKeyRef; operatorAiKeys: OperatorAiKeys },
  field: string,
): Promise<void> {
  const missing = await providerWithoutAiKey(db, input)
  if (missing !== null) throw new OrderRefusal('invalid', aiKeyRequired(missing), field)
}
