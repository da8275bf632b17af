import type { Db } from '../../db/connect'
import { creditMaturedEarnings } from '../../domain/affiliates'
import type { Clock } from '../../domain/clock'
import type { Logger } from '../../logger'
import type { JobPayloads } from '../queue'
import type { JobHandler, JobHandlers, RecurringJob } from '../worker'

declare module '../queue' {
  interface JobPayloads {
    /** Recurring: credit every referral commission whose hold is over to its referrer's balance. */
    'referral-payouts': Record<string, never>
  }
}

export interface ReferralJobDeps {
  db: Db
  clock: Clock
  logger: Logger
}

/**
 * `referral-payouts` {} (recurring): domain/affiliates.ts creditMaturedEarnings. Each commission is credited in
 * its own transaction with a conditional status change and a keyed ledger entry, so a round that overlaps
 * another (two workers, a retry after a crash) credits nothing twice.
 */
export function referralPayoutsHandler(deps: ReferralJobDeps): JobHandler<JobPayloads['referral-payouts']> {
  return {
    async run() {
      const credited = await creditMaturedEarnings(deps.db, deps.clock.now())
      if (credited > 0) deps.logger.info('Referral commissions credited', { credited })
      return undefined
    },
  }
}

/** The affiliate jobs, in the shape of registry.ts fulfilmentJobs, for the worker to merge in. */
export function referralJobs(
  deps: ReferralJobDeps,
  intervalMs: number,
): { handlers: JobHandlers; recurring: RecurringJob[] } {
  return {
    handlers: { 'referral-payouts': referralPayoutsHandler(deps) },
    recurring: [{ kind: 'referral-payouts', intervalMs }],
  }
}
