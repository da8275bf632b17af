import { aiSettingCanRun, NO_SAVED_AI_KEY, noAiKeyToLend, type AiSettingValues } from '@engage/contract'
import { Button, Dialog, Stack } from '@engage/ui'
import { useCustomerDates } from '../CustomerDates'
import { providerName } from '../FetchModelsDialog/FetchModelsSteps'
import { detailList, detailTerm, detailValue, dialogActions } from './Settings.css'

export interface SettingsAiSettingDetailsProps {
  /** The setting shown; null keeps the dialog closed. */
  setting: AiSettingValues | null
  onClose: () => void
  onEdit: (setting: AiSettingValues) => void
  /** The AI providers the panel lends its own key for (from the current-user data). */
  providersWithPanelKey: readonly string[]
}

/** The details dialog of an AI setting (every field; the key masked, or word that none is saved). */
export function SettingsAiSettingDetails({
  setting,
  onClose,
  onEdit,
  providersWithPanelKey,
}: SettingsAiSettingDetailsProps) {
  const dates = useCustomerDates()
  return (
    <Dialog
      title={setting?.name ?? 'AI setting'}
      size="large"
      isOpen={setting !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose()
      }}
    >
      {setting === null ? null : (
        <Stack gap="large">
          <dl className={detailList}>
            <dt className={detailTerm}>Provider</dt>
            <dd className={detailValue}>{providerName(setting.provider)}</dd>
            <dt className={detailTerm}>Model</dt>
            <dd className={detailValue}>{setting.model}</dd>
            <dt className={detailTerm}>Temperature</dt>
            <dd className={detailValue}>{String(setting.temperature)}</dd>
            <dt className={detailTerm}>Max Tokens</dt>
            <dd className={detailValue}>{String(setting.maxTokens)}</dd>
            <dt className={detailTerm}>Top P</dt>
            <dd className={detailValue}>{String(setting.topP)}</dd>
            <dt className={detailTerm}>Frequency Penalty</dt>
            <dd className={detailValue}>{String(setting.frequencyPenalty)}</dd>
            <dt className={detailTerm}>Presence Penalty</dt>
            <dd className={detailValue}>{String(setting.presencePenalty)}</dd>
            <dt className={detailTerm}>Last Used</dt>
            <dd className={detailValue}>{dates.dateTime(setting.lastUsed)}</dd>
            <dt className={detailTerm}>System Prompt</dt>
            <dd className={detailValue}>{setting.systemPrompt === '' ? 'None' : setting.systemPrompt}</dd>
            <dt className={detailTerm}>User Prompt</dt>
            <dd className={detailValue}>{setting.userPrompt === '' ? 'None' : setting.userPrompt}</dd>
            <dt className={detailTerm}>API Key</dt>
            <dd className={detailValue}>
              {setting.apiKey !== ''
                ? setting.apiKey
                : aiSettingCanRun(setting, providersWithPanelKey)
                  ? NO_SAVED_AI_KEY
                  : noAiKeyToLend(providerName(setting.provider))}
            </dd>
          </dl>
          <div className={dialogActions}>
            <Button tone="secondary" onPress={onClose}>
              Close
            </Button>
            <Button onPress={() => onEdit(setting)}>Edit</Button>
          </div>
        </Stack>
      )}
    </Dialog>
  )
}
