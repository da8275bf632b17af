import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import * as z from 'zod'
import {
  ADMIN_NAME_REQUIRED,
  API_KEY_REQUIRED,
  ProviderApiUrl,
  requiredText,
  type AdminProvider,
} from '@engage/contract'
import { isApiError, useAdminCreateProvider, useAdminUpdateProvider } from '@engage/client'
import { Dialog, Form, FormCheckbox, FormTextField, Stack } from '@engage/ui'
import { AdminFormFooter } from '../AdminShared'

export const ADD_PROVIDER = 'Add provider'

/** 'Edit SMM Central' */
export function editProviderTitle(name: string): string {
  return `Edit ${name}`
}

const CreateProviderForm = z.object({
  name: requiredText(ADMIN_NAME_REQUIRED, 100),
  api_url: ProviderApiUrl,
  api_key: requiredText(API_KEY_REQUIRED, 500),
  reason: z.string().trim().max(1000),
})
type CreateProviderInput = z.input<typeof CreateProviderForm>
type CreateProviderValues = z.output<typeof CreateProviderForm>

const createFields = ['name', 'api_url', 'api_key'] as const

function fieldOf<Field extends string>(error: unknown, fields: readonly Field[]): Field | undefined {
  return isApiError(error) ? fields.find((field) => field === error.field) : undefined
}

export interface AddProviderDialogProps {
  isOpen: boolean
  onClose: () => void
  onCreated: (provider: AdminProvider) => void
}

/** Adds an upstream SMM panel (API v2): name, API URL and key; the key is stored encrypted and shown masked. */
export function AddProviderDialog({ isOpen, onClose, onCreated }: AddProviderDialogProps) {
  return (
    <Dialog
      title={ADD_PROVIDER}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      {(close) => (
        <AddProviderForm
          onCancel={close}
          onCreated={(provider) => {
            close()
            onCreated(provider)
          }}
        />
      )}
    </Dialog>
  )
}

function AddProviderForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void
  onCreated: (provider: AdminProvider) => void
}) {
  const create = useAdminCreateProvider()
  const form = useForm<CreateProviderInput, unknown, CreateProviderValues>({
    resolver: zodResolver(CreateProviderForm),
    defaultValues: { name: '', api_url: '', api_key: '', reason: '' },
  })
  const submit = async (values: CreateProviderValues) => {
    try {
      onCreated(await create.mutateAsync(values))
    } catch (error) {
      const field = fieldOf(error, createFields)
      if (field !== undefined && isApiError(error)) {
        form.setError(field, { message: error.fieldMessage ?? error.detail })
      }
    }
  }
  return (
    <Form aria-label={ADD_PROVIDER} onSubmit={form.handleSubmit(submit)}>
      <Stack gap="medium">
        <FormTextField control={form.control} name="name" label="Name" isRequired />
        <FormTextField
          control={form.control}
          name="api_url"
          label="API URL"
          description="The panel's API v2 endpoint, e.g. https://panel.example/api/v2"
          type="url"
          isRequired
        />
        <FormTextField
          control={form.control}
          name="api_key"
          label="API key"
          description="Stored encrypted; only its last characters are shown afterwards"
          type="password"
          autoComplete="off"
          isRequired
        />
        <FormTextField control={form.control} name="reason" label="Reason (optional)" />
        <AdminFormFooter
          failure={create.isError && fieldOf(create.error, createFields) === undefined ? create.error : null}
          failureTitle="Failed to add the provider"
          isPending={create.isPending}
          pendingLabel="Adding the provider"
          submitLabel="Add provider"
          onCancel={onCancel}
        />
      </Stack>
    </Form>
  )
}

const EditProviderForm = z.object({
  api_url: ProviderApiUrl,
  /** Blank keeps the stored key. */
  api_key: z.string().trim().max(500),
  enabled: z.boolean(),
  reason: z.string().trim().max(1000),
})
type EditProviderInput = z.input<typeof EditProviderForm>
type EditProviderValues = z.output<typeof EditProviderForm>

export interface EditProviderDialogProps {
  /** The provider to edit; null closes the dialog. */
  provider: AdminProvider | null
  onClose: () => void
  onSaved: (provider: AdminProvider) => void
}

/** Changes a provider's API URL, replaces its key, or turns it off. */
export function EditProviderDialog({ provider, onClose, onSaved }: EditProviderDialogProps) {
  return (
    <Dialog
      title={editProviderTitle(provider?.name ?? '')}
      isOpen={provider !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      {provider === null ? null : (
        <EditProviderFormBody
          provider={provider}
          onCancel={onClose}
          onSaved={(saved) => {
            onClose()
            onSaved(saved)
          }}
        />
      )}
    </Dialog>
  )
}

function EditProviderFormBody({
  provider,
  onCancel,
  onSaved,
}: {
  provider: AdminProvider
  onCancel: () => void
  onSaved: (provider: AdminProvider) => void
}) {
  const update = useAdminUpdateProvider()
  const form = useForm<EditProviderInput, unknown, EditProviderValues>({
    resolver: zodResolver(EditProviderForm),
    defaultValues: { api_url: provider.api_url, api_key: '', enabled: provider.enabled, reason: '' },
  })
  const submit = async (values: EditProviderValues) => {
    try {
      const saved = await update.mutateAsync({
        id: provider.id,
        body: {
          api_url: values.api_url,
          enabled: values.enabled,
          reason: values.reason,
          ...(values.api_key === '' ? {} : { api_key: values.api_key }),
        },
      })
      onSaved(saved)
    } catch (error) {
      const field = fieldOf(error, ['api_url', 'api_key'] as const)
      if (field !== undefined && isApiError(error)) {
        form.setError(field, { message: error.fieldMessage ?? error.detail })
      }
    }
  }
  return (
    <Form aria-label={editProviderTitle(provider.name)} onSubmit={form.handleSubmit(submit)}>
      <Stack gap="medium">
        <FormTextField control={form.control} name="api_url" label="API URL" type="url" isRequired />
        <FormTextField
          control={form.control}
          name="api_key"
          label="New API key"
          description={`Leave blank to keep the stored key (${provider.api_key_masked})`}
          type="password"
          autoComplete="off"
        />
        <FormCheckbox control={form.control} name="enabled">
          Enabled (orders are placed with it)
        </FormCheckbox>
        <FormTextField control={form.control} name="reason" label="Reason (optional)" />
        <AdminFormFooter
          failure={
            update.isError && fieldOf(update.error, ['api_url', 'api_key'] as const) === undefined
              ? update.error
              : null
          }
          failureTitle="Failed to save the provider"
          isPending={update.isPending}
          pendingLabel="Saving the provider"
          submitLabel="Save provider"
          onCancel={onCancel}
        />
      </Stack>
    </Form>
  )
}
