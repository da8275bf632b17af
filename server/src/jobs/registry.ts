import type { AiGenerationDeps } from '../domain/ai-generation'
import type { FulfilmentDeps } from '../domain/fulfilment'
import { cancelOrderHandler } from './handlers/cancel-order'
import { dispatchOrderHandler } from './handlers/dispatch-order'
import { dispatchRunHandler } from './handlers/dispatch-run'
import { generateTextsHandler } from './handlers/generate-texts'
import { refillOrderHandler } from './handlers/refill-order'
import { subscriptionPeriodsHandler } from './handlers/subscription-periods'
import { syncOrdersHandler } from './handlers/sync-orders'
import type { JobHandlers, RecurringJob } from './worker'

// Every job kind of fulfilment and its handler. queue.ts declares the kinds that requests enqueue; the
// recurring kinds below are enqueued by the worker itself (one row each, see claim.ts ensureRecurringJob).

/** Recurring jobs carry no payload. */
export type NoPayload = Record<string, never>

declare module './queue' {
  interface JobPayloads {
    /** Recurring: poll the status of every processing order and apply it, refunds included. */
    'sync-orders': NoPayload
    /** Recurring: place and charge the due period of every subscription. */
    'subscription-periods': NoPayload
  }
}

export interface FulfilmentIntervals {
  /** How often processing orders are synced with their providers, in ms. */
  syncIntervalMs: number
  /** How often due subscription periods are looked for, in ms. */
  subscriptionIntervalMs: number
}

export function fulfilmentJobs(
  deps: FulfilmentDeps,
  intervals: FulfilmentIntervals,
  /** What AI orders' texts are written with; without it, this worker leaves `generate-texts` to others. */
  aiDeps?: AiGenerationDeps,
): { handlers: JobHandlers; recurring: RecurringJob[] } {
  return {
    handlers: {
      'dispatch-order': dispatchOrderHandler(deps),
      'dispatch-run': dispatchRunHandler(deps),
      'cancel-order': cancelOrderHandler(deps),
      'refill-order': refillOrderHandler(deps),
      ...(aiDeps ? { 'generate-texts': generateTextsHandler(aiDeps) } : {}),
      'sync-orders': syncOrdersHandler(deps),
      'subscription-periods': subscriptionPeriodsHandler(deps),
    },
    recurring: [
      { kind: 'sync-orders', intervalMs: intervals.syncIntervalMs },
      { kind: 'subscription-periods', intervalMs: intervals.subscriptionIntervalMs },
    ],
  }
}
