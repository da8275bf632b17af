import { enqueueAttempt } from '../../jobs/queue'
import type { Clock } from '../clock'
import type { OrderTextsSource } from '../fulfilment'
import { orderTexts } from './reading'

// The dispatch hook.

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
