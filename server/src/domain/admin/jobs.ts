import { ADMIN_JOB_NOT_DEAD, type AdminJob, type AdminJobsResponse, JOB_NOT_FOUND } from '@engage/contract'
import type { Db } from '../../db/connect'
import { countJobs, listDeadJobs, requeueDeadJob } from '../../jobs/claim'
import { recordAudit } from './audit'
import { type Actor, AdminRefusal } from './common'
import { toAdminJob } from './views'

// Background jobs in the console: counts by state, the dead ones with their last error, and a retry that puts a
// dead job back in the queue with fresh attempts (jobs/claim.ts).

export async function adminJobs(db: Db): Promise<AdminJobsResponse> {
  const [counts, dead] = await Promise.all([countJobs(db), listDeadJobs(db, 100)])
  return { counts, dead: dead.map(toAdminJob) }
}

export async function retryDeadJob(
  db: Db,
  actor: Actor,
  id: number,
  reason: string | null,
  now: number,
): Promise<AdminJob> {
  const before = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()
  if (!before) throw new AdminRefusal(404, JOB_NOT_FOUND)
  if (!(await requeueDeadJob(db, { jobId: id, now }))) throw new AdminRefusal(409, ADMIN_JOB_NOT_DEAD)
  const after = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  await recordAudit(db, {
    actor,
    action: 'job.retry',
    target: `job:${String(id)}`,
    before: { status: before.status, attempts: before.attempts, last_error: before.last_error },
    after: { status: after.status, attempts: after.attempts },
    reason,
    now,
  })
  return toAdminJob(after)
}
