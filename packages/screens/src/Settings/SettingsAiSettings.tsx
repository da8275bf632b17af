import { useState } from 'react'
import {
  createBlankAiSettingForm,
  DELETE_FAILED,
  FAILED_TO_CREATE_SETTING,
  FAILED_TO_SAVE_SETTINGS,
  type AiSettingValues,
} from '@engage/contract'
import { isApiError, useDeleteAiSetting, useMe, useSaveAiSettings } from '@engage/client'
import { AlertDialog, Banner, Button, Dialog, Heading, Icon, Stack } from '@engage/ui'
import { AiSettingForm } from '../AiSettingForm'
import { AiFailureBanner } from '../AiSettingForm/AiFailureBanner'
import { AiSettingsTable } from '../AiSettingsTable'
import { SettingsAiSettingDetails } from './SettingsAiSettingDetails'
import { panelHeader } from './Settings.css'

/** House texts: the results of the settings page's AI actions. */
export const AI_SETTING_CREATED = 'AI setting created'
export const AI_SETTING_UPDATED = 'AI setting saved'
export const AI_SETTING_DELETED = 'AI setting deleted'

type Editing = { kind: 'add'; setting: AiSettingValues } | { kind: 'edit'; setting: AiSettingValues }

function AiSettingEditor({
  editing,
  onCancel,
  onSaved,
}: {
  editing: Editing
  onCancel: () => void
  onSaved: () => void
}) {
  const save = useSaveAiSettings()
  const submit = async (setting: AiSettingValues) => {
    try {
      await save.mutateAsync([setting])
      onSaved()
    } catch {
      // Shown from the mutation's state.
    }
  }
  return (
    <Stack gap="medium">
      {save.isError ? (
        <AiFailureBanner
          title={editing.kind === 'add' ? FAILED_TO_CREATE_SETTING : FAILED_TO_SAVE_SETTINGS}
          error={save.error}
        />
      ) : null}
      <AiSettingForm
        setting={editing.setting}
        aria-label={editing.kind === 'add' ? 'New AI setting' : `Edit ${editing.setting.name}`}
        onSubmit={submit}
        isSubmitting={save.isPending}
        onCancel={onCancel}
      />
    </Stack>
  )
}

/**
 * The AI Settings tab: the table, Add New Settings, a details dialog from a setting's name, the
 * add/edit dialog (with the fetch-models dialog and Generate preview) and delete after a confirmation.
 */
export function SettingsAiSettings() {
  const me = useMe()
  const deleteSetting = useDeleteAiSetting()
  const [viewing, setViewing] = useState<AiSettingValues | null>(null)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<AiSettingValues | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  const settings = me.data?.aiSettings ?? []

  const startEdit = (setting: AiSettingValues) => {
    setViewing(null)
    setNotice(null)
    setEditing({ kind: 'edit', setting })
  }

  const confirmDelete = (setting: AiSettingValues) => {
    setNotice(null)
    deleteSetting.mutate(setting.id, { onSuccess: () => setNotice(AI_SETTING_DELETED) })
  }

  return (
    <Stack gap="medium">
      <div className={panelHeader}>
        <Heading level={2} size="medium">
          AI Settings
        </Heading>
        <Button
          onPress={() => {
            setNotice(null)
            setEditing({
              kind: 'add',
              setting: createBlankAiSettingForm(globalThis.crypto.randomUUID(), new Date()),
            })
          }}
        >
          <Icon name="plus" size="small" />
          Add New Settings
        </Button>
      </div>
      {notice === null ? null : (
        <Banner tone="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Banner>
      )}
      {deleteSetting.isError ? (
        <AiFailureBanner
          title={DELETE_FAILED}
          error={deleteSetting.error}
          onDismiss={() => deleteSetting.reset()}
        />
      ) : null}
      {me.isError ? (
        <Banner tone="error">{isApiError(me.error) ? me.error.detail : String(me.error)}</Banner>
      ) : null}
      <AiSettingsTable
        settings={settings}
        timezone={me.data?.settings.timezone}
        isLoading={me.isPending}
        onView={setViewing}
        onEdit={startEdit}
        onDelete={(setting) => {
          deleteSetting.reset()
          setDeleting(setting)
        }}
      />
      <SettingsAiSettingDetails
        setting={viewing}
        onClose={() => setViewing(null)}
        onEdit={startEdit}
        providersWithPanelKey={me.data?.aiProvidersWithPanelKey ?? []}
      />
      <Dialog
        title={editing?.kind === 'add' ? 'Add New Settings' : 'Edit AI Settings'}
        size="large"
        isOpen={editing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setEditing(null)
        }}
      >
        {editing === null ? null : (
          <AiSettingEditor
            editing={editing}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setNotice(editing.kind === 'add' ? AI_SETTING_CREATED : AI_SETTING_UPDATED)
              setEditing(null)
            }}
          />
        )}
      </Dialog>
      <AlertDialog
        title="Delete AI setting?"
        message={deleting === null ? '' : `"${deleting.name}" will be removed from your AI settings.`}
        confirmLabel="Delete"
        tone="critical"
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDeleting(null)
        }}
        onConfirm={() => {
          if (deleting !== null) confirmDelete(deleting)
        }}
      />
    </Stack>
  )
}
