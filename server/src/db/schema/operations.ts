// Operations: the job queue and the operators' audit log.

import type { ColumnType } from 'kysely'
import type { Id, Instant } from './columns'

export type JobStatus = 'queued' | 'running' | 'done' | 'dead'

export interface JobsTable {
  id: Id
  kind: string
  /** JSON payload. */
  payload: string
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>
  run_at: Instant
  attempts: ColumnType<number, number | undefined, number>
  max_attempts: number
  lease_owner: string | null
  lease_expires_at: Instant | null
  last_error: string | null
  /** Optional de-duplication key: at most one job per key. */
  unique_key: string | null
  /** The request that enqueued the job, for the logs (migration 0110). */
  request_id: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Instant
  updated_at: Instant
}

/** One operator write; rows are only inserted. */
export interface AuditLogTable {
  id: Id
  actor_id: number
  actor_email: string
  actor_role: 'support' | 'admin'
  /** The contract's AuditAction ('order.refund'). */
  action: string
  /** '<kind>:<id>', e.g. 'order:42'. */
  target: string
  before_json: string | null
  after_json: string | null
  reason: string | null
  created_at: Instant
}
