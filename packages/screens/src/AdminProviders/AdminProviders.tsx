import { useId, useState } from 'react'
import type { AdminProvider } from '@engage/contract'
import { useAdminProviders } from '@engage/client'
import { Badge, Banner, Button, Icon, Stack, Table, Text, type TableColumn } from '@engage/ui'
import { AdminErrorBanner, AdminSectionHeader, useOperator } from '../AdminShared'
import { AddProviderDialog, ADD_PROVIDER, EditProviderDialog } from './AdminProviderDialogs'
import { AdminProviderDetail } from './AdminProviderDetail'
import { type ProviderChange, ProviderSwitch } from './AdminProviderSwitch'

export const PROVIDERS_TITLE = 'Providers'
export const NO_PROVIDERS = 'No providers yet. Add the SMM panel your orders are placed with.'
export const PROVIDERS_READ_ONLY =
  'Your role can view providers and their balances; only an admin can change them.'

/**
 * The upstream SMM panels (API v2): add one with its API URL and key (shown masked), see its balance and the
 * services imported from it with their rates, import them again and set the margin rule; disable, enable or
 * delete one after a confirmation.
 */
export function AdminProviders() {
  const providers = useAdminProviders()
  const { can } = useOperator()
  const canEdit = can('adminUpdateProvider')
  const canDelete = can('adminDeleteProvider')
  const [change, setChange] = useState<ProviderChange | null>(null)
  const [isAddOpen, setAddOpen] = useState(false)
  const [editing, setEditing] = useState<AdminProvider | null>(null)
  const [openId, setOpenId] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const headingId = useId()
  const list = providers.data?.providers ?? []
  const open = list.find((provider) => provider.id === openId) ?? null

  const columns: TableColumn<AdminProvider>[] = [
    {
      id: 'name',
      name: 'Name',
      isRowHeader: true,
      render: (provider) => (
        <Stack gap="xxsmall">
          <Text weight="medium">{provider.name}</Text>
          <Text size="small" tone="muted">
            {provider.api_url}
          </Text>
        </Stack>
      ),
    },
    { id: 'key', name: 'API key', render: (provider) => provider.api_key_masked },
    {
      id: 'services',
      name: 'Services',
      align: 'end',
      render: (provider) => `${provider.mapped_services_count} mapped of ${provider.services_count}`,
    },
    {
      id: 'margin',
      name: 'Margin',
      align: 'end',
      render: (provider) => (provider.margin_percent === null ? '—' : `${provider.margin_percent}%`),
    },
    {
      id: 'status',
      name: 'Status',
      render: (provider) =>
        provider.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>,
    },
    {
      id: 'actions',
      name: 'Actions',
      align: 'end',
      render: (provider) => (
        <Stack direction="row" gap="xsmall" justifyContent="flex-end">
          <Button
            tone="secondary"
            size="small"
            aria-label={`Open ${provider.name}`}
            onPress={() => setOpenId(provider.id)}
          >
            Open
          </Button>
          {canEdit ? (
            <Button
              tone="secondary"
              size="small"
              aria-label={`Edit ${provider.name}`}
              onPress={() => setEditing(provider)}
            >
              Edit
            </Button>
          ) : null}
          {canEdit ? (
            <Button
              tone="secondary"
              size="small"
              aria-label={`${provider.enabled ? 'Disable' : 'Enable'} ${provider.name}`}
              onPress={() => setChange({ kind: provider.enabled ? 'disable' : 'enable', provider })}
            >
              {provider.enabled ? 'Disable' : 'Enable'}
            </Button>
          ) : null}
          {canDelete ? (
            <Button
              tone="critical"
              size="small"
              aria-label={`Delete ${provider.name}`}
              onPress={() => setChange({ kind: 'delete', provider })}
            >
              Delete
            </Button>
          ) : null}
        </Stack>
      ),
    },
  ]

  return (
    <Stack as="section" gap="medium" aria-labelledby={headingId}>
      <AdminSectionHeader
        headingId={headingId}
        title={PROVIDERS_TITLE}
        description="The SMM panels orders are placed with, their balances and their rates."
        action={
          can('adminCreateProvider') ? (
            <Button onPress={() => setAddOpen(true)}>
              <Icon name="plus" size="small" />
              {ADD_PROVIDER}
            </Button>
          ) : null
        }
      />
      {!canEdit && providers.isSuccess ? <Banner tone="info">{PROVIDERS_READ_ONLY}</Banner> : null}
      {notice ? (
        <Banner tone="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Banner>
      ) : null}
      <ProviderSwitch
        change={change}
        onClose={() => setChange(null)}
        onDone={(message, done) => {
          setNotice(message)
          if (done.kind === 'delete' && openId === done.provider.id) setOpenId(null)
        }}
      />
      {providers.isError ? (
        <AdminErrorBanner
          title="Failed to load the providers"
          error={providers.error}
          onRetry={() => void providers.refetch()}
        />
      ) : (
        <Table
          aria-label={PROVIDERS_TITLE}
          columns={columns}
          rows={list}
          isLoading={providers.isPending}
          loadingLabel="Loading providers"
          emptyState={NO_PROVIDERS}
        />
      )}
      {open ? <AdminProviderDetail key={open.id} provider={open} onClose={() => setOpenId(null)} /> : null}

      <AddProviderDialog
        isOpen={isAddOpen}
        onClose={() => setAddOpen(false)}
        onCreated={(provider) => {
          setNotice(`${provider.name} added`)
          setOpenId(provider.id)
        }}
      />
      <EditProviderDialog
        provider={editing}
        onClose={() => setEditing(null)}
        onSaved={(provider) => setNotice(`${provider.name} saved`)}
      />
    </Stack>
  )
}
