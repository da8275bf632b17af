// Workspaces (migration 0240): a workspace names the account (a users row) whose money and data it holds; people
// act on it through their membership.

import type { ColumnType } from 'kysely'
import type { WorkspaceRole } from '@engage/contract'
import type { Id, Instant, Micros } from './columns'

export interface WorkspacesTable {
  id: Id
  name: string
  /** The users row holding the workspace's balance, ledger, orders and settings; unique. */
  account_id: number
  created_at: Instant
}

export interface WorkspaceMembersTable {
  workspace_id: number
  user_id: number
  role: WorkspaceRole
  /** What the member may spend of the workspace's money in a calendar month (UTC); null: no limit. */
  monthly_limit: Micros | null
  created_at: Instant
}

/** An invitation by e-mail, single use and expiring; only the SHA-256 of its token is stored. */
export interface WorkspaceInvitationsTable {
  id: Id
  workspace_id: number
  email: string
  role: WorkspaceRole
  monthly_limit: Micros | null
  token_hash: string
  invited_by: number
  expires_at: Instant
  accepted_at: Instant | null
  accepted_by: number | null
  revoked_at: Instant | null
  created_at: Instant
}

/** A member's spend of one workspace's money in one calendar month (UTC). */
export interface MemberMonthlySpendTable {
  workspace_id: number
  user_id: number
  /** 'YYYY-MM'. */
  month: string
  spent: ColumnType<Micros, Micros | undefined, Micros>
}

/** One line of the workspace's activity log; rows are only inserted. */
export interface WorkspaceActivityTable {
  id: Id
  workspace_id: number
  /** The person who acted; null when no person did (a webhook, a job). */
  actor_user_id: number | null
  /** The contract's WorkspaceActivityAction ('order.placed'). */
  action: string
  /** '<kind>:<id>', e.g. 'order:42', 'member:7'. */
  subject: string
  /** A short JSON document of what changed. */
  detail: string | null
  created_at: Instant
}
