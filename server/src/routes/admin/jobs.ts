import { JOB_NOT_FOUND } from '@engage/contract'
import type { Hono } from 'hono'
import { parseRowId } from '../../domain/admin/common'
import { adminJobs, retryDeadJob } from '../../domain/admin/jobs'
import { registerRoute } from '../../http/register-route'
import type { AppEnv } from '../../http/env'
import { actorOf, now } from './context'

// The console's the job queue and retrying a dead job.

export function registerJobsRoutes(app: Hono<AppEnv>): void {
  registerRoute(app, 'adminJobs', async (c) => {
    return c.json(await adminJobs(c.get('deps').db))
  })

  registerRoute(app, 'adminRetryJob', async (c, { params, body }) => {
    const id = parseRowId(params.id, JOB_NOT_FOUND)
    return c.json({
      job: await retryDeadJob(c.get('deps').db, actorOf(c), id, body.reason, now(c)),
    })
  })
}
