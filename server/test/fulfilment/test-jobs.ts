import type { Db } from '../../src/db/connect'
import type { Job } from '../../src/db/schema'

// Job kinds that only the tests enqueue, to drive the worker without fulfilment's side effects. Declaration
// merging adds them to the queue's payload map, so enqueue() and the handler map type-check them.
declare module '../../src/jobs/queue' {
  interface JobPayloads {
    /** Records that it ran (who, which attempt) and fails while `failures` says so. */
    'test-record': { label: string; failures?: number }
    /** Waits until `waitUntil` (epoch ms) before doing anything. */
    'test-wait': { waitUntil: number }
  }
}

export async function readJob(db: Db, jobId: number): Promise<Job> {
  return db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow()
}
