import {
  ACTIVE_ORDER_STATUSES,
  PROVIDER_NOT_FOUND,
  providerHasActiveOrders,
  providerKeyRefused,
  providerUnreachable,
} from '@engage/contract'
import { createSmmClient, SmmRejectedError, SmmTransientError } from '../../adapters/smm'
import type { Db } from '../../db/connect'
import type { ProviderClientOptions } from '../providers'
import { invalidateServicesCache } from '../services'
import { recordAudit } from './audit'
import { type Actor, AdminRefusal } from './common'

// A provider's key is checked before it is kept, and a provider leaves only when nothing of it is still
// running. Disabling (providers.enabled) is the way to stop one with orders in flight: their dispatch and sync
// then wait, and a paused order says the provider is disabled.

/**
 * Asks the provider's balance with this URL and key, as the worker will: a key the provider refuses is a 422
 * naming api_key; an address that does not answer as an SMM panel (no answer, an HTTP error, not JSON) is a 422
 * naming api_url. The key never appears in the message (it travels in the request body only).
 */
export async function verifyProviderKey(
  apiUrl: string,
  apiKey: string,
  options: ProviderClientOptions = {},
): Promise<void> {
  const client = createSmmClient({
    apiUrl,
    apiKey,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  })
  try {
    await client.balance()
  } catch (error) {
    // The panel's own `{ "error": ... }` answer is about the key; an HTTP status of its own is about the address.
    if (error instanceof SmmRejectedError && !error.message.startsWith('HTTP ')) {
      throw new AdminRefusal(422, providerKeyRefused(error.message), 'api_key')
    }
    if (error instanceof SmmRejectedError || error instanceof SmmTransientError) {
      throw new AdminRefusal(422, providerUnreachable(error.message), 'api_url')
    }
    throw error
  }
}

/**
 * Deletes a provider when none of its orders is pending, processing or paused (a 409 names them otherwise).
 * Its imported catalogue goes with it; the services mapped to it are left without a provider, so their next
 * orders wait as 'not connected' until the operator maps them again. Audited with the provider as it was.
 */
export async function deleteProvider(
  db: Db,
  actor: Actor,
  id: number,
  reason: string | null,
  now: number,
): Promise<string> {
  const name = await db.transaction().execute(async (trx) => {
    const provider = await trx.selectFrom('providers').selectAll().where('id', '=', id).executeTakeFirst()
    if (!provider) throw new AdminRefusal(404, PROVIDER_NOT_FOUND)
    const active = await trx
      .selectFrom('orders')
      .select('id')
      .where('provider_id', '=', id)
      .where('status', 'in', ACTIVE_ORDER_STATUSES)
      .orderBy('id')
      .execute()
    if (active.length > 0) {
      throw new AdminRefusal(409, providerHasActiveOrders(active.map((order) => String(order.id))))
    }
    const unmapped = await trx
      .updateTable('services')
      .set({ provider_id: null, remote_service_id: null, updated_at: now })
      .where('provider_id', '=', id)
      .returning('name')
      .execute()
    await trx.deleteFrom('provider_services').where('provider_id', '=', id).execute()
    await trx.deleteFrom('providers').where('id', '=', id).execute()
    await recordAudit(trx, {
      actor,
      action: 'provider.delete',
      target: `provider:${String(id)}`,
      before: {
        name: provider.name,
        api_url: provider.api_url,
        enabled: provider.enabled === 1,
        mapped_services: unmapped.map((service) => service.name),
      },
      after: null,
      reason,
      now,
    })
    return provider.name
  })
  invalidateServicesCache(db)
  return `Provider ${name} deleted`
}
