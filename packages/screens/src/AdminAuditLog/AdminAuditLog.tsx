import { useId, useState } from 'react'
import { AUDIT_ACTIONS, type AuditEntry } from '@engage/contract'
import { useAdminAuditLog, type AdminAuditFilters } from '@engage/client'
import { Select, Stack, Text, TextField, type TableColumn } from '@engage/ui'
import {
  AdminDetails,
  AdminFilterForm,
  AdminPagedTable,
  AdminSectionHeader,
  formatDateTime,
  formatJson,
  humanise,
  useCursorPages,
} from '../AdminShared'

export const AUDIT_TITLE = 'Audit log'
export const NO_AUDIT_ENTRIES = 'No operator actions recorded yet.'
const ANY_ACTION = 'any'

const columns: readonly TableColumn<AuditEntry>[] = [
  { id: 'when', name: 'When', render: (entry) => formatDateTime(entry.created_at) },
  {
    id: 'who',
    name: 'Who',
    render: (entry) => (
      <Stack gap="xxsmall">
        <span>{entry.actor_email}</span>
        <Text size="small" tone="muted">
          {humanise(entry.actor_role)}
        </Text>
      </Stack>
    ),
  },
  { id: 'what', name: 'What', isRowHeader: true, render: (entry) => entry.action },
  { id: 'target', name: 'Target', render: (entry) => entry.target },
  { id: 'reason', name: 'Reason', render: (entry) => entry.reason ?? '—' },
]

/** Every operator action: who, what, on what, before and after (expand a row), why and when. */
export function AdminAuditLog() {
  const headingId = useId()
  const [draft, setDraft] = useState({ action: ANY_ACTION, target: '', actor: '' })
  const [filters, setFilters] = useState<AdminAuditFilters>({})
  const pages = useCursorPages()
  const audit = useAdminAuditLog(filters, pages.cursor)

  return (
    <Stack as="section" gap="medium" aria-labelledby={headingId}>
      <AdminSectionHeader
        headingId={headingId}
        title={AUDIT_TITLE}
        description="Who did what, the record before and after, and when. Expand a row for the details."
      />
      <AdminFilterForm
        label="Filter the audit log"
        onApply={() => {
          pages.reset()
          setFilters({
            action: draft.action === ANY_ACTION ? undefined : draft.action,
            target: draft.target.trim() || undefined,
            actor: draft.actor.trim() || undefined,
          })
        }}
      >
        <Select
          label="Action"
          value={draft.action}
          onChange={(key) => setDraft((current) => ({ ...current, action: String(key) }))}
          items={[
            { id: ANY_ACTION, label: 'Any action' },
            ...AUDIT_ACTIONS.map((action) => ({ id: action, label: action })),
          ]}
        />
        <TextField
          label="Target"
          description="e.g. order:42, or order for every order"
          value={draft.target}
          onChange={(target) => setDraft((current) => ({ ...current, target }))}
        />
        <TextField
          label="Operator id"
          value={draft.actor}
          onChange={(actor) => setDraft((current) => ({ ...current, actor }))}
        />
      </AdminFilterForm>
      <AdminPagedTable
        errorTitle="Failed to load the audit log"
        query={audit}
        pages={pages}
        pagesLabel="Audit log pages"
        aria-label={AUDIT_TITLE}
        columns={columns}
        rows={audit.data?.entries ?? []}
        loadingLabel="Loading the audit log"
        emptyState={NO_AUDIT_ENTRIES}
        detailsLabel="Before and after"
        renderDetails={(entry) => (
          <AdminDetails
            items={[
              { term: 'Before', value: <Text size="small">{formatJson(entry.before)}</Text> },
              { term: 'After', value: <Text size="small">{formatJson(entry.after)}</Text> },
            ]}
          />
        )}
      />
    </Stack>
  )
}
