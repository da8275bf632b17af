import type { Db } from '../../db/connect'
import { reusableQuery } from '../../db/reusable-query'
import type { Order, Provider, Service } from '../../db/schema'
import type { Clock } from '../clock'
import type { Logger } from '../../logger'
import type { OperatorAiKeys } from '../orders'
import type { ProviderClientFactory } from '../providers'
import { NO_PROVIDER, PROVIDER_DISABLED, PROVIDER_REMOVED } from './texts'

// What dispatch, sync and cancel share: their dependencies and the lookups of an order, a provider and where
// a service's orders go.

/**
 * Where an AI order's texts come from (AI generation stores them with the order): the texts to send upstream as
 * `comments`, one per unit, or null while they are not ready. Dispatch waits for them: an AI order without its
 * texts stays pending and its dispatch job looks again a little later, without using up an attempt.
 */
export type OrderTextsSource = (db: Db, order: Order) => Promise<readonly string[] | null>

export interface FulfilmentDeps {
  db: Db
  clock: Clock
  logger: Logger
  clientFor: ProviderClientFactory
  orderTexts: OrderTextsSource
  /** The operator's AI keys: a subscription's AI period that no key can write is skipped, not charged. */
  operatorAiKeys: OperatorAiKeys
}

/** What applying a provider's answer did to an order or a run. */
export type AppliedStatus = 'unchanged' | 'updated' | 'held' | 'completed' | 'partial' | 'cancelled'

// The lookups every job of an order makes, each compiled once (reusableQuery).
const runLoadOrder = reusableQuery(
  (db: Db, { id }: { id: number }) => db.selectFrom('orders').selectAll().where('id', '=', id),
  { id: -917_700_001 },
)
const runLoadService = reusableQuery(
  (db: Db, { id }: { id: number }) => db.selectFrom('services').selectAll().where('id', '=', id),
  { id: -917_700_002 },
)
const runLoadProvider = reusableQuery(
  (db: Db, { id }: { id: number }) => db.selectFrom('providers').selectAll().where('id', '=', id),
  { id: -917_700_003 },
)

export async function loadOrder(db: Db, orderId: number): Promise<Order | undefined> {
  return (await runLoadOrder(db, { id: orderId })).rows[0]
}

/** The service an order was placed for; the order's foreign key keeps it. */
export async function loadOrderService(db: Db, order: Pick<Order, 'id' | 'service_id'>): Promise<Service> {
  const [service] = (await runLoadService(db, { id: order.service_id })).rows
  if (!service) throw new Error(`The service of order ${order.id} is missing`)
  return service
}

export async function loadProvider(db: Db, providerId: number | null): Promise<Provider | undefined> {
  if (providerId === null) return undefined
  return (await runLoadProvider(db, { id: providerId })).rows[0]
}

/** Where a service's orders go: an enabled provider and the provider's own service id. */
export interface ServiceUpstream {
  provider: Provider
  remoteServiceId: number
}

/**
 * Why a service has no upstream to send to, in the customer's words: its provider is disabled, was removed, or
 * it was never connected (or its provider's service id is missing).
 */
export async function noUpstreamReason(
  db: Db,
  service: Pick<Service, 'provider_id' | 'remote_service_id'>,
): Promise<string> {
  if (service.provider_id === null) return NO_PROVIDER
  const provider = await loadProvider(db, service.provider_id)
  if (!provider) return PROVIDER_REMOVED
  if (provider.enabled !== 1) return PROVIDER_DISABLED
  return NO_PROVIDER
}

/**
 * The provider a service is mapped to, or undefined when it has none, the provider is disabled or gone, or the
 * provider's service id is missing: such a service's orders pause with the reason noUpstreamReason gives.
 */
export async function serviceUpstream(
  db: Db,
  service: Pick<Service, 'provider_id' | 'remote_service_id'>,
): Promise<ServiceUpstream | undefined> {
  const provider = await loadProvider(db, service.provider_id)
  const remoteServiceId = Number(service.remote_service_id)
  if (!provider || provider.enabled !== 1 || !Number.isSafeInteger(remoteServiceId) || remoteServiceId <= 0) {
    return undefined
  }
  return { provider, remoteServiceId }
}
