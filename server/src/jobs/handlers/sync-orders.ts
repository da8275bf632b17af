import { type FulfilmentDeps, syncProcessingOrders } from '../../domain/fulfilment'
import type { JobPayloads } from '../queue'
import type { JobHandler } from '../worker'

/**
 * `sync-orders` {} (recurring): reads the status of every processing order from its provider and applies it,
 * refunds included (domain/fulfilment.ts syncProcessingOrders). A provider that could not be asked fails the
 * round, so its error shows in the job's last_error, after the other providers were synced.
 */
export function syncOrdersHandler(deps: FulfilmentDeps): JobHandler<JobPayloads['sync-orders']> {
  return {
    async run() {
      const report = await syncProcessingOrders(deps)
      if (report.failedProviders.length > 0) {
        throw new Error(`Status sync failed for ${report.failedProviders.join(', ')}`)
      }
      return undefined
    },
  }
}
