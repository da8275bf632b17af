import { advanceRefill, giveUpRefill } from '../../domain/refills'
import type { FulfilmentDeps } from '../../domain/fulfilment'
import type { JobHandler } from '../worker'

declare module '../queue' {
  interface JobPayloads {
    /** Ask the order's provider for a refill (API v2 `refill`), then follow it until it ends. */
    'refill-order': { refillId: number }
  }
}

/**
 * `refill-order` { refillId }: asks the provider for the refill, then looks at it every REFILL_POLL_MS until it
 * is completed or rejected (domain/refills.ts advanceRefill). Waiting between looks uses up no attempt; a
 * provider that cannot be reached is retried with backoff, and after the last attempt the refill reads Error.
 */
export function refillOrderHandler(deps: FulfilmentDeps): JobHandler<{ refillId: number }> {
  return {
    async run({ refillId }) {
      const step = await advanceRefill(deps, refillId)
      if (step.outcome === 'waiting') {
        return { waitUntil: step.nextCheckAt, reason: 'Waiting for the provider to finish the refill' }
      }
      return undefined
    },
    async giveUp({ refillId }, _context, error) {
      await giveUpRefill(deps, { refillId, message: error instanceof Error ? error.message : String(error) })
    },
  }
}
