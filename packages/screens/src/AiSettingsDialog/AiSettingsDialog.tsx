import { useState, type ReactNode } from 'react'
import {
  FieldErrorContext,
  LabelContext,
  Provider,
  RadioGroupStateContext,
  TextContext,
} from 'react-aria-components'
import {
  aiSettingCannotRun,
  aiSettingCanRun,
  createNewAiSetting,
  FAILED_TO_CREATE_SETTING,
  FAILED_TO_SAVE_SETTINGS,
  SELECT_ONE_AI_SETTING,
  type AiSettingValues,
} from '@engage/contract'
import { isApiError, useMe, useSaveAiSettings } from '@engage/client'
import { Banner, Button, Checkbox, Dialog, Link, Radio, RadioGroup, Spinner, Stack, Text } from '@engage/ui'
import { AiProviderWizard, type AiProviderChoice } from '../AiProviderWizard'
import { AiSettingForm } from '../AiSettingForm'
import { AiFailureBanner } from '../AiSettingForm/AiFailureBanner'
import { providerName } from '../FetchModelsDialog/FetchModelsSteps'
import {
  dialogFooter,
  footerActions,
  settingCannotRun,
  settingDetails,
  settingEntry,
  settingList,
  settingSummary,
} from './AiSettingsDialog.css'

export const aiSettingsSelectionModes = ['single', 'multiple'] as const
export type AiSettingsSelectionMode = (typeof aiSettingsSelectionModes)[number]

/** The dialog's title in multiple mode (the spec quotes only the single-mode title). */
export const SELECT_AI_SETTINGS = 'Select AI settings for this order'
/** Shown after Save Settings stored the inline edits. */
export const AI_SETTINGS_SAVED = 'AI settings saved'

export interface AiSettingsDialogProps {
  /** Whether the dialog is open (controlled). */
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  /** One setting at a time (radio buttons), or any number (toggles). @default 'single' */
  mode?: AiSettingsSelectionMode
  /** The ids chosen so far. */
  selectedIds: readonly string[]
  /** Called at each change of the choice, with every chosen id (one at most in single mode). */
  onSelectionChange: (ids: string[]) => void
  /** Where the settings page is, for the link that manages configurations there. @default '/settings' */
  settingsHref?: string
}

/**
 * The AI-settings picker of the order flow: the user's settings from the current-user call, chosen
 * one at a time (single mode, 'Select one AI setting for this order') or toggled (multiple mode). Existing
 * entries are edited inline and saved together with Save Settings; a new entry is made with the provider
 * wizard and saved at once (then chosen). A link leads to the settings page to manage configurations.
 */
export function AiSettingsDialog({
  isOpen,
  onOpenChange,
  mode = 'single',
  selectedIds,
  onSelectionChange,
  settingsHref = '/settings',
}: AiSettingsDialogProps) {
  return (
    <Dialog
      title={mode === 'single' ? SELECT_ONE_AI_SETTING : SELECT_AI_SETTINGS}
      size="large"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      {(close) => (
        // Unsaved inline edits live in the content, which unmounts on close.
        <AiSettingsPicker
          mode={mode}
          selectedIds={selectedIds}
          onSelectionChange={onSelectionChange}
          settingsHref={settingsHref}
          onDone={close}
        />
      )}
    </Dialog>
  )
}

/**
 * An entry's editor sits beside its radio button, so inside the radio group, but is no part of it: the group's
 * arrow keys must not move the choice while the caret moves in a field (React key events also bubble out of the
 * fetch-models dialog's portal), and the group's label and message slots must not reach the editor's texts.
 */
function InlineEditor({ children }: { children: ReactNode }) {
  return (
    <Provider
      values={[
        [RadioGroupStateContext, null],
        [LabelContext, null],
        [TextContext, null],
        [FieldErrorContext, null],
      ]}
    >
      {/* Only stops key events from reaching the group; the form inside handles the keyboard itself. */}
      <div role="presentation" onKeyDown={(event) => event.stopPropagation()}>
        {children}
      </div>
    </Provider>
  )
}

function AiSettingsPicker({
  mode,
  selectedIds,
  onSelectionChange,
  settingsHref,
  onDone,
}: {
  mode: AiSettingsSelectionMode
  selectedIds: readonly string[]
  onSelectionChange: (ids: string[]) => void
  settingsHref: string
  onDone: () => void
}) {
  const me = useMe()
  const save = useSaveAiSettings()
  const create = useSaveAiSettings()
  const [expandedIds, setExpandedIds] = useState<ReadonlySet<string>>(new Set())
  // Edited entries by id: the edited setting, or null while one of its fields is invalid.
  const [drafts, setDrafts] = useState<ReadonlyMap<string, AiSettingValues | null>>(new Map())
  const [isWizardOpen, setWizardOpen] = useState(false)
  const [savedMessage, setSavedMessage] = useState<string | null>(null)

  const settings = me.data?.aiSettings ?? []
  const providersWithPanelKey = me.data?.aiProvidersWithPanelKey ?? []
  const edited = [...drafts.values()]
  const canSave = edited.length > 0 && edited.every((draft) => draft !== null)

  const toggleEditor = (id: string) =>
    setExpandedIds((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  const saveSettings = async () => {
    const changed = edited.filter((draft): draft is AiSettingValues => draft !== null)
    setSavedMessage(null)
    try {
      await save.mutateAsync(changed)
      setDrafts(new Map())
      setExpandedIds(new Set())
      setSavedMessage(AI_SETTINGS_SAVED)
    } catch {
      // Shown from the mutation's state.
    }
  }

  const createSetting = async (choice: AiProviderChoice) => {
    const setting: AiSettingValues = {
      ...createNewAiSetting(globalThis.crypto.randomUUID(), new Date()),
      provider: choice.provider,
      model: choice.model.id,
      apiKey: choice.apiKey,
    }
    try {
      await create.mutateAsync([setting])
      setWizardOpen(false)
      onSelectionChange(mode === 'single' ? [setting.id] : [...selectedIds, setting.id])
    } catch {
      // Shown in the wizard from the mutation's state.
    }
  }

  const entry = (setting: AiSettingValues, selector: ReactNode) => {
    const isEditing = expandedIds.has(setting.id)
    return (
      <li key={setting.id} className={settingEntry}>
        <div className={settingSummary}>
          {selector}
          <Button
            tone="ghost"
            size="small"
            aria-expanded={isEditing}
            aria-label={`Edit ${setting.name}`}
            onPress={() => toggleEditor(setting.id)}
          >
            {isEditing ? 'Close editor' : 'Edit'}
          </Button>
        </div>
        {isEditing ? (
          <InlineEditor>
            <AiSettingForm
              setting={setting}
              aria-label={`Edit ${setting.name}`}
              onValuesChange={(draft) => setDrafts((current) => new Map(current).set(setting.id, draft))}
            />
          </InlineEditor>
        ) : null}
      </li>
    )
  }

  const label = (setting: AiSettingValues) => (
    <>
      {setting.name}
      <span className={settingDetails}>
        {setting.model} · {providerName(setting.provider)} · temperature {String(setting.temperature)}
      </span>
      {/* Part of the option's name, so a screen reader hears it with the choice. */}
      {aiSettingCanRun(setting, providersWithPanelKey) ? null : (
        <span className={settingCannotRun}>{aiSettingCannotRun(providerName(setting.provider))}</span>
      )}
    </>
  )

  let list: ReactNode
  if (me.isPending) {
    list = <Spinner label="Loading AI settings" />
  } else if (me.isError) {
    list = <Banner tone="error">{isApiError(me.error) ? me.error.detail : String(me.error)}</Banner>
  } else if (settings.length === 0) {
    list = <Text tone="muted">No AI settings yet. Add one with Add New.</Text>
  } else if (mode === 'single') {
    list = (
      <RadioGroup
        label="AI settings"
        value={selectedIds[0] ?? null}
        onChange={(id) => onSelectionChange([id])}
      >
        <ul className={settingList}>
          {settings.map((setting) => entry(setting, <Radio value={setting.id}>{label(setting)}</Radio>))}
        </ul>
      </RadioGroup>
    )
  } else {
    list = (
      <div role="group" aria-label="AI settings">
        <ul className={settingList}>
          {settings.map((setting) =>
            entry(
              setting,
              <Checkbox
                isSelected={selectedIds.includes(setting.id)}
                onChange={(isSelected) =>
                  onSelectionChange(
                    isSelected ? [...selectedIds, setting.id] : selectedIds.filter((id) => id !== setting.id),
                  )
                }
              >
                {label(setting)}
              </Checkbox>,
            ),
          )}
        </ul>
      </div>
    )
  }

  return (
    <Stack gap="medium">
      {savedMessage ? (
        <Banner tone="success" onDismiss={() => setSavedMessage(null)}>
          {savedMessage}
        </Banner>
      ) : null}
      {save.isError ? <AiFailureBanner title={FAILED_TO_SAVE_SETTINGS} error={save.error} /> : null}
      {list}
      <div className={dialogFooter}>
        <Link href={settingsHref} variant="standalone">
          Manage AI settings
        </Link>
        <div className={footerActions}>
          <Button tone="secondary" onPress={() => setWizardOpen(true)}>
            Add New
          </Button>
          <Button
            tone="secondary"
            isDisabled={!canSave}
            isPending={save.isPending}
            onPress={() => void saveSettings()}
          >
            Save Settings
          </Button>
          <Button onPress={onDone}>Done</Button>
        </div>
      </div>
      <AiProviderWizard
        isOpen={isWizardOpen}
        onOpenChange={(open) => {
          setWizardOpen(open)
          if (!open) create.reset()
        }}
        onComplete={createSetting}
        isCompleting={create.isPending}
        completeError={
          create.isError ? <AiFailureBanner title={FAILED_TO_CREATE_SETTING} error={create.error} /> : null
        }
      />
    </Stack>
  )
}
