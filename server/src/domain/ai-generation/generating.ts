import { sql } from 'kysely'
import { AiPermanentError, AiProviderError, type GeneratedBatch, generateTexts } from '../../adapters/ai'
import type { Db } from '../../db/connect'
import { noUpstreamReason, serviceUpstream } from '../fulfilment'
import { type AiGenerationDeps, serviceTypeOf } from './common'
import { orderTexts } from './reading'
import { type OrderAiSetting, orderAiSetting, savedSettingApiKey } from './settings'

// Generating.

export type TextGenerationOutcome =
  /** Every text exists; the waiting dispatch sends them. */
  | 'complete'
  /** Nothing to write: the order is gone, not an AI order, or no longer pending (cancelled, paused). */
  | 'not-needed'
  /** The provider refused the setting or its key, or the service lost its provider; the order is paused. */
  | 'paused'

/** Marks a pending order paused with the reason shown to the customer; false when it was no longer pending. */
export async function pauseOrderForAi(
  db: Db,
  orderId: number,
  reason: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: 'paused', paused_reason: reason, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Writes the texts a pending AI order still lacks, in batches, storing each batch (texts, tokens) as it
 * arrives. Answers 'paused' after pausing the order when the provider refuses for good (AiPermanentError: a
 * wrong key, an unknown model, only repeated answers). Throws AiTransientError (timeouts, 429, 5xx) for the job
 * to retry; when the job gives up, it pauses the order with the error's message (pauseOrderForAi).
 */
export async function generateOrderTexts(
  deps: AiGenerationDeps,
  orderId: number,
): Promise<TextGenerationOutcome> {
  const { db, config } = deps
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst()
  if (!order || order.status !== 'pending') return 'not-needed'
  const service = await db
    .selectFrom('services')
    .select(['is_ai', 'provider_id', 'remote_service_id'])
    .where('id', '=', order.service_id)
    .executeTakeFirst()
  if (service?.is_ai !== 1) return 'not-needed'
  // The dispatch checked the mapping before asking for texts; an operator may have removed it since. Texts
  // that could not be sent anywhere are not bought: the order pauses as its dispatch would pause it.
  if (!(await serviceUpstream(db, service))) {
    await pauseOrderForAi(db, order.id, await noUpstreamReason(db, service), deps.clock.now())
    return 'paused'
  }

  const stored = await orderTexts(db, order.id)
  const complete = async () => {
    await db
      .updateTable('order_ai_generations')
      .set({ completed_at: deps.clock.now(), updated_at: deps.clock.now() })
      .where('order_id', '=', order.id)
      .where('completed_at', 'is', null)
      .execute()
    return 'complete' as const
  }
  if (stored.length >= order.quantity) return complete()

  let setting: OrderAiSetting
  let customerKey: string
  try {
    setting = orderAiSetting(order)
    customerKey = await savedSettingApiKey(db, {
      userId: order.user_id,
      settingId: setting.id,
      provider: setting.provider,
      dataKey: config.dataKey,
    })
  } catch (error) {
    const reason =
      error instanceof AiProviderError
        ? error.message
        : 'Failed to generate texts: the AI setting of this order is unreadable'
    await pauseOrderForAi(db, order.id, reason, deps.clock.now())
    return 'paused'
  }
  const keySource = customerKey === '' ? 'operator' : 'customer'
  const startedAt = deps.clock.now()
  await db
    .insertInto('order_ai_generations')
    .values({
      order_id: order.id,
      provider: setting.provider,
      model: setting.model,
      key_source: keySource,
      started_at: startedAt,
      completed_at: null,
      updated_at: startedAt,
    })
    .onConflict((conflict) =>
      conflict.column('order_id').doUpdateSet({
        provider: setting.provider,
        model: setting.model,
        key_source: keySource,
        updated_at: startedAt,
      }),
    )
    .execute()

  // A customer may cancel a pending order while its texts are being written: the batch that notices stops
  // the run, and nothing more is asked of the provider.
  const stop = new AbortController()
  let nextPosition = stored.length
  let orderLeftPending = false
  const storeBatch = async (batch: GeneratedBatch) => {
    await db.transaction().execute(async (trx) => {
      const now = deps.clock.now()
      await trx
        .updateTable('order_ai_generations')
        .set({
          prompt_tokens: sql<number>`prompt_tokens + ${batch.usage.promptTokens}`,
          completion_tokens: sql<number>`completion_tokens + ${batch.usage.completionTokens}`,
          updated_at: now,
        })
        .where('order_id', '=', order.id)
        .execute()
      const current = await trx
        .selectFrom('orders')
        .select('status')
        .where('id', '=', order.id)
        .executeTakeFirst()
      if (current?.status !== 'pending') {
        orderLeftPending = true
        stop.abort()
        return
      }
      if (batch.texts.length === 0) return
      await trx
        .insertInto('order_texts')
        .values(
          batch.texts.map((text, index) => ({
            order_id: order.id,
            position: nextPosition + index,
            text,
            created_at: now,
          })),
        )
        .execute()
      nextPosition += batch.texts.length
    })
  }

  try {
    await generateTexts({
      setting,
      targetUrl: order.target_url,
      serviceType: serviceTypeOf(order),
      count: order.quantity - stored.length,
      apiKey: customerKey,
      config: config.ai,
      timeoutMs: config.ai.generationTimeoutMs,
      avoidTexts: stored,
      onProgress: (_done, _total, batch) => storeBatch(batch),
      signal: stop.signal,
    })
  } catch (error) {
    if (orderLeftPending) return 'not-needed'
    if (error instanceof AiPermanentError) {
      await pauseOrderForAi(db, order.id, error.message, deps.clock.now())
      return 'paused'
    }
    throw error
  }
  if (orderLeftPending) return 'not-needed'
  return complete()
}
