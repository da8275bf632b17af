import { DEFAULT_TIMEZONE, formatDateTime, type AiSettingValues, type Timezone } from '@engage/contract'
import { Button, Link, Table, type TableColumn } from '@engage/ui'
import { modelText, nowrap, rowActions } from './AiSettingsTable.css'

/** House text: the table with no settings. */
export const NO_AI_SETTINGS = 'No AI settings yet. Add one with Add New Settings.'

export interface AiSettingsTableProps {
  settings: readonly AiSettingValues[]
  /** The customer's timezone, which Last Used is shown in. @default 'UTC' */
  timezone?: Timezone
  /** Covers the table with a spinner. @default false */
  isLoading?: boolean
  /** Opens a setting's details (its name is the row's link). */
  onView: (setting: AiSettingValues) => void
  onEdit: (setting: AiSettingValues) => void
  onDelete: (setting: AiSettingValues) => void
}

/**
 * The AI settings table: Name, Model, Temp, Tokens, Last Used and Actions (edit, delete). A setting's
 * name opens its details.
 */
export function AiSettingsTable({
  settings,
  timezone = DEFAULT_TIMEZONE,
  isLoading = false,
  onView,
  onEdit,
  onDelete,
}: AiSettingsTableProps) {
  const columns: readonly TableColumn<AiSettingValues>[] = [
    {
      id: 'name',
      name: 'Name',
      isRowHeader: true,
      render: (setting) => <Link onPress={() => onView(setting)}>{setting.name}</Link>,
    },
    { id: 'model', name: 'Model', render: (setting) => <span className={modelText}>{setting.model}</span> },
    { id: 'temperature', name: 'Temp', align: 'end', render: (setting) => String(setting.temperature) },
    { id: 'maxTokens', name: 'Tokens', align: 'end', render: (setting) => String(setting.maxTokens) },
    {
      id: 'lastUsed',
      name: 'Last Used',
      render: (setting) => <span className={nowrap}>{formatDateTime(setting.lastUsed, timezone)}</span>,
    },
    {
      id: 'actions',
      name: 'Actions',
      align: 'end',
      render: (setting) => (
        <div className={rowActions}>
          <Button
            tone="secondary"
            size="small"
            aria-label={`Edit ${setting.name}`}
            onPress={() => onEdit(setting)}
          >
            Edit
          </Button>
          <Button
            tone="critical"
            size="small"
            aria-label={`Delete ${setting.name}`}
            onPress={() => onDelete(setting)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ]
  return (
    <Table
      aria-label="AI settings"
      columns={columns}
      rows={settings}
      isLoading={isLoading}
      loadingLabel="Loading AI settings"
      emptyState={NO_AI_SETTINGS}
    />
  )
}
