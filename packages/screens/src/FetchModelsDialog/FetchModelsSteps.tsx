// The API key and model steps, shared by the fetch-models dialog and the provider wizard.

import { useState } from 'react'
import {
  AI_PROVIDERS,
  API_KEY_REQUIRED,
  FAILED_TO_FETCH_MODELS,
  MODEL_REQUIRED,
  type AiProviderId,
  type ModelOption,
} from '@engage/contract'
import { useFetchModels } from '@engage/client'
import { Button, Form, Select, Stack, Text, TextField, type SelectOption } from '@engage/ui'
import { AiFailureBanner } from '../AiSettingForm/AiFailureBanner'
import { stepActions } from './FetchModelsDialog.css'

export function providerName(provider: AiProviderId): string {
  return AI_PROVIDERS.find((entry) => entry.id === provider)?.name ?? provider
}

export interface ApiKeyStepProps {
  provider: AiProviderId
  apiKey: string
  onApiKeyChange: (apiKey: string) => void
  /** Back to the previous step, or out of the dialog. */
  onBack: () => void
  /** Label of the back button. @default 'Back' */
  backLabel?: string
  /** Called with the provider's models once the key has fetched them. */
  onModelsFetched: (models: ModelOption[]) => void
}

/**
 * The API key, checked by fetching the provider's models: an empty key gives 'Please enter your API key'
 * (OpenRouter's model list is public, so its key may stay empty); a refused key gives 'Failed to fetch models'
 * with the server's reason.
 */
export function ApiKeyStep({
  provider,
  apiKey,
  onApiKeyChange,
  onBack,
  backLabel = 'Back',
  onModelsFetched,
}: ApiKeyStepProps) {
  const fetchModels = useFetchModels()
  const [keyError, setKeyError] = useState<string | null>(null)
  const keyIsOptional = provider === 'openrouter'

  const fetch = async () => {
    const key = apiKey.trim()
    if (key === '' && !keyIsOptional) {
      setKeyError(API_KEY_REQUIRED)
      return
    }
    try {
      const answer = await fetchModels.mutateAsync({ provider, api_key: key })
      onModelsFetched(answer.models)
    } catch {
      // The failure is shown from the mutation's state below.
    }
  }

  return (
    <Form
      aria-label="API key"
      onSubmit={(event) => {
        event.preventDefault()
        // A step may sit inside another form's React tree (through the dialog's portal): keep the submit here.
        event.stopPropagation()
        return fetch()
      }}
    >
      <Stack gap="medium">
        <TextField
          label="API Key"
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(value) => {
            onApiKeyChange(value)
            setKeyError(null)
          }}
          isInvalid={keyError !== null}
          errorMessage={keyError}
          description={
            keyIsOptional
              ? `Optional: ${providerName(provider)} lists its models without a key.`
              : `Your ${providerName(provider)} key. It overrides the operator's default key.`
          }
        />
        {fetchModels.isError ? (
          <AiFailureBanner title={FAILED_TO_FETCH_MODELS} error={fetchModels.error} />
        ) : null}
        <div className={stepActions}>
          <Button tone="secondary" onPress={onBack}>
            {backLabel}
          </Button>
          <Button type="submit" isPending={fetchModels.isPending} pendingLabel="Fetching models">
            Fetch Models
          </Button>
        </div>
      </Stack>
    </Form>
  )
}

function modelLabel(model: ModelOption): string {
  return model.name === '' || model.name === model.id ? model.id : `${model.name} (${model.id})`
}

export interface ModelStepProps {
  models: readonly ModelOption[]
  /** Label of the confirming button. */
  confirmLabel: string
  onBack: () => void
  onConfirm: (model: ModelOption) => void | Promise<void>
  /** The confirm action is running (the wizard saves the new setting). @default false */
  isConfirming?: boolean
}

/** The model choice: 'Please select a model' when confirmed without one. */
export function ModelStep({ models, confirmLabel, onBack, onConfirm, isConfirming = false }: ModelStepProps) {
  const [modelId, setModelId] = useState<string | null>(null)
  const [modelError, setModelError] = useState<string | null>(null)
  const options: SelectOption[] = models.map((model) => ({ id: model.id, label: modelLabel(model) }))

  const confirm = async () => {
    const model = models.find((entry) => entry.id === modelId)
    if (!model) {
      setModelError(MODEL_REQUIRED)
      return
    }
    await onConfirm(model)
  }

  return (
    <Form
      aria-label="Model"
      onSubmit={(event) => {
        event.preventDefault()
        // A step may sit inside another form's React tree (through the dialog's portal): keep the submit here.
        event.stopPropagation()
        return confirm()
      }}
    >
      <Stack gap="medium">
        <Select
          label="Model"
          items={options}
          placeholder={options.length === 0 ? 'No models available' : 'Select a model'}
          isDisabled={options.length === 0}
          value={modelId}
          onChange={(key) => {
            setModelId(String(key))
            setModelError(null)
          }}
          isInvalid={modelError !== null}
          errorMessage={modelError}
        />
        <Text size="small" tone="muted">
          {models.length === 1 ? '1 model available' : `${String(models.length)} models available`}
        </Text>
        <div className={stepActions}>
          <Button tone="secondary" onPress={onBack}>
            Back
          </Button>
          <Button type="submit" isPending={isConfirming}>
            {confirmLabel}
          </Button>
        </div>
      </Stack>
    </Form>
  )
}
