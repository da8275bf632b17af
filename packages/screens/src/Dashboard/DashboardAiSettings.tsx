import { Suspense, useEffect, useState } from 'react'
import type { AiSettingValues } from '@engage/contract'
import { useMe } from '@engage/client'
import { Spinner } from '@engage/ui'
import type { AiSettingsChoiceRequest } from '../OrderForm/OrderFormFields'
import { pickerLoading } from './Dashboard.css'
import { lazyPart, whenIdle } from './lazyPart'

// The picker (with the settings form, the provider wizard and the fetch-models dialog) is not part of the
// page's first load: its code is fetched once the page is idle, and is ready long before a first click.
const AiSettingsDialog = lazyPart(() =>
  import('../AiSettingsDialog').then((module) => module.AiSettingsDialog),
)

/** Fetches the picker's code ahead of its first use. */
export const preloadAiSettingsDialog = AiSettingsDialog.preload

type PickerState =
  { mode: 'single' } | { mode: 'multiple'; selectedIds: string[]; onApply: (ids: string[]) => void }

/**
 * The AI settings of the order tabs: the one setting a new order carries (the user's first setting until they
 * choose), the picker dialog, and the picker in multiple mode for mass items and subscriptions.
 */
export function useDashboardAiSettings() {
  const me = useMe()
  // undefined: not chosen yet, so the first setting is preselected; null: explicitly none (cleared).
  const [chosenId, setChosenId] = useState<string | null | undefined>(undefined)
  const [picker, setPicker] = useState<PickerState | null>(null)
  // The picker is rendered from its first opening on (then it keeps its closing animation).
  const [wasOpened, setWasOpened] = useState(false)
  const openPicker = (state: PickerState) => {
    setWasOpened(true)
    setPicker(state)
  }

  useEffect(() => whenIdle(() => void preloadAiSettingsDialog()), [])

  const settings = me.data?.aiSettings ?? []
  const selectedId = chosenId === undefined ? (settings[0]?.id ?? null) : chosenId
  const aiSetting: AiSettingValues | null = settings.find((setting) => setting.id === selectedId) ?? null

  const closePicker = (isOpen: boolean) => {
    if (!isOpen) setPicker(null)
  }
  const dialog = wasOpened ? (
    <Suspense
      fallback={
        // Only when the picker is opened before its code has arrived.
        picker === null ? null : (
          <div className={pickerLoading}>
            <Spinner size="large" label="Loading AI settings" />
          </div>
        )
      }
    >
      <AiSettingsDialog
        isOpen={picker !== null}
        onOpenChange={closePicker}
        mode={picker?.mode ?? 'single'}
        selectedIds={
          picker?.mode === 'multiple' ? picker.selectedIds : selectedId === null ? [] : [selectedId]
        }
        onSelectionChange={(ids) => {
          if (picker?.mode === 'multiple') {
            setPicker({ ...picker, selectedIds: ids })
            picker.onApply(ids)
          } else {
            setChosenId(ids[0] ?? null)
          }
        }}
      />
    </Suspense>
  ) : null

  return {
    /** The setting sent with an ai_comments or ai_tweets order. */
    aiSetting,
    /** Opens the picker in single mode ('Select one AI setting for this order'). */
    chooseOrderAiSetting: () => openPicker({ mode: 'single' }),
    /** Opens the picker in multiple mode for a mass item or a subscription. */
    chooseAiSettings: (request: AiSettingsChoiceRequest) =>
      openPicker({ mode: 'multiple', selectedIds: [...request.selectedIds], onApply: request.onApply }),
    /** Forgets the choice (the orders page does so when its main tab changes). */
    clearAiSettings: () => setChosenId(null),
    dialog,
  }
}
