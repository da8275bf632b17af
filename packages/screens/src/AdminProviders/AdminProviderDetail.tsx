import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import * as z from 'zod'
import {
  AdminProviderMarginRequest,
  formatUsd,
  type AdminProvider,
  type AdminProviderService,
} from '@engage/contract'
import {
  useAdminImportProviderServices,
  useAdminProviderBalance,
  useAdminProviderServices,
  useAdminSetProviderMargin,
} from '@engage/client'
import {
  AlertDialog,
  Banner,
  Button,
  Card,
  Form,
  FormNumberField,
  FormTextField,
  Heading,
  Icon,
  Spinner,
  Stack,
  Table,
  Text,
  type TableColumn,
} from '@engage/ui'
import { AdminDetails, AdminErrorBanner, formatDateTime, formatRate, useOperator } from '../AdminShared'

export const NO_PROVIDER_SERVICES = 'No services imported yet. Import them to see their rates.'

/** 'Imported 12 services from SMM Central' */
export function importedMessage(count: number, name: string): string {
  return `Imported ${count} ${count === 1 ? 'service' : 'services'} from ${name}`
}

/** 'Margin 25% applied: 3 services repriced' */
export function marginAppliedMessage(margin: number, count: number): string {
  return `Margin ${margin}% applied: ${count} ${count === 1 ? 'service' : 'services'} repriced`
}

const MarginForm = z.object({
  margin_percent: AdminProviderMarginRequest.shape.margin_percent,
  reason: z.string().trim().max(1000),
})
type MarginInput = z.input<typeof MarginForm>
type MarginValues = z.output<typeof MarginForm>

const remoteColumns: readonly TableColumn<AdminProviderService & { id: string }>[] = [
  { id: 'remote', name: 'ID', render: (service) => service.remote_service_id },
  {
    id: 'name',
    name: 'Name',
    isRowHeader: true,
    render: (service) => (
      <Stack gap="xxsmall">
        <span>{service.name}</span>
        <Text size="small" tone="muted">
          {[service.category, service.type].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'rate',
    name: 'Their rate per 1,000',
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
    id: 'mapped',
    name: 'Mapped to',
    render: (service) =>
      service.mapped_to.length === 0 ? <Text tone="muted">—</Text> : service.mapped_to.join(', '),
  },
]

export interface AdminProviderDetailProps {
  provider: AdminProvider
  onClose: () => void
}

/**
 * One provider: its balance (asked live), the services imported from it with their remote rates, importing
 * them again, and the margin rule that sets our rates from theirs.
 */
export function AdminProviderDetail({ provider, onClose }: AdminProviderDetailProps) {
  const headingId = useId()
  const { can } = useOperator()
  const [balanceAsked, setBalanceAsked] = useState(false)
  const balance = useAdminProviderBalance(provider.id, { enabled: balanceAsked })
  const services = useAdminProviderServices(provider.id)
  const importServices = useAdminImportProviderServices()
  const setMargin = useAdminSetProviderMargin()
  const [notice, setNotice] = useState<string | null>(null)
  const [pendingMargin, setPendingMargin] = useState<MarginValues | null>(null)
  const form = useForm<MarginInput, unknown, MarginValues>({
    resolver: zodResolver(MarginForm),
    defaultValues: {
      margin_percent: provider.margin_percent ?? (undefined as unknown as number),
      reason: '',
    },
  })

  const runImport = async () => {
    setNotice(null)
    try {
      const answer = await importServices.mutateAsync({ id: provider.id })
      setNotice(importedMessage(answer.services.length, provider.name))
    } catch {
      // Shown from the mutation's state.
    }
  }

  const applyMargin = async (values: MarginValues) => {
    setNotice(null)
    try {
      const answer = await setMargin.mutateAsync({ id: provider.id, body: values })
      setNotice(marginAppliedMessage(values.margin_percent, answer.services.length))
    } catch {
      // Shown from the mutation's state.
    }
  }

  return (
    <Card as="section" aria-labelledby={headingId}>
      <Stack gap="large">
        <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap="small">
          <Heading level={3} id={headingId}>
            {provider.name}
          </Heading>
          <Button
            tone="ghost"
            size="small"
            isIconOnly
            aria-label={`Close ${provider.name}`}
            onPress={onClose}
          >
            <Icon name="close" size="small" />
          </Button>
        </Stack>
        <AdminDetails
          items={[
            { term: 'API URL', value: <Text>{provider.api_url}</Text> },
            { term: 'API key', value: <Text>{provider.api_key_masked}</Text> },
            {
              term: 'Margin rule',
              value: provider.margin_percent === null ? 'None' : `Their rate + ${provider.margin_percent}%`,
            },
            {
              term: 'Balance',
              value: balance.isSuccess ? (
                <span>
                  {balance.data.currency === 'USD'
                    ? formatUsd(balance.data.balance)
                    : `${balance.data.balance} ${balance.data.currency}`}{' '}
                  <Text size="small" tone="muted">
                    (checked {formatDateTime(balance.data.checked_at)})
                  </Text>
                </span>
              ) : balance.isFetching ? (
                <Spinner size="small" label="Checking the balance" />
              ) : (
                <Button tone="secondary" size="small" onPress={() => setBalanceAsked(true)}>
                  Check balance
                </Button>
              ),
            },
          ]}
        />
        {balance.isError ? (
          <AdminErrorBanner
            title="Failed to check the balance"
            error={balance.error}
            onRetry={() => void balance.refetch()}
          />
        ) : null}
        {notice ? (
          <Banner tone="success" onDismiss={() => setNotice(null)}>
            {notice}
          </Banner>
        ) : null}

        {can('adminProviderMargin') ? (
          <Form aria-label={`Margin rule of ${provider.name}`} onSubmit={form.handleSubmit(setPendingMargin)}>
            <Stack gap="small">
              <Stack
                direction={{ mobile: 'column', tablet: 'row' }}
                gap="medium"
                alignItems={{ tablet: 'flex-start' }}
              >
                <FormNumberField
                  control={form.control}
                  name="margin_percent"
                  label="Margin (%)"
                  description="Our rate = their rate × (1 + margin / 100)"
                  minValue={-100}
                  step={0.01}
                  isRequired
                />
                <FormTextField control={form.control} name="reason" label="Reason (optional)" />
              </Stack>
              {setMargin.isError ? (
                <AdminErrorBanner
                  title="Failed to apply the margin"
                  error={setMargin.error}
                  onDismiss={() => setMargin.reset()}
                />
              ) : null}
              <Stack direction="row" gap="small" alignItems="center">
                <Button type="submit" tone="secondary" isDisabled={setMargin.isPending}>
                  Apply margin
                </Button>
                {setMargin.isPending ? <Spinner size="small" label="Applying the margin" /> : null}
              </Stack>
            </Stack>
          </Form>
        ) : null}

        <Stack gap="small">
          <Stack direction="row" justifyContent="space-between" alignItems="center" gap="small" wrap>
            <Heading level={4}>Imported services</Heading>
            {can('adminImportProviderServices') ? (
              <Stack direction="row" gap="small" alignItems="center">
                {importServices.isPending ? <Spinner size="small" label="Importing the services" /> : null}
                <Button
                  tone="secondary"
                  size="small"
                  isDisabled={importServices.isPending}
                  onPress={() => void runImport()}
                >
                  <Icon name="refresh" size="small" />
                  Import services
                </Button>
              </Stack>
            ) : null}
          </Stack>
          {importServices.isError ? (
            <AdminErrorBanner
              title="Failed to import the services"
              error={importServices.error}
              onDismiss={() => importServices.reset()}
            />
          ) : null}
          {services.isError ? (
            <AdminErrorBanner
              title="Failed to load the imported services"
              error={services.error}
              onRetry={() => void services.refetch()}
            />
          ) : (
            <Table
              aria-label={`Services of ${provider.name}`}
              columns={remoteColumns}
              rows={(services.data?.services ?? []).map((service) => ({
                ...service,
                id: service.remote_service_id,
              }))}
              isLoading={services.isPending}
              loadingLabel="Loading the imported services"
              emptyState={NO_PROVIDER_SERVICES}
            />
          )}
        </Stack>
      </Stack>
      <AlertDialog
        title={`Apply a ${pendingMargin?.margin_percent ?? 0}% margin?`}
        message={`Every service mapped to ${provider.name} (${provider.mapped_services_count}) gets its rate set from the provider's rate plus this margin. Customers pay the new rates from their next order.`}
        confirmLabel="Apply margin"
        isOpen={pendingMargin !== null}
        onOpenChange={(open) => {
          if (!open) setPendingMargin(null)
        }}
        onConfirm={() => {
          if (pendingMargin !== null) void applyMargin(pendingMargin)
        }}
      />
    </Card>
  )
}
