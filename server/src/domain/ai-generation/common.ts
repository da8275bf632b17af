// What generating needs, and which orders are AI orders.

import type { AiServiceType } from '../../adapters/ai'
import type { Config } from '../../config'
import type { Db } from '../../db/connect'
import type { Order } from '../../db/schema'
import type { Clock } from '../clock'
import { servicesById } from '../services'

/** What generation needs from the app's dependencies. */
export interface AiGenerationDeps {
  db: Db
  config: Pick<Config, 'ai' | 'dataKey'>
  clock: Clock
}

/**
 * The services whose units are texts written by AI (services.is_ai: ai_comments and ai_tweets), among these
 * ids, from the services snapshot. Dispatch asks for texts on exactly these services.
 */
export async function aiServiceIds(db: Db, serviceIds: readonly number[]): Promise<Set<number>> {
  if (serviceIds.length === 0) return new Set()
  const services = await servicesById(db, serviceIds)
  return new Set(serviceIds.filter((id) => services.get(id)?.is_ai === 1))
}

export function serviceTypeOf(order: Pick<Order, 'service_type'>): AiServiceType {
  return order.service_type === 'ai_tweets' ? 'ai_tweets' : 'ai_comments'
}
