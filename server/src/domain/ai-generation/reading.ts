import type { Order as ApiOrder } from '@engage/contract'
import type { Db } from '../../db/connect'
import type { Order } from '../../db/schema'
import { type PlacedOrder, toApiOrder } from '../orders'
import { aiServiceIds } from './common'

// Reading.

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
export async function toApiOrdersWithAi(db: Db, orders: readonly Order[]): Promise<ApiOrder[]> {
  const aiServices = await aiServiceIds(
    db,
    orders.map((order) => order.service_id),
  )
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
