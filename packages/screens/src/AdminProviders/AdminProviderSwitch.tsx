import type { AdminProvider } from '@engage/contract'
import { useAdminDeleteProvider, useAdminUpdateProvider } from '@engage/client'
import { AlertDialog } from '@engage/ui'
import { AdminErrorBanner } from '../AdminShared'

/** What an operator asked to do with a provider, waiting for the confirmation. */
export type ProviderChange = { kind: 'disable' | 'enable' | 'delete'; provider: AdminProvider }

export const DISABLE_PROVIDER_MESSAGE =
  'No new order is sent to it while it is disabled: orders of its services wait, paused with the reason that their provider is disabled, until it is enabled again. Orders it already has are still followed.'
export const ENABLE_PROVIDER_MESSAGE =
  'Orders of its services are placed with it again; orders paused meanwhile resume when retried.'
export const DELETE_PROVIDER_MESSAGE =
  'Its imported services go with it, and the services mapped to it are left without a provider. A provider with active orders cannot be deleted: disable it instead. This cannot be undone.'

const confirmations = {
  disable: { verb: 'Disable', message: DISABLE_PROVIDER_MESSAGE, tone: 'critical' },
  enable: { verb: 'Enable', message: ENABLE_PROVIDER_MESSAGE, tone: 'primary' },
  delete: { verb: 'Delete', message: DELETE_PROVIDER_MESSAGE, tone: 'critical' },
} as const

/** 'Disable SMM Central?' */
export function providerChangeTitle(change: ProviderChange): string {
  return `${confirmations[change.kind].verb} ${change.provider.name}?`
}

export interface ProviderSwitchProps {
  /** The change to confirm; null closes the confirmation. */
  change: ProviderChange | null
  onClose: () => void
  /** After the server took the change: what to tell the operator. */
  onDone: (notice: string, change: ProviderChange) => void
}

/**
 * Asks before disabling, enabling or deleting a provider, then sends it; a refusal (a provider with active
 * orders cannot be deleted, and the server names them) stays on screen until dismissed.
 */
export function ProviderSwitch({ change, onClose, onDone }: ProviderSwitchProps) {
  const update = useAdminUpdateProvider()
  const remove = useAdminDeleteProvider()
  const failure = update.error ?? remove.error

  const confirm = async (target: ProviderChange) => {
    update.reset()
    remove.reset()
    const { provider } = target
    try {
      if (target.kind === 'delete') {
        onDone((await remove.mutateAsync({ id: provider.id })).message, target)
      } else {
        const enabled = target.kind === 'enable'
        await update.mutateAsync({ id: provider.id, body: { enabled } })
        onDone(`${provider.name} ${enabled ? 'enabled' : 'disabled'}`, target)
      }
    } catch {
      // Shown from the mutations' state.
    }
  }

  return (
    <>
      {failure ? (
        <AdminErrorBanner
          title={remove.error ? 'Failed to delete the provider' : 'Failed to change the provider'}
          error={failure}
          onDismiss={() => {
            update.reset()
            remove.reset()
          }}
        />
      ) : null}
      <AlertDialog
        title={change ? providerChangeTitle(change) : ''}
        message={change ? confirmations[change.kind].message : ''}
        confirmLabel={change ? confirmations[change.kind].verb : 'Confirm'}
        tone={change ? confirmations[change.kind].tone : 'primary'}
        isOpen={change !== null}
        onOpenChange={(open) => {
          if (!open) onClose()
        }}
        onConfirm={() => {
          if (change !== null) void confirm(change)
        }}
      />
    </>
  )
}
