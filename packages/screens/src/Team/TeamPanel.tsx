import { useId, useState } from 'react'
import type { WorkspaceInvitation, WorkspaceMember, WorkspaceRole } from '@engage/contract'
import {
  isApiError,
  useInvitations,
  useLeaveWorkspace,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
  useUpdateMember,
  useWorkspaces,
} from '@engage/client'
import {
  AlertDialog,
  Badge,
  Banner,
  Button,
  Heading,
  Select,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  type TableColumn,
} from '@engage/ui'
import { formatUsd } from '@engage/contract'
import { useCustomerDates } from '../CustomerDates'
import { ActivityLog } from './ActivityLog'
import { EDIT_LIMIT, EditLimitDialog, limitSavedMessage, NO_LIMIT } from './EditLimitDialog'
import { InviteMemberForm, INVITE_TITLE } from './InviteMemberForm'
import { nowrap, rowActions } from './Team.css'
import { ROLE_LABELS, roleOptions } from './roles'

export const MEMBERS_TITLE = 'Members'
export const INVITATIONS_TITLE = 'Invitations'
export const NO_INVITATIONS = 'No invitations yet.'
export const LEAVE_WORKSPACE = 'Leave workspace'
export const LEAVE_MESSAGE =
  'You lose access to its wallet, orders and settings at once, and your API keys for it stop working.'
export const FAILED_TO_LOAD_TEAM = 'Failed to load the team'
export const FAILED_TO_CHANGE_TEAM = 'The change was refused'

const INVITATION_TONES = {
  pending: 'info',
  accepted: 'success',
  expired: 'warning',
  revoked: 'neutral',
} as const
const INVITATION_LABELS = {
  pending: 'Pending',
  accepted: 'Accepted',
  expired: 'Expired',
  revoked: 'Withdrawn',
}

function errorText(error: unknown): string {
  return isApiError(error) ? error.detail : String(error)
}

/**
 * Settings' Team tab: the active workspace's members with their roles and monthly spend limits, inviting by
 * e-mail, the invitations and their states, leaving, and for owners and admins the activity log. Owners and
 * admins change roles and monthly limits and remove members; only an owner makes or changes an owner (the
 * server's rule, whose refusals show here as they come).
 */
export function TeamPanel() {
  const workspaces = useWorkspaces()
  const role: WorkspaceRole | undefined = workspaces.data?.find((workspace) => workspace.active)?.role
  const canManage = role === 'owner' || role === 'admin'
  const members = useMembers()
  const invitations = useInvitations({ enabled: canManage })
  const update = useUpdateMember()
  const remove = useRemoveMember()
  const revoke = useRevokeInvitation()
  const leave = useLeaveWorkspace()
  const dates = useCustomerDates()
  const [toRemove, setToRemove] = useState<WorkspaceMember | null>(null)
  const [toEditLimit, setToEditLimit] = useState<WorkspaceMember | null>(null)
  const [savedLimit, setSavedLimit] = useState<WorkspaceMember | null>(null)
  const [isLeaving, setLeaving] = useState(false)
  const membersId = useId()
  const invitationsId = useId()
  const inviteId = useId()
  const refusal = [update, remove, revoke, leave].find((mutation) => mutation.isError)

  const memberColumns: readonly TableColumn<WorkspaceMember>[] = [
    {
      id: 'member',
      name: 'Member',
      isRowHeader: true,
      render: (member) => (
        <Stack gap="xxsmall">
          <span>{member.email}</span>
          {member.you ? (
            <Text size="small" tone="muted">
              You
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'role',
      name: 'Role',
      render: (member) =>
        canManage && !member.you ? (
          <Select
            label={<VisuallyHidden>{`Role of ${member.email}`}</VisuallyHidden>}
            items={roleOptions.map((option) => ({
              ...option,
              isDisabled: option.id === 'owner' && role !== 'owner',
            }))}
            // The chosen role at once, while the change is on its way.
            value={
              update.isPending && update.variables.id === member.id
                ? (update.variables.body.role ?? member.role)
                : member.role
            }
            isDisabled={member.role === 'owner' && role !== 'owner'}
            onChange={(value) => update.mutate({ id: member.id, body: { role: value as WorkspaceRole } })}
          />
        ) : (
          ROLE_LABELS[member.role]
        ),
    },
    {
      id: 'limit',
      name: 'Monthly limit',
      render: (member) => (
        <span className={nowrap}>
          {member.monthly_limit === null ? NO_LIMIT : formatUsd(member.monthly_limit)}
        </span>
      ),
    },
    {
      id: 'spent',
      name: 'Spent this month',
      render: (member) => <span className={nowrap}>{formatUsd(member.spent_this_month)}</span>,
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            name: 'Actions',
            align: 'end' as const,
            render: (member: WorkspaceMember) =>
              member.you ? null : (
                <span className={rowActions}>
                  <Button
                    tone="secondary"
                    size="small"
                    aria-label={`${EDIT_LIMIT} of ${member.email}`}
                    // An owner's limit is the owners' to change, as their role is.
                    isDisabled={member.role === 'owner' && role !== 'owner'}
                    onPress={() => {
                      setSavedLimit(null)
                      setToEditLimit(member)
                    }}
                  >
                    {EDIT_LIMIT}
                  </Button>
                  <Button
                    tone="critical"
                    size="small"
                    aria-label={`Remove ${member.email}`}
                    onPress={() => setToRemove(member)}
                  >
                    Remove
                  </Button>
                </span>
              ),
          },
        ]
      : []),
  ]

  const invitationColumns: readonly TableColumn<WorkspaceInvitation>[] = [
    { id: 'email', name: 'E-mail', isRowHeader: true, render: (invitation) => invitation.email },
    { id: 'role', name: 'Role', render: (invitation) => ROLE_LABELS[invitation.role] },
    {
      id: 'state',
      name: 'State',
      render: (invitation) => (
        <Badge tone={INVITATION_TONES[invitation.state]}>{INVITATION_LABELS[invitation.state]}</Badge>
      ),
    },
    {
      id: 'expires',
      name: 'Expires',
      render: (invitation) => <span className={nowrap}>{dates.dateTime(invitation.expires_at)}</span>,
    },
    {
      id: 'actions',
      name: 'Actions',
      align: 'end',
      render: (invitation) =>
        invitation.state === 'pending' ? (
          <Button
            tone="secondary"
            size="small"
            aria-label={`Withdraw the invitation of ${invitation.email}`}
            onPress={() => revoke.mutate(invitation.id)}
          >
            Withdraw
          </Button>
        ) : null,
    },
  ]

  return (
    <Stack gap="xlarge">
      {refusal ? (
        <Banner tone="error" title={FAILED_TO_CHANGE_TEAM} onDismiss={() => refusal.reset()}>
          {errorText(refusal.error)}
        </Banner>
      ) : null}
      {leave.isSuccess ? <Banner tone="success">{leave.data.message}</Banner> : null}
      {savedLimit ? (
        <Banner tone="success" onDismiss={() => setSavedLimit(null)}>
          {limitSavedMessage(savedLimit)}
        </Banner>
      ) : null}

      <Stack gap="medium" as="section" aria-labelledby={membersId}>
        <Heading level={2} id={membersId}>
          {MEMBERS_TITLE}
        </Heading>
        {members.isError ? (
          <Banner tone="error" title={FAILED_TO_LOAD_TEAM}>
            {errorText(members.error)}
          </Banner>
        ) : (
          <Table
            aria-label={MEMBERS_TITLE}
            columns={memberColumns}
            rows={members.data ?? []}
            isLoading={members.isPending}
            loadingLabel="Loading members"
          />
        )}
        <div>
          <Button tone="secondary" onPress={() => setLeaving(true)}>
            {LEAVE_WORKSPACE}
          </Button>
        </div>
      </Stack>

      {canManage ? (
        <>
          <Stack gap="medium" as="section" aria-labelledby={inviteId}>
            <Heading level={2} id={inviteId}>
              {INVITE_TITLE}
            </Heading>
            <InviteMemberForm canInviteOwner={role === 'owner'} />
          </Stack>
          <Stack gap="medium" as="section" aria-labelledby={invitationsId}>
            <Heading level={2} id={invitationsId}>
              {INVITATIONS_TITLE}
            </Heading>
            <Table
              aria-label={INVITATIONS_TITLE}
              columns={invitationColumns}
              rows={invitations.data ?? []}
              isLoading={invitations.isPending}
              loadingLabel="Loading invitations"
              emptyState={NO_INVITATIONS}
            />
          </Stack>
          <ActivityLog members={members.data ?? []} />
        </>
      ) : null}

      <EditLimitDialog member={toEditLimit} onClose={() => setToEditLimit(null)} onSaved={setSavedLimit} />
      <AlertDialog
        title={`Remove ${toRemove?.email ?? ''}?`}
        message="Their API keys for this workspace and their sessions in it end at once."
        confirmLabel="Remove member"
        tone="critical"
        isOpen={toRemove !== null}
        onOpenChange={(open) => {
          if (!open) setToRemove(null)
        }}
        onConfirm={() => {
          if (toRemove !== null) remove.mutate(toRemove.id)
        }}
      />
      <AlertDialog
        title={`${LEAVE_WORKSPACE}?`}
        message={LEAVE_MESSAGE}
        confirmLabel={LEAVE_WORKSPACE}
        tone="critical"
        isOpen={isLeaving}
        onOpenChange={setLeaving}
        onConfirm={() => leave.mutate()}
      />
    </Stack>
  )
}
