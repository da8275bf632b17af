import type { PaymentGateways } from '../../adapters/payments'
import type { Db } from '../../db/connect'
import { reconcilePendingPayments } from '../../domain/payments'
import type { Clock } from '../../domain/clock'
import type { Logger } from '../../logger'
import type { JobPayloads } from '../queue'
import type { JobHandler, JobHandlers, RecurringJob } from '../worker'

declare module '../queue' {
  interface JobPayloads {
    /** Recurring: ask the gateways about deposits still pending after their webhook should have come. */
    'reconcile-payments': Record<string, never>
  }
}

/** How often pending deposits are looked at; each is first asked about 10 minutes after it was created. */
export const RECONCILE_PAYMENTS_INTERVAL_MS = 5 * 60_000

export interface PaymentJobDeps {
  db: Db
  clock: Clock
  logger: Logger
  gateways: PaymentGateways
}

/**
 * `reconcile-payments` {} (recurring): domain/payments.ts reconcilePendingPayments, which credits what the
 * gateways report paid exactly as their webhooks would. A gateway that could not be asked fails the round after
 * the other payments were looked at, so its error shows in the job's last_error and the round is retried.
 */
export function reconcilePaymentsHandler(
  deps: PaymentJobDeps,
): JobHandler<JobPayloads['reconcile-payments']> {
  return {
    async run() {
      const summary = await reconcilePendingPayments(deps)
      if (summary.checked > 0 || summary.expired > 0) deps.logger.info('Payments reconciled', { ...summary })
      if (summary.errors > 0) {
        throw new Error(`${summary.errors} of ${summary.checked} pending payments could not be checked`)
      }
      return undefined
    },
  }
}

/** The payment jobs, in the shape of registry.ts fulfilmentJobs, for the worker to merge in. */
export function paymentJobs(
  deps: PaymentJobDeps,
  intervalMs: number = RECONCILE_PAYMENTS_INTERVAL_MS,
): { handlers: JobHandlers; recurring: RecurringJob[] } {
  return {
    handlers: { 'reconcile-payments': reconcilePaymentsHandler(deps) },
    recurring: [{ kind: 'reconcile-payments', intervalMs }],
  }
}
