import { useId, useState } from 'react'
import type { AdminService } from '@engage/contract'
import { useAdminProviders, useAdminServices, useAdminUpdateService } from '@engage/client'
import { AlertDialog, Badge, Banner, Button, Icon, Stack, Table, Text, type TableColumn } from '@engage/ui'
import { AdminErrorBanner, AdminSectionHeader, formatRate, useOperator } from '../AdminShared'
import { ADD_SERVICE, AdminServiceDialog } from './AdminServiceDialog'

export const SERVICES_TITLE = 'Services'
export const NO_SERVICES = 'No services yet. Add one with Add service.'
export const SERVICES_READ_ONLY = 'Your role can view services; only an admin can change them.'

/** 'Disable followers?' */
export function disableServiceTitle(name: string): string {
  return `Disable ${name}?`
}

type Notice = { tone: 'success'; text: string } | null

/**
 * The services customers order: rate per 1,000, limits, AI flag, provider mapping and whether it is enabled.
 * An admin creates, edits, enables and disables them (disabling asks first); support reads.
 */
export function AdminServices() {
  const services = useAdminServices()
  const providers = useAdminProviders()
  const update = useAdminUpdateService()
  const { can } = useOperator()
  const canCreate = can('adminCreateService')
  const canEdit = can('adminUpdateService')
  const [editing, setEditing] = useState<AdminService | 'new' | null>(null)
  const [toDisable, setToDisable] = useState<AdminService | null>(null)
  const [notice, setNotice] = useState<Notice>(null)
  const headingId = useId()

  const setEnabled = async (service: AdminService, enabled: boolean) => {
    setNotice(null)
    try {
      await update.mutateAsync({ id: service.id, body: { enabled } })
      setNotice({ tone: 'success', text: `${service.name} ${enabled ? 'enabled' : 'disabled'}` })
    } catch {
      // Shown from the mutation's state.
    }
  }

  const columns: TableColumn<AdminService>[] = [
    {
      id: 'name',
      name: 'Name',
      isRowHeader: true,
      render: (service) => (
        <Stack gap="xxsmall">
          <Text weight="medium">{service.name}</Text>
          {service.category ? (
            <Text size="small" tone="muted">
              {service.category}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'rate',
      name: 'Rate per 1,000',
      align: 'end',
      render: (service) => formatRate(service.rate_per_1k),
    },
    {
      id: 'limits',
      name: 'Min – max',
      align: 'end',
      render: (service) =>
        `${service.min_quantity.toLocaleString('en-US')} – ${service.max_quantity.toLocaleString('en-US')}`,
    },
    {
      id: 'ai',
      name: 'AI',
      render: (service) => (service.is_ai ? <Badge tone="info">AI</Badge> : <Text tone="muted">No</Text>),
    },
    {
      id: 'provider',
      name: 'Provider',
      render: (service) =>
        service.provider_name === null ? (
          <Text tone="muted">Manual</Text>
        ) : (
          <Stack gap="xxsmall">
            <span>
              {service.provider_name} #{service.remote_service_id}
            </span>
            {service.provider_rate_per_1k === null ? null : (
              <Text size="small" tone="muted">
                Cost {formatRate(service.provider_rate_per_1k)}
              </Text>
            )}
          </Stack>
        ),
    },
    {
      id: 'status',
      name: 'Status',
      render: (service) =>
        service.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>,
    },
  ]
  if (canEdit) {
    columns.push({
      id: 'actions',
      name: 'Actions',
      align: 'end',
      render: (service) => (
        <Stack direction="row" gap="xsmall" justifyContent="flex-end">
          <Button
            tone="secondary"
            size="small"
            aria-label={`Edit ${service.name}`}
            onPress={() => setEditing(service)}
          >
            Edit
          </Button>
          {service.enabled ? (
            <Button
              tone="critical"
              size="small"
              aria-label={`Disable ${service.name}`}
              onPress={() => setToDisable(service)}
            >
              Disable
            </Button>
          ) : (
            <Button
              tone="secondary"
              size="small"
              aria-label={`Enable ${service.name}`}
              onPress={() => void setEnabled(service, true)}
            >
              Enable
            </Button>
          )}
        </Stack>
      ),
    })
  }

  return (
    <Stack as="section" gap="medium" aria-labelledby={headingId}>
      <AdminSectionHeader
        headingId={headingId}
        title={SERVICES_TITLE}
        description="What customers can order and what they pay per 1,000."
        action={
          canCreate ? (
            <Button onPress={() => setEditing('new')}>
              <Icon name="plus" size="small" />
              {ADD_SERVICE}
            </Button>
          ) : null
        }
      />
      {!canEdit && services.isSuccess ? <Banner tone="info">{SERVICES_READ_ONLY}</Banner> : null}
      {notice ? (
        <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Banner>
      ) : null}
      {update.isError ? (
        <AdminErrorBanner
          title="Failed to change the service"
          error={update.error}
          onDismiss={() => update.reset()}
        />
      ) : null}
      {services.isError ? (
        <AdminErrorBanner
          title="Failed to load the services"
          error={services.error}
          onRetry={() => void services.refetch()}
        />
      ) : (
        <Table
          aria-label={SERVICES_TITLE}
          columns={columns}
          rows={services.data?.services ?? []}
          isLoading={services.isPending}
          loadingLabel="Loading services"
          emptyState={NO_SERVICES}
        />
      )}

      <AdminServiceDialog
        service={editing}
        providers={providers.data?.providers ?? []}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) =>
          setNotice({ tone: 'success', text: `${saved.name} ${created ? 'created' : 'saved'}` })
        }
      />
      <AlertDialog
        title={disableServiceTitle(toDisable?.name ?? '')}
        message="Customers can no longer order it; orders already placed go on. You can enable it again."
        confirmLabel="Disable service"
        tone="critical"
        isOpen={toDisable !== null}
        onOpenChange={(open) => {
          if (!open) setToDisable(null)
        }}
        onConfirm={() => {
          if (toDisable !== null) void setEnabled(toDisable, false)
        }}
      />
    </Stack>
  )
}
