import { useId, useState } from 'react'
import {
  type ActivityEntry,
  WORKSPACE_ACTIVITY_ACTIONS,
  type WorkspaceActivityAction,
  type WorkspaceMember,
} from '@engage/contract'
import { isApiError, useActivity } from '@engage/client'
import { Banner, Button, Heading, Select, Stack, Table, type TableColumn } from '@engage/ui'
import { useCustomerDates } from '../CustomerDates'
import { filters, nowrap } from './Team.css'

export const ACTIVITY_TITLE = 'Activity'
export const NO_ACTIVITY = 'Nothing happened yet with these filters.'
export const FAILED_TO_LOAD_ACTIVITY = 'Failed to load the activity log'
const ANYONE = 'anyone'
const ANYTHING = 'anything'

export const ACTIVITY_LABELS: Readonly<Record<WorkspaceActivityAction, string>> = {
  'order.placed': 'Placed an order',
  'order.cancelled': 'Cancelled an order',
  'subscription.created': 'Created a subscription',
  'subscription.cancelled': 'Cancelled a subscription',
  'deposit.started': 'Started a deposit',
  'deposit.credited': 'Deposit credited',
  'ai_setting.saved': 'Saved an AI setting',
  'ai_setting.deleted': 'Deleted an AI setting',
  'member.invited': 'Invited a member',
  'member.joined': 'Joined',
  'member.changed': 'Changed a member',
  'member.removed': 'Removed a member',
  'member.left': 'Left',
}

/**
 * The workspace's activity log, newest first, by what happened and who did it, with Load more for the older
 * entries; for owners and admins.
 */
export function ActivityLog({ members }: { members: readonly WorkspaceMember[] }) {
  const [action, setAction] = useState<string>(ANYTHING)
  const [member, setMember] = useState<string>(ANYONE)
  const activity = useActivity({
    action: action === ANYTHING ? undefined : action,
    member: member === ANYONE ? undefined : member,
  })
  const dates = useCustomerDates()
  const headingId = useId()

  const columns: readonly TableColumn<ActivityEntry>[] = [
    {
      id: 'when',
      name: 'When',
      render: (entry) => <span className={nowrap}>{dates.dateTime(entry.created_at)}</span>,
    },
    { id: 'who', name: 'Who', isRowHeader: true, render: (entry) => entry.actor ?? 'The panel' },
    {
      id: 'what',
      name: 'What',
      render: (entry) => ACTIVITY_LABELS[entry.action as WorkspaceActivityAction] ?? entry.action,
    },
    { id: 'subject', name: 'Subject', render: (entry) => entry.subject },
  ]

  return (
    <Stack gap="medium" as="section" aria-labelledby={headingId}>
      <Heading level={2} id={headingId}>
        {ACTIVITY_TITLE}
      </Heading>
      <div className={filters}>
        <Select
          label="What"
          items={[
            { id: ANYTHING, label: 'Anything' },
            ...WORKSPACE_ACTIVITY_ACTIONS.map((id) => ({ id, label: ACTIVITY_LABELS[id] })),
          ]}
          value={action}
          onChange={(value) => setAction(String(value))}
        />
        <Select
          label="Who"
          items={[
            { id: ANYONE, label: 'Anyone' },
            ...members.map((item) => ({ id: item.id, label: item.email })),
          ]}
          value={member}
          onChange={(value) => setMember(String(value))}
        />
      </div>
      {activity.isError ? (
        <Banner tone="error" title={FAILED_TO_LOAD_ACTIVITY}>
          {isApiError(activity.error) ? activity.error.detail : String(activity.error)}
        </Banner>
      ) : (
        <>
          <Table
            aria-label={ACTIVITY_TITLE}
            columns={columns}
            rows={activity.data?.pages.flatMap((page) => page.entries) ?? []}
            isLoading={activity.isPending}
            loadingLabel="Loading the activity log"
            emptyState={NO_ACTIVITY}
          />
          {activity.hasNextPage ? (
            <div>
              <Button
                tone="secondary"
                isPending={activity.isFetchingNextPage}
                onPress={() => void activity.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Stack>
  )
}
