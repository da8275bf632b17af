import { dispatchOrder, type FulfilmentDeps, pauseAfterFailedDispatch } from '../../domain/fulfilment'
import type { JobPayloads } from '../queue'
import type { JobHandler } from '../worker'

/** How long an AI order waits before its dispatch looks for its texts again. */
export const TEXTS_POLL_MS = 5000

/**
 * `dispatch-order` { orderId }: sends a pending order upstream (domain/fulfilment.ts dispatchOrder). A provider
 * that surely did not take the order is asked again with backoff; when the attempts run out the order is
 * paused with the reason, and the customer's retry enqueues a new dispatch.
 */
export function dispatchOrderHandler(deps: FulfilmentDeps): JobHandler<JobPayloads['dispatch-order']> {
  return {
    async run({ orderId }, context) {
      const result = await dispatchOrder(deps, orderId)
      if (result.outcome === 'waiting') {
        return { waitUntil: context.clock.now() + TEXTS_POLL_MS, reason: result.reason }
      }
      return undefined
    },
    async giveUp({ orderId }, _context, error) {
      const message = error instanceof Error ? error.message : String(error)
      await pauseAfterFailedDispatch(deps, { orderId, message })
    },
  }
}
