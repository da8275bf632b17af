import { dispatchRun, endRunAfterFailedDispatch, type FulfilmentDeps } from '../../domain/fulfilment'
import type { JobPayloads } from '../queue'
import type { JobHandler } from '../worker'

/**
 * `dispatch-run` { orderId, run }: places one run of a drip-feed order upstream when it is due
 * (domain/fulfilment/runs.ts dispatchRun). A provider that surely did not take it is asked again with backoff;
 * when the attempts run out the run fails and is refunded its share, or is held if it may have been placed.
 */
export function dispatchRunHandler(deps: FulfilmentDeps): JobHandler<JobPayloads['dispatch-run']> {
  return {
    async run({ orderId, run }) {
      await dispatchRun(deps, orderId, run)
      return undefined
    },
    async giveUp({ orderId, run }, _context, error) {
      const message = error instanceof Error ? error.message : String(error)
      await endRunAfterFailedDispatch(deps, { orderId, run, message })
    },
  }
}
