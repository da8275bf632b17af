import * as z from 'zod'
import { OptionalAdminReason } from './blocks'
import { AdminJob } from './orders'

// ---- Jobs -------------------------------------------------------------------------------------------------

/** GET /api/admin/jobs: how many jobs are in each state, and the dead ones (newest first) with last errors. */
export const AdminJobsResponse = z.object({
  counts: z.object({
    queued: z.number().int().nonnegative(),
    running: z.number().int().nonnegative(),
    done: z.number().int().nonnegative(),
    dead: z.number().int().nonnegative(),
  }),
  dead: z.array(AdminJob),
})
export type AdminJobsResponse = z.infer<typeof AdminJobsResponse>

/** POST /api/admin/jobs/{id}/retry: a dead job back in the queue with fresh attempts. */
export const AdminRetryJobRequest = z.object({ reason: OptionalAdminReason })
export const AdminJobResponse = z.object({ job: AdminJob })
export type AdminJobResponse = z.infer<typeof AdminJobResponse>
