import type { Kysely } from 'kysely'

// jobs.request_id: the id of the request that enqueued the job (null for recurring jobs and jobs enqueued
// outside a request), so the worker's log lines about the job carry the same id as the request's.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('request_id', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('request_id').execute()
}
