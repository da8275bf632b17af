import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import * as z from 'zod'
import {
  ADMIN_LIMITS_ORDER,
  ADMIN_PROVIDER_MAPPING_INCOMPLETE,
  AdminServiceName,
  DEFAULT_REFILL_DAYS,
  MAX_REFILL_DAYS,
  QuantityLimit,
  RatePer1kUsd,
  RefillDays,
  type AdminProvider,
  type AdminService,
} from '@engage/contract'
import {
  isApiError,
  useAdminCreateService,
  useAdminProviderServices,
  useAdminUpdateService,
} from '@engage/client'
import {
  Dialog,
  Form,
  FormCheckbox,
  FormNumberField,
  FormSelect,
  FormTextField,
  Stack,
  sprinkles,
} from '@engage/ui'
import { AdminFormFooter, formatRate } from '../AdminShared'

export const ADD_SERVICE = 'Add service'
export const NO_PROVIDER = 'No provider (manual fulfilment)'
// The provider select's choice for "no provider" (provider ids are numbers).
const NO_PROVIDER_ID = 'none'

/** 'Edit followers' */
export function editServiceTitle(name: string): string {
  return `Edit ${name}`
}

// The form's own shape: text inputs give '' for "none", turned into null for the API on submit.
const ServiceForm = z
  .object({
    name: AdminServiceName,
    category: z.string().trim().max(100),
    description: z.string().trim().max(2000),
    rate_per_1k: RatePer1kUsd,
    min_quantity: QuantityLimit,
    max_quantity: QuantityLimit,
    is_ai: z.boolean(),
    enabled: z.boolean(),
    refill: z.boolean(),
    refill_days: RefillDays,
    cancel: z.boolean(),
    provider_id: z.string(),
    remote_service_id: z.string().trim().max(100),
    reason: z.string().trim().max(1000),
  })
  .refine((form) => form.min_quantity <= form.max_quantity, {
    message: ADMIN_LIMITS_ORDER,
    path: ['max_quantity'],
  })
  .refine((form) => (form.provider_id === NO_PROVIDER_ID) === (form.remote_service_id === ''), {
    message: ADMIN_PROVIDER_MAPPING_INCOMPLETE,
    path: ['remote_service_id'],
  })
type ServiceFormInput = z.input<typeof ServiceForm>
type ServiceFormValues = z.output<typeof ServiceForm>

const formFields = [
  'name',
  'category',
  'description',
  'rate_per_1k',
  'min_quantity',
  'max_quantity',
  'refill_days',
  'provider_id',
  'remote_service_id',
  'reason',
] as const

function defaultsOf(service: AdminService | null): ServiceFormInput {
  return {
    name: service?.name ?? '',
    category: service?.category ?? '',
    description: service?.description ?? '',
    rate_per_1k: service?.rate_per_1k ?? (undefined as unknown as number),
    min_quantity: service?.min_quantity ?? 1,
    max_quantity: service?.max_quantity ?? 10_000,
    is_ai: service?.is_ai ?? false,
    enabled: service?.enabled ?? true,
    refill: service?.refill ?? false,
    refill_days: service?.refill_days ?? DEFAULT_REFILL_DAYS,
    cancel: service?.cancel ?? true,
    provider_id: service?.provider_id ?? NO_PROVIDER_ID,
    remote_service_id: service?.remote_service_id ?? '',
    reason: '',
  }
}

export interface AdminServiceDialogProps {
  /** Open for a new service ('new'), for a service to edit, or closed (null). */
  service: AdminService | 'new' | null
  providers: readonly AdminProvider[]
  onClose: () => void
  /** Called with the saved service and whether it was created. */
  onSaved: (service: AdminService, created: boolean) => void
}

/** Creates or edits a service: name, rate per 1,000, limits, flags and the provider mapping. */
export function AdminServiceDialog({ service, providers, onClose, onSaved }: AdminServiceDialogProps) {
  const isNew = service === 'new'
  return (
    <Dialog
      title={service === null || isNew ? ADD_SERVICE : editServiceTitle(service.name)}
      size="large"
      isOpen={service !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      {service === null ? null : (
        <ServiceFormBody
          service={isNew ? null : service}
          providers={providers}
          onCancel={onClose}
          onSaved={(saved) => {
            onClose()
            onSaved(saved, isNew)
          }}
        />
      )}
    </Dialog>
  )
}

const twoColumns = sprinkles({
  display: 'grid',
  gridTemplateColumns: { mobile: 'one', tablet: 'two' },
  gap: 'medium',
})

function ServiceFormBody({
  service,
  providers,
  onCancel,
  onSaved,
}: {
  service: AdminService | null
  providers: readonly AdminProvider[]
  onCancel: () => void
  onSaved: (service: AdminService) => void
}) {
  const create = useAdminCreateService()
  const update = useAdminUpdateService()
  const mutation = service === null ? create : update
  const form = useForm<ServiceFormInput, unknown, ServiceFormValues>({
    resolver: zodResolver(ServiceForm),
    defaultValues: defaultsOf(service),
  })
  const providerId = useWatch({ control: form.control, name: 'provider_id' })
  const offersRefill = useWatch({ control: form.control, name: 'refill' })
  const remoteServices = useAdminProviderServices(providerId === NO_PROVIDER_ID ? null : providerId)
  const remoteItems = (remoteServices.data?.services ?? []).map((remote) => ({
    id: remote.remote_service_id,
    label: `${remote.remote_service_id} · ${remote.name} · ${formatRate(remote.rate_per_1k)} per 1,000`,
  }))

  const submit = async (values: ServiceFormValues) => {
    const body = {
      name: values.name,
      category: values.category,
      description: values.description,
      rate_per_1k: values.rate_per_1k,
      min_quantity: values.min_quantity,
      max_quantity: values.max_quantity,
      is_ai: values.is_ai,
      enabled: values.enabled,
      refill: values.refill,
      refill_days: values.refill_days,
      cancel: values.cancel,
      provider_id: values.provider_id === NO_PROVIDER_ID ? null : values.provider_id,
      remote_service_id: values.remote_service_id === '' ? null : values.remote_service_id,
      reason: values.reason,
    }
    try {
      const saved =
        service === null ? await create.mutateAsync(body) : await update.mutateAsync({ id: service.id, body })
      onSaved(saved)
    } catch (error) {
      // A refusal about one field (a taken name, a bad mapping) is shown by that field.
      const field = isApiError(error)
        ? (formFields as readonly string[]).find((name) => name === error.field)
        : undefined
      if (field !== undefined && isApiError(error)) {
        form.setError(field as (typeof formFields)[number], { message: error.fieldMessage ?? error.detail })
      }
    }
  }

  const fieldError =
    isApiError(mutation.error) && (formFields as readonly string[]).includes(mutation.error.field ?? '')
  return (
    <Form
      aria-label={service === null ? ADD_SERVICE : editServiceTitle(service.name)}
      onSubmit={form.handleSubmit(submit)}
    >
      <Stack gap="medium">
        <div className={twoColumns}>
          <FormTextField
            control={form.control}
            name="name"
            label="Name"
            description="The service type customers order, e.g. tiktok_views"
            isRequired
          />
          <FormTextField control={form.control} name="category" label="Category" />
          <FormNumberField
            control={form.control}
            name="rate_per_1k"
            label="Rate per 1,000 (USD)"
            minValue={0}
            step={0.000001}
            formatOptions={{ style: 'currency', currency: 'USD', maximumFractionDigits: 6 }}
            isRequired
          />
          <FormNumberField
            control={form.control}
            name="min_quantity"
            label="Minimum quantity"
            minValue={1}
            isRequired
          />
          <FormNumberField
            control={form.control}
            name="max_quantity"
            label="Maximum quantity"
            minValue={1}
            isRequired
          />
        </div>
        <FormTextField control={form.control} name="description" label="Description" isMultiline rows={2} />
        <Stack direction={{ mobile: 'column', tablet: 'row' }} gap="medium" wrap>
          <FormCheckbox control={form.control} name="is_ai">
            AI service (writes comments or tweets)
          </FormCheckbox>
          <FormCheckbox control={form.control} name="enabled">
            Enabled (customers can order it)
          </FormCheckbox>
          <FormCheckbox control={form.control} name="refill">
            Refill
          </FormCheckbox>
          <FormCheckbox control={form.control} name="cancel">
            Cancel allowed
          </FormCheckbox>
        </Stack>
        {offersRefill ? (
          <FormNumberField
            control={form.control}
            name="refill_days"
            label="Refill window (days)"
            description="How long after an order completes its customer may ask for a refill"
            minValue={1}
            maxValue={MAX_REFILL_DAYS}
            isRequired
          />
        ) : null}
        <div className={twoColumns}>
          <FormSelect
            control={form.control}
            name="provider_id"
            label="Provider"
            items={[
              { id: NO_PROVIDER_ID, label: NO_PROVIDER },
              ...providers.map((provider) => ({ id: provider.id, label: provider.name })),
            ]}
          />
          {remoteItems.length > 0 ? (
            <FormSelect
              control={form.control}
              name="remote_service_id"
              label="Provider service"
              placeholder="Choose the provider's service"
              items={remoteItems}
            />
          ) : (
            <FormTextField
              control={form.control}
              name="remote_service_id"
              label="Provider service ID"
              description={
                providerId === NO_PROVIDER_ID ? 'Choose a provider first' : "The service's id at the provider"
              }
              isDisabled={providerId === NO_PROVIDER_ID}
            />
          )}
        </div>
        <FormTextField
          control={form.control}
          name="reason"
          label="Reason (optional)"
          description="Kept in the audit log"
        />
        <AdminFormFooter
          failure={mutation.isError && !fieldError ? mutation.error : null}
          failureTitle="Failed to save the service"
          isPending={mutation.isPending}
          pendingLabel="Saving the service"
          submitLabel={service === null ? 'Create service' : 'Save service'}
          onCancel={onCancel}
        />
      </Stack>
    </Form>
  )
}
