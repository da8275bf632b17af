import { useId, useState } from 'react'
import { formatUsd, ROLES, type AdminUser } from '@engage/contract'
import { useAdminUsers, type AdminUserFilters } from '@engage/client'
import { Badge, Button, Select, Stack, Text, TextField, type TableColumn } from '@engage/ui'
import {
  AdminFilterForm,
  AdminPagedTable,
  AdminSectionHeader,
  formatDateTime,
  humanise,
  useCursorPages,
} from '../AdminShared'
import { AdminUserDetail } from './AdminUserDetail'

export const USERS_TITLE = 'Users'
export const NO_USERS = 'No accounts match.'
const ALL_ROLES = 'all'

/**
 * Accounts: search by email or username, filter by role, page through; open one for its balance, ledger and
 * orders, where an admin adjusts the balance with a reason, changes the role or disables the account.
 */
export function AdminUsers({
  initialUserId = null,
}: {
  /** Opens this account's detail first. */ initialUserId?: string | null
}) {
  const headingId = useId()
  const [query, setQuery] = useState('')
  const [role, setRole] = useState<string>(ALL_ROLES)
  const [filters, setFilters] = useState<AdminUserFilters>({})
  const pages = useCursorPages()
  const users = useAdminUsers(filters, pages.cursor)
  const [openId, setOpenId] = useState<string | null>(initialUserId)

  const columns: readonly TableColumn<AdminUser>[] = [
    {
      id: 'email',
      name: 'Account',
      isRowHeader: true,
      render: (user) => (
        <Stack gap="xxsmall">
          <Text weight="medium">{user.email}</Text>
          <Text size="small" tone="muted">
            {user.username}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'role',
      name: 'Role',
      render: (user) => (
        <Badge tone={user.role === 'customer' ? 'neutral' : 'info'}>{humanise(user.role)}</Badge>
      ),
    },
    { id: 'balance', name: 'Balance', align: 'end', render: (user) => formatUsd(user.balance) },
    {
      id: 'status',
      name: 'Status',
      render: (user) =>
        user.disabled ? <Badge tone="critical">Disabled</Badge> : <Badge tone="success">Active</Badge>,
    },
    { id: 'created', name: 'Joined', render: (user) => formatDateTime(user.created_at) },
    {
      id: 'actions',
      name: 'Actions',
      align: 'end',
      render: (user) => (
        <Button
          tone="secondary"
          size="small"
          aria-label={`Open ${user.email}`}
          onPress={() => setOpenId(user.id)}
        >
          Open
        </Button>
      ),
    },
  ]

  return (
    <Stack as="section" gap="medium" aria-labelledby={headingId}>
      <AdminSectionHeader
        headingId={headingId}
        title={USERS_TITLE}
        description="Find an account, see its balance, ledger and orders, and act on it."
      />
      <AdminFilterForm
        label="Search users"
        submitLabel="Search"
        onApply={() => {
          pages.reset()
          setFilters({ q: query.trim() || undefined, role: role === ALL_ROLES ? undefined : role })
        }}
      >
        <TextField label="Email or username" type="search" value={query} onChange={setQuery} />
        <Select
          label="Role"
          value={role}
          onChange={(key) => setRole(String(key))}
          items={[
            { id: ALL_ROLES, label: 'All roles' },
            ...ROLES.map((value) => ({ id: value, label: humanise(value) })),
          ]}
        />
      </AdminFilterForm>
      <AdminPagedTable
        errorTitle="Failed to load the users"
        query={users}
        pages={pages}
        pagesLabel="Users pages"
        aria-label={USERS_TITLE}
        columns={columns}
        rows={users.data?.users ?? []}
        loadingLabel="Loading users"
        emptyState={NO_USERS}
      />
      {openId === null ? null : (
        <AdminUserDetail key={openId} userId={openId} onClose={() => setOpenId(null)} />
      )}
    </Stack>
  )
}
