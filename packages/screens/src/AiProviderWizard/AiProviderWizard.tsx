import { useState, type ReactNode } from 'react'
import { AI_PROVIDERS, type AiProviderId, type ModelOption } from '@engage/contract'
import { Button, Dialog, Radio, RadioGroup, Stack, Text } from '@engage/ui'
import { ApiKeyStep, ModelStep, providerName } from '../FetchModelsDialog/FetchModelsSteps'
import { stepActions } from '../FetchModelsDialog/FetchModelsDialog.css'
import { providerDescription, providerOption } from './AiProviderWizard.css'

/** What the wizard collects. */
export interface AiProviderChoice {
  provider: AiProviderId
  /** The key as typed ('' for OpenRouter without a key). */
  apiKey: string
  model: ModelOption
}

export interface AiProviderWizardProps {
  /** Whether the wizard is open (controlled). Closing it resets every step. */
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  /** Called when a model is chosen at the last step; the parent saves and then closes the wizard. */
  onComplete: (choice: AiProviderChoice) => void | Promise<void>
  /** The parent is saving the choice. @default false */
  isCompleting?: boolean
  /** Why saving failed, shown under the last step. */
  completeError?: ReactNode
  /** Label of the last step's button. @default 'Create Setting' */
  completeLabel?: string
  /** The wizard's title. @default 'Add AI Provider' */
  title?: string
}

/**
 * The AI provider wizard: provider, API key, model, with Back at each step. The key is checked by
 * fetching the provider's models; closing the wizard forgets everything.
 */
export function AiProviderWizard({
  isOpen,
  onOpenChange,
  onComplete,
  isCompleting = false,
  completeError,
  completeLabel = 'Create Setting',
  title = 'Add AI Provider',
}: AiProviderWizardProps) {
  return (
    <Dialog title={title} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        // The steps' state lives in the dialog's content, which unmounts on close: that is the reset.
        <WizardSteps
          onCancel={close}
          onComplete={onComplete}
          isCompleting={isCompleting}
          completeError={completeError}
          completeLabel={completeLabel}
        />
      )}
    </Dialog>
  )
}

type Step = 'provider' | 'apiKey' | 'model'

function WizardSteps({
  onCancel,
  onComplete,
  isCompleting,
  completeError,
  completeLabel,
}: {
  onCancel: () => void
  onComplete: (choice: AiProviderChoice) => void | Promise<void>
  isCompleting: boolean
  completeError: ReactNode
  completeLabel: string
}) {
  const [step, setStep] = useState<Step>('provider')
  const [provider, setProvider] = useState<AiProviderId | null>(null)
  const [apiKey, setApiKey] = useState('')
  const [models, setModels] = useState<ModelOption[]>([])

  return (
    <Stack gap="medium">
      <Text tone="muted">
        {step === 'provider'
          ? 'Step 1 of 3: choose your AI provider.'
          : step === 'apiKey'
            ? `Step 2 of 3: enter your ${providerName(provider ?? 'deepseek')} API key.`
            : `Step 3 of 3: choose a model from ${providerName(provider ?? 'deepseek')}.`}
      </Text>
      {step === 'provider' || provider === null ? (
        <Stack gap="medium">
          <RadioGroup
            label="Provider"
            value={provider}
            onChange={(value) => {
              const chosen = AI_PROVIDERS.find((entry) => entry.id === value)?.id ?? null
              // A key belongs to one provider.
              if (chosen !== provider) setApiKey('')
              setProvider(chosen)
            }}
          >
            {AI_PROVIDERS.map((entry) => (
              <Radio key={entry.id} value={entry.id}>
                <span className={providerOption}>
                  <span>{entry.name}</span>
                  <span className={providerDescription}>{entry.description}</span>
                </span>
              </Radio>
            ))}
          </RadioGroup>
          <div className={stepActions}>
            <Button tone="secondary" onPress={onCancel}>
              Cancel
            </Button>
            <Button isDisabled={provider === null} onPress={() => setStep('apiKey')}>
              Next
            </Button>
          </div>
        </Stack>
      ) : step === 'apiKey' ? (
        <ApiKeyStep
          provider={provider}
          apiKey={apiKey}
          onApiKeyChange={setApiKey}
          onBack={() => setStep('provider')}
          onModelsFetched={(fetched) => {
            setModels(fetched)
            setStep('model')
          }}
        />
      ) : (
        <Stack gap="medium">
          <ModelStep
            models={models}
            confirmLabel={completeLabel}
            isConfirming={isCompleting}
            onBack={() => setStep('apiKey')}
            onConfirm={(model) => onComplete({ provider, apiKey: apiKey.trim(), model })}
          />
          {completeError}
        </Stack>
      )}
    </Stack>
  )
}
