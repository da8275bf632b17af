// The job queue: counts and dead jobs; the refills the jobs follow.

import type { AdminJob, AdminRefill } from '@engage/contract'
import { hoursBefore } from '../fixtures'

export function fixtureAdminJobs(): AdminJob[] {
  return [
    {
      id: '311',
      kind: 'place_order',
      payload: { orderId: 1046 },
      status: 'dead',
      attempts: 8,
      max_attempts: 8,
      last_error: 'Upstream timeout after 15000 ms (POST https://smmcentral.example/api/v2 action=add)',
      run_at: hoursBefore(19),
      created_at: hoursBefore(20),
      updated_at: hoursBefore(19),
    },
    {
      id: '287',
      kind: 'generate_ai_texts',
      payload: { orderId: 1039 },
      status: 'dead',
      attempts: 5,
      max_attempts: 5,
      last_error: 'OpenAI answered 429: You exceeded your current quota',
      run_at: hoursBefore(60),
      created_at: hoursBefore(62),
      updated_at: hoursBefore(60),
    },
  ]
}

/** Counts beside the dead jobs (the queue's other states). */
export const fixtureJobCounts = { queued: 3, running: 1, done: 1_284 }

/** Refills by order id: order 1045 (completed) was refilled once and refused once by the provider. */
export function fixtureAdminRefills(): Map<string, AdminRefill[]> {
  return new Map([
    [
      '1045',
      [
        {
          id: '41',
          status: 'rejected',
          upstream_refill_id: null,
          reason: 'Refill is not available for this service',
          created_at: hoursBefore(6),
          updated_at: hoursBefore(6),
        },
        {
          id: '40',
          status: 'completed',
          upstream_refill_id: 'SMC-R-7781',
          reason: null,
          created_at: hoursBefore(20),
          updated_at: hoursBefore(18),
        },
      ],
    ],
  ])
}
