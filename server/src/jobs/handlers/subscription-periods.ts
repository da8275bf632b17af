import type { Db } from '../../db/connect'
import { placeDueSubscriptionPeriods } from '../../domain/subscription-periods'
import type { Clock } from '../../domain/clock'
import type { Logger } from '../../logger'
import type { OperatorAiKeys } from '../../domain/orders'
import type { JobPayloads } from '../queue'
import type { JobHandler } from '../worker'

/**
 * `subscription-periods` {} (recurring): places and charges the due period of every subscription
 * (domain/subscription-periods.ts). Each period is its own transaction; one that fails is logged and the
 * round fails after the others were placed, so its error shows in the job's last_error.
 */
export function subscriptionPeriodsHandler(deps: {
  db: Db
  clock: Clock
  logger: Logger
  operatorAiKeys: OperatorAiKeys
}): JobHandler<JobPayloads['subscription-periods']> {
  return {
    async run() {
      const report = await placeDueSubscriptionPeriods(deps)
      if (report.failed > 0) throw new Error(`${report.failed} subscription period(s) could not be placed`)
      return undefined
    },
  }
}
