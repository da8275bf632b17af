// Workspaces (ADR 270): the people who act on one account's wallet, orders and settings, their roles and
// monthly spend limits, the invitations that bring them in, and the activity log of what they did.

import * as z from 'zod'
import { IsoDateTime, PageQuery, requiredText, UsdAmount } from './common'

// ---- Roles ------------------------------------------------------------------------------------------------

/** From most to least: owner ⊇ admin (members and billing) ⊇ member (orders, AI settings) ⊇ viewer (reads). */
export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'viewer'] as const
export const WorkspaceRole = z.enum(WORKSPACE_ROLES)
export type WorkspaceRole = z.infer<typeof WorkspaceRole>

/** True when a member of role `role` may call an endpoint that needs `required`. */
export function workspaceRoleAllows(role: WorkspaceRole, required: WorkspaceRole): boolean {
  return WORKSPACE_ROLES.indexOf(role) <= WORKSPACE_ROLES.indexOf(required)
}

// ---- Messages (house texts; the spec has no workspaces) ---------------------------------------------------

export const WORKSPACE_FORBIDDEN = 'Your role in this workspace does not allow this'
export const WORKSPACE_NOT_FOUND = 'Workspace not found'
export const MEMBER_NOT_FOUND = 'Member not found'
export const INVITATION_NOT_FOUND = 'Invitation not found'
export const INVITATION_EXPIRED = 'This invitation has expired. Ask for a new one.'
export const INVITATION_USED = 'This invitation has already been used'
export const INVITATION_OTHER_EMAIL = 'This invitation was sent to another e-mail address'
export const ALREADY_A_MEMBER = 'This person is already a member of the workspace'
export const LAST_OWNER = 'A workspace needs an owner: make another member owner first'
export const ONLY_OWNER_MANAGES_OWNERS = 'Only an owner can make or change an owner'
export const SPEND_LIMIT_REACHED = 'This order would take you past your monthly spend limit in this workspace'
export const INVITE_EMAIL_INVALID = 'Please enter a valid e-mail address'
export const SPEND_LIMIT_INVALID = 'The monthly limit must be an amount of at least $0'

// ---- Workspaces -------------------------------------------------------------------------------------------

/** A workspace the signed-in person belongs to. */
export const WorkspaceSummary = z.object({
  id: z.string(),
  name: z.string(),
  role: WorkspaceRole,
  /** True for the workspace this session acts in. */
  active: z.boolean(),
})
export type WorkspaceSummary = z.infer<typeof WorkspaceSummary>

export const ListWorkspacesResponse = z.array(WorkspaceSummary)
export type ListWorkspacesResponse = z.infer<typeof ListWorkspacesResponse>

// ---- Members ----------------------------------------------------------------------------------------------

/** A monthly spend limit in USD; null for none. */
export const MonthlyLimitUsd = UsdAmount.min(0, SPEND_LIMIT_INVALID).nullable()

export const WorkspaceMember = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  role: WorkspaceRole,
  monthly_limit: UsdAmount.nullable(),
  /** What the member spent of the workspace's money this calendar month (UTC). */
  spent_this_month: UsdAmount,
  /** True for the signed-in person. */
  you: z.boolean(),
})
export type WorkspaceMember = z.infer<typeof WorkspaceMember>

export const ListMembersResponse = z.array(WorkspaceMember)
export type ListMembersResponse = z.infer<typeof ListMembersResponse>

export const UpdateMemberRequest = z
  .object({ role: WorkspaceRole.optional(), monthly_limit: MonthlyLimitUsd.optional() })
  .strict()
export type UpdateMemberRequest = z.infer<typeof UpdateMemberRequest>

// ---- Invitations ------------------------------------------------------------------------------------------

export const InviteMemberRequest = z.object({
  email: requiredText(INVITE_EMAIL_INVALID, 254).pipe(z.email(INVITE_EMAIL_INVALID)),
  role: WorkspaceRole,
  monthly_limit: MonthlyLimitUsd.default(null),
})
export type InviteMemberRequest = z.infer<typeof InviteMemberRequest>

export const INVITATION_STATES = ['pending', 'accepted', 'expired', 'revoked'] as const
export const InvitationState = z.enum(INVITATION_STATES)
export type InvitationState = z.infer<typeof InvitationState>

export const WorkspaceInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: WorkspaceRole,
  monthly_limit: UsdAmount.nullable(),
  state: InvitationState,
  expires_at: IsoDateTime,
  created_at: IsoDateTime,
})
export type WorkspaceInvitation = z.infer<typeof WorkspaceInvitation>

export const ListInvitationsResponse = z.array(WorkspaceInvitation)
export type ListInvitationsResponse = z.infer<typeof ListInvitationsResponse>

/** The `{token}` of an invitation link. */
export const InvitationTokenParam = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, INVITATION_NOT_FOUND),
})

/** What the invitation page shows before the invited person accepts. */
export const InvitationPreview = WorkspaceInvitation.pick({
  email: true,
  role: true,
  state: true,
  expires_at: true,
}).extend({
  workspace: z.string(),
})
export type InvitationPreview = z.infer<typeof InvitationPreview>

// ---- Activity log -----------------------------------------------------------------------------------------

export const WORKSPACE_ACTIVITY_ACTIONS = [
  'order.placed',
  'order.cancelled',
  'subscription.created',
  'subscription.cancelled',
  'deposit.started',
  'deposit.credited',
  'ai_setting.saved',
  'ai_setting.deleted',
  'member.invited',
  'member.joined',
  'member.changed',
  'member.removed',
  'member.left',
] as const
export const WorkspaceActivityAction = z.enum(WORKSPACE_ACTIVITY_ACTIONS)
export type WorkspaceActivityAction = z.infer<typeof WorkspaceActivityAction>

// The log's actions are checked by the server and read by the screen; the registry takes them as text, so the
// first page's download does not carry the list.
export const ActivityQuery = PageQuery.extend({
  action: z.string().max(40).optional(),
  /** A member's id: only what they did. */
  member: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
})
export type ActivityQuery = z.infer<typeof ActivityQuery>

export const ActivityEntry = z.object({
  id: z.string(),
  /** A WorkspaceActivityAction. */
  action: z.string(),
  /** Who acted: their e-mail, or null when nobody did (a webhook, the provider). */
  actor: z.string().nullable(),
  subject: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  created_at: IsoDateTime,
})
export type ActivityEntry = z.infer<typeof ActivityEntry>

export const ListActivityResponse = z.object({
  entries: z.array(ActivityEntry),
  next_cursor: z.string().nullable(),
})
export type ListActivityResponse = z.infer<typeof ListActivityResponse>
