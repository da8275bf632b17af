import { AiSettingFields, createAiPresets, isMaskedApiKey, type Order as ApiOrder } from '@engage/contract'
import { sql } from 'kysely'
import {
  AiPermanentError,
  AiProviderError,
  generateTexts,
  type AiGenerationSetting,
  type AiProvider,
  type AiServiceType,
  type GeneratedBatch,
} from '../adapters/ai'
import type { Config } from '../config'
import { decryptSecret } from '../crypto/secrets'
import type { Db } from '../db/connect'
import type { Order } from '../db/schema'
import type { Clock } from './clock'
import { enqueueAttempt } from '../jobs/queue'
import { noUpstreamReason, type OrderTextsSource, serviceUpstream } from './fulfilment'
import { type PlacedOrder, toApiOrder } from './orders'

// The texts of ai_comments and ai_tweets orders: written by the customer's AI setting, frozen on the
// order, with the customer's key or the operator's default key; stored one row per text as each batch comes
// back; sent upstream as the `comments` of a Custom Comments service once all of them exist.
//
// The lifecycle rides on the order's `dispatch-order` job (domain/fulfilment.ts). Dispatching an AI order first
// checks that its service is mapped to a provider (an unmapped one pauses with the reason it has no upstream before any text is
// paid for), then asks generatedOrderTexts for its texts; while they are incomplete that enqueues `generate-texts` (once) and the
// dispatch waits, looking again a little later. generateOrderTexts writes what is missing; the waiting dispatch
// then finds every text and sends them. A provider that refuses the setting (or keeps failing after the job's
// retries) pauses the order with the reason; the waiting dispatch finds the order paused and ends. Retrying the
// order enqueues a new dispatch, which starts the generation again from the texts already stored.

/** What generation needs from the app's dependencies. */
export interface AiGenerationDeps {
  db: Db
  config: Pick<Config, 'ai' | 'dataKey'>
  clock: Clock
}

/**
 * The services whose units are texts written by AI (services.is_ai: ai_comments and ai_tweets), among these
 * ids. Dispatch asks for texts on exactly these services.
 */
async function aiServiceIds(db: Db, serviceIds: readonly number[]): Promise<Set<number>> {
  if (serviceIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('services')
    .select('id')
    .where('id', 'in', [...new Set(serviceIds)])
    .where('is_ai', '=', 1)
    .execute()
  return new Set(rows.map((row) => row.id))
}

function serviceTypeOf(order: Pick<Order, 'service_type'>): AiServiceType {
  return order.service_type === 'ai_tweets' ? 'ai_tweets' : 'ai_comments'
}

// ---- Settings and keys ------------------------------------------------------------------------------------

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
function orderAiSetting(order: Pick<Order, 'ai_setting' | 'created_at'>): OrderAiSetting {
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
async function savedSettingApiKey(
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
 * Whether an AI order written with `fields` (or, without any, with the 'Default AI' preset) could be written:
 * the operator has a key for its provider, or the customer saved one with that setting for that provider. A key
 * typed into an order but not saved is not kept on the order, so it does not count. Checked before the charge,
 * so an order that could only wait paused is never taken.
 */
export async function aiOrderCanRun(
  db: Db,
  input: {
    userId: number
    fields: AiSettingFields | null
    now: number
    defaultApiKeys: Config['ai']['defaultApiKeys']
  },
): Promise<{ canRun: boolean; provider: AiProvider }> {
  const setting = input.fields
    ? settingFromFields(input.fields)
    : orderAiSetting({ ai_setting: null, created_at: input.now })
  if (input.defaultApiKeys[setting.provider]) return { canRun: true, provider: setting.provider }
  if (setting.id === undefined) return { canRun: false, provider: setting.provider }
  const saved = await db
    .selectFrom('ai_settings')
    .select(['provider', 'api_key_encrypted'])
    .where('user_id', '=', input.userId)
    .where(sql<boolean>`lower(id) = ${setting.id.toLowerCase()}`)
    .executeTakeFirst()
  return {
    canRun: Boolean(saved?.api_key_encrypted) && saved?.provider === setting.provider,
    provider: setting.provider,
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

// ---- Reading ----------------------------------------------------------------------------------------------

/** The stored texts of an order, in position order. */
export async function orderTexts(db: Db, orderId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('order_texts')
    .select('text')
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute()
  return rows.map((row) => row.text)
}

/**
 * Orders as the API answers them (toApiOrder), with `ai_texts`, `ai_progress` ({ generated, total }) and
 * `ai_usage` ({ prompt_tokens, completion_tokens }, null before the first batch) on AI orders.
 */
export async function toApiOrdersWithAi(
  db: Db,
  orders: readonly Order[],
  /** The AI services among the orders' services, when the caller read them with the orders. */
  knownAiServices?: ReadonlySet<number>,
): Promise<ApiOrder[]> {
  const aiServices =
    knownAiServices ??
    (await aiServiceIds(
      db,
      orders.map((order) => order.service_id),
    ))
  const isAiOrder = (order: Order) => aiServices.has(order.service_id)
  const aiOrderIds = orders.filter(isAiOrder).map((order) => order.id)
  const texts = new Map<number, string[]>()
  const usage = new Map<number, { prompt_tokens: number; completion_tokens: number }>()
  if (aiOrderIds.length > 0) {
    const textRows = await db
      .selectFrom('order_texts')
      .select(['order_id', 'text'])
      .where('order_id', 'in', aiOrderIds)
      .orderBy('order_id')
      .orderBy('position')
      .execute()
    for (const row of textRows) {
      const list = texts.get(row.order_id) ?? []
      list.push(row.text)
      texts.set(row.order_id, list)
    }
    const generationRows = await db
      .selectFrom('order_ai_generations')
      .select(['order_id', 'prompt_tokens', 'completion_tokens'])
      .where('order_id', 'in', aiOrderIds)
      .execute()
    for (const row of generationRows) {
      usage.set(row.order_id, {
        prompt_tokens: Number(row.prompt_tokens),
        completion_tokens: Number(row.completion_tokens),
      })
    }
  }
  return orders.map((order) => {
    const answer = toApiOrder(order)
    if (!isAiOrder(order)) return answer
    const written = texts.get(order.id) ?? []
    return {
      ...answer,
      ai_texts: written,
      ai_progress: { generated: written.length, total: order.quantity },
      ai_usage: usage.get(order.id) ?? null,
    }
  })
}

/**
 * An order placed a moment ago as the API answers it, without reading anything: an AI order has no texts and
 * no usage yet.
 */
export function toApiPlacedOrder({ order, isAi }: PlacedOrder): ApiOrder {
  const answer = toApiOrder(order)
  if (!isAi) return answer
  return { ...answer, ai_texts: [], ai_progress: { generated: 0, total: order.quantity }, ai_usage: null }
}

/** One order as the API answers it, with its AI fields when it is an AI order. */
export async function toApiOrderWithAi(db: Db, order: Order): Promise<ApiOrder> {
  const [answer] = await toApiOrdersWithAi(db, [order])
  if (!answer) throw new Error('toApiOrdersWithAi answered no order')
  return answer
}

// ---- The dispatch hook ------------------------------------------------------------------------------------

/**
 * The texts source of the dispatch (domain/fulfilment.ts OrderTextsSource): an AI order's texts, one per unit
 * of quantity, when all of them exist. Otherwise null, after enqueueing its `generate-texts` job (nothing new
 * while one is queued or running), and the dispatch waits.
 */
export function generatedOrderTexts(clock: Clock): OrderTextsSource {
  return async (db, order) => {
    const texts = await orderTexts(db, order.id)
    if (texts.length >= order.quantity) return texts.slice(0, order.quantity)
    await enqueueAttempt(db, {
      kind: 'generate-texts',
      payload: { orderId: order.id },
      keyPrefix: `order:${order.id}:generate`,
      now: clock.now(),
    })
    return null
  }
}

// ---- Generating -------------------------------------------------------------------------------------------

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
