import { useState } from 'react'
import type { AiSettingValues } from '@engage/contract'
import { useMe } from '@engage/client'
import { AiSettingsDialog } from '../AiSettingsDialog'
import type { AiSettingsChoiceRequest } from '../OrderForm/OrderFormFields'

type PickerState =
  { mode: 'single' } | { mode: 'multiple'; selectedIds: string[]; onApply: (ids: string[]) => void }

/**
 * The AI settings of the order tabs: the one setting a new order carries (the user's first setting until they
 * choose, §4), the picker dialog, and the picker in multiple mode for mass items and subscriptions.
 */
export function useDashboardAiSettings() {
  const me = useMe()
  // undefined: not chosen yet, so the first setting is preselected; null: explicitly none (cleared).
  const [chosenId, setChosenId] = useState<string | null | undefined>(undefined)
  const [picker, setPicker] = useState<PickerState | null>(null)

  const settings = me.data?.aiSettings ?? []
  const selectedId = chosenId === undefined ? (settings[0]?.id ?? null) : chosenId
  const aiSetting: AiSettingValues | null = settings.find((setting) => setting.id === selectedId) ?? null

  const dialog = (
    <AiSettingsDialog
      isOpen={picker !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) setPicker(null)
      }}
      mode={picker?.mode ?? 'single'}
      selectedIds={picker?.mode === 'multiple' ? picker.selectedIds : selectedId === null ? [] : [selectedId]}
      onSelectionChange={(ids) => {
        if (picker?.mode === 'multiple') {
          setPicker({ ...picker, selectedIds: ids })
          picker.onApply(ids)
        } else {
          setChosenId(ids[0] ?? null)
        }
      }}
    />
  )

  return {
    /** The setting sent with an ai_comments or ai_tweets order. */
    aiSetting,
    /** Opens the picker in single mode ('Select one AI setting for this order'). */
    chooseOrderAiSetting: () => setPicker({ mode: 'single' }),
    /** Opens the picker in multiple mode for a mass item or a subscription. */
    chooseAiSettings: (request: AiSettingsChoiceRequest) =>
      setPicker({ mode: 'multiple', selectedIds: [...request.selectedIds], onApply: request.onApply }),
    /** Forgets the choice (the orders page does so when its main tab changes). */
    clearAiSettings: () => setChosenId(null),
    dialog,
  }
}
