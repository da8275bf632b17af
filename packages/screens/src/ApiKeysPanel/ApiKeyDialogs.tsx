import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { CreateApiKeyRequest, type CreateApiKeyResponse } from '@engage/contract'
import { isApiError, useCreateApiKey } from '@engage/client'
import { Banner, Button, Dialog, Form, FormTextField, Spinner, Stack, Text } from '@engage/ui'
import { CopyButton } from './CopyButton'
import { dialogActions, revealedKey } from './ApiKeysPanel.css'

export const CREATE_API_KEY_TITLE = 'Create API key'
export const KEY_NAME_LABEL = 'Key name'
export const FAILED_TO_CREATE_API_KEY = 'Failed to create the API key'
export const NEW_API_KEY_TITLE = 'Your new API key'
export const KEY_SHOWN_ONCE_TITLE = 'Copy this key now'
export const KEY_SHOWN_ONCE_MESSAGE =
  'It is shown only this once: the panel keeps only a fingerprint of it and cannot show it again. ' +
  'Store it like a password. If you lose it, revoke it and create a new one.'
export const KEY_COPIED_DONE = 'I have copied the key'

type CreateKeyInput = { name: string }

export interface CreateApiKeyDialogProps {
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  /** Called with the new key (whole, this once) after the server created it. */
  onCreated: (created: CreateApiKeyResponse) => void
}

/** Asks for a name and creates a key; the name is required (the contract's rule and message). */
export function CreateApiKeyDialog({ isOpen, onOpenChange, onCreated }: CreateApiKeyDialogProps) {
  return (
    <Dialog title={CREATE_API_KEY_TITLE} size="small" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        // The form lives in the dialog's content, so it starts blank at each opening.
        <CreateApiKeyForm
          onCancel={close}
          onCreated={(created) => {
            close()
            onCreated(created)
          }}
        />
      )}
    </Dialog>
  )
}

function CreateApiKeyForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void
  onCreated: (created: CreateApiKeyResponse) => void
}) {
  const create = useCreateApiKey()
  const form = useForm<CreateKeyInput>({
    resolver: zodResolver(CreateApiKeyRequest),
    defaultValues: { name: '' },
  })

  const submit = async (values: CreateKeyInput) => {
    try {
      onCreated(await create.mutateAsync(values))
    } catch (error) {
      if (isApiError(error) && error.field === 'name' && error.fieldMessage) {
        form.setError('name', { message: error.fieldMessage })
      }
    }
  }

  const failure = create.isError && !(isApiError(create.error) && create.error.field === 'name')
  return (
    <Form aria-label={CREATE_API_KEY_TITLE} onSubmit={form.handleSubmit(submit)}>
      <Stack gap="medium">
        <FormTextField
          control={form.control}
          name="name"
          label={KEY_NAME_LABEL}
          description="To tell your keys apart, e.g. the script or reseller panel that will use it."
          isRequired
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's only field: typing starts at once
          autoFocus
        />
        {failure ? (
          <Banner tone="error" title={FAILED_TO_CREATE_API_KEY}>
            {isApiError(create.error) ? create.error.detail : String(create.error)}
          </Banner>
        ) : null}
        <div className={dialogActions}>
          <Button tone="secondary" onPress={onCancel}>
            Cancel
          </Button>
          {/* Not isPending: its announcement would name this button after the dialog closed and removed it. */}
          {create.isPending ? <Spinner size="small" label="Creating the key" /> : null}
          <Button type="submit" isDisabled={create.isPending}>
            Create key
          </Button>
        </div>
      </Stack>
    </Form>
  )
}

export interface RevealApiKeyDialogProps {
  /** The key just created; null closes the dialog (and the key is gone from the page). */
  created: CreateApiKeyResponse | null
  onClose: () => void
  copyText: (text: string) => Promise<void>
}

/**
 * Shows a new key whole, the one time it exists outside the server, with a copy button and the warning that
 * it cannot be shown again. It closes only through its button, so the warning is not skipped by a stray click.
 */
export function RevealApiKeyDialog({ created, onClose, copyText }: RevealApiKeyDialogProps) {
  return (
    <Dialog
      title={NEW_API_KEY_TITLE}
      isOpen={created !== null}
      isDismissable={false}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      {(close) =>
        created === null ? null : (
          <Stack gap="medium">
            <Banner tone="info" title={KEY_SHOWN_ONCE_TITLE}>
              {KEY_SHOWN_ONCE_MESSAGE}
            </Banner>
            <Stack gap="xsmall">
              <Text weight="medium">API key “{created.name}”</Text>
              <code className={revealedKey}>{created.key}</code>
            </Stack>
            <div className={dialogActions}>
              <CopyButton text={created.key} copyText={copyText} label="Copy key" />
              <Button onPress={close}>{KEY_COPIED_DONE}</Button>
            </div>
          </Stack>
        )
      }
    </Dialog>
  )
}
