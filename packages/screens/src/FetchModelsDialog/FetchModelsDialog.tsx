import { useState } from 'react'
import type { AiProviderId, ModelOption } from '@engage/contract'
import { Dialog, Text } from '@engage/ui'
import { ApiKeyStep, ModelStep, providerName } from './FetchModelsSteps'

/** What the fetch-models dialog hands back: the chosen model and the key that listed it. */
export interface FetchedModelChoice {
  model: ModelOption
  /** The key as typed ('' when the provider needs none). */
  apiKey: string
}

export interface FetchModelsDialogProps {
  /** Whether the dialog is open (controlled). */
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  /** Whose models to list. */
  provider: AiProviderId
  /** Called with the chosen model; the dialog then closes. */
  onSelect: (choice: FetchedModelChoice) => void
}

/**
 * The AI model dialog: enter an API key, then choose one of the models it lists; Back returns to the
 * key. Closing resets it: the next opening starts again from an empty key.
 */
export function FetchModelsDialog({ isOpen, onOpenChange, provider, onSelect }: FetchModelsDialogProps) {
  return (
    <Dialog title="Fetch Models" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        // The steps live inside the dialog's content, which unmounts on close: that is the reset.
        <FetchModelsSteps
          provider={provider}
          onCancel={close}
          onSelect={(choice) => {
            onSelect(choice)
            close()
          }}
        />
      )}
    </Dialog>
  )
}

function FetchModelsSteps({
  provider,
  onCancel,
  onSelect,
}: {
  provider: AiProviderId
  onCancel: () => void
  onSelect: (choice: FetchedModelChoice) => void
}) {
  const [apiKey, setApiKey] = useState('')
  const [models, setModels] = useState<ModelOption[] | null>(null)
  return (
    <>
      <Text tone="muted">
        {models === null
          ? `Step 1 of 2: enter your ${providerName(provider)} API key.`
          : `Step 2 of 2: choose a model from ${providerName(provider)}.`}
      </Text>
      {models === null ? (
        <ApiKeyStep
          provider={provider}
          apiKey={apiKey}
          onApiKeyChange={setApiKey}
          onBack={onCancel}
          backLabel="Cancel"
          onModelsFetched={setModels}
        />
      ) : (
        <ModelStep
          models={models}
          confirmLabel="Use Model"
          onBack={() => setModels(null)}
          onConfirm={(model) => onSelect({ model, apiKey: apiKey.trim() })}
        />
      )}
    </>
  )
}
