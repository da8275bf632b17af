import { sql } from 'kysely'
import type { SmmClient } from '../../adapters/smm'
import type { Db } from '../../db/connect'
import type { Clock } from '../clock'
import type { ProviderClientFactory } from '../providers'

// The upstream error rates of the reports: every call the fulfilment makes to a provider's API (add, status,
// cancel, refill...) is counted in its provider's hour, and so is every call that failed (refused, unreachable,
// unreadable), in upstream_call_rollups (migration 0230).

const HOUR_MS = 3_600_000

/** Counts one call made to a provider at `now`. */
export async function recordUpstreamCall(
  db: Db,
  providerId: number,
  now: number,
  failed: boolean,
): Promise<void> {
  const errors = failed ? 1 : 0
  await db
    .insertInto('upstream_call_rollups')
    .values({ provider_id: providerId, hour: now - (now % HOUR_MS), calls: 1, errors })
    .onConflict((conflict) =>
      conflict.columns(['provider_id', 'hour']).doUpdateSet({
        calls: sql`upstream_call_rollups.calls + 1`,
        errors: sql`upstream_call_rollups.errors + ${errors}`,
      }),
    )
    .execute()
}

function countedClient(client: SmmClient, record: (failed: boolean) => Promise<void>): SmmClient {
  const counted =
    <Args extends unknown[], Result>(call: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      let result: Result
      try {
        result = await call(...args)
      } catch (error) {
        await record(true)
        throw error
      }
      await record(false)
      return result
    }
  return {
    services: counted(() => client.services()),
    add: counted((request) => client.add(request)),
    status: counted((orderId) => client.status(orderId)),
    statusMany: counted((orderIds) => client.statusMany(orderIds)),
    cancel: counted((orderIds) => client.cancel(orderIds)),
    refill: counted((orderId) => client.refill(orderId)),
    refillStatus: counted((refillId) => client.refillStatus(refillId)),
    balance: counted(() => client.balance()),
  }
}

/** The same provider clients, each call counted (and each failure) for the reports. */
export function countingClientFactory(
  db: Db,
  clock: Clock,
  factory: ProviderClientFactory,
): ProviderClientFactory {
  const wrapped = new WeakMap<SmmClient, SmmClient>()
  return (provider) => {
    const client = factory(provider)
    let counted = wrapped.get(client)
    if (!counted) {
      counted = countedClient(client, (failed) => recordUpstreamCall(db, provider.id, clock.now(), failed))
      wrapped.set(client, counted)
    }
    return counted
  }
}
