import { cancelUpstreamOrder, type FulfilmentDeps, noteFailedCancel } from '../../domain/fulfilment'
import type { JobPayloads } from '../queue'
import type { JobHandler } from '../worker'

/** How long a cancel waits for the order's dispatch to finish before it looks again. */
export const DISPATCH_POLL_MS = 5000

/**
 * `cancel-order` { orderId }: asks the provider to cancel a processing order (domain/fulfilment.ts
 * cancelUpstreamOrder); the refund follows its answer. An order still on its way upstream is waited for.
 */
export function cancelOrderHandler(deps: FulfilmentDeps): JobHandler<JobPayloads['cancel-order']> {
  return {
    async run({ orderId }, context) {
      const result = await cancelUpstreamOrder(deps, orderId)
      if (result.outcome === 'waiting') {
        return { waitUntil: context.clock.now() + DISPATCH_POLL_MS, reason: result.reason }
      }
      return undefined
    },
    async giveUp({ orderId }, _context, error) {
      const message = error instanceof Error ? error.message : String(error)
      await noteFailedCancel(deps, { orderId, message })
    },
  }
}
