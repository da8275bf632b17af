import { useId, useState } from 'react'
import type { AdminContactMethod, AdminUpdateResponse } from '@engage/contract'
import {
  useAdminContactMethods,
  useAdminDeleteContactMethod,
  useAdminDeleteUpdate,
  useAdminUpdates,
} from '@engage/client'
import {
  AlertDialog,
  Banner,
  Button,
  Heading,
  Icon,
  Link,
  Stack,
  Table,
  Text,
  type TableColumn,
} from '@engage/ui'
import { AdminErrorBanner, AdminSectionHeader, formatDateTime, useOperator } from '../AdminShared'
import { ContactMethodDialog, UpdateDialog } from './AdminContentDialogs'

export const CONTENT_TITLE = 'Updates and contact'
export const NO_UPDATES = 'No updates. Customers see an empty Updates tab.'
export const NO_CONTACT_METHODS = 'No contact methods. Customers see an empty Contact Us tab.'

type ToDelete =
  { kind: 'update'; item: AdminUpdateResponse } | { kind: 'contact'; item: AdminContactMethod } | null

function linkCell(url: string | null) {
  return url === null ? (
    <Text tone="muted">—</Text>
  ) : (
    <Link href={url} target="_blank" rel="noreferrer">
      {url}
    </Link>
  )
}

/** What customers see on the dashboard's Updates and Contact Us tabs: create, edit and delete entries. */
export function AdminContent() {
  const headingId = useId()
  const updates = useAdminUpdates()
  const contacts = useAdminContactMethods()
  const deleteUpdate = useAdminDeleteUpdate()
  const deleteContact = useAdminDeleteContactMethod()
  const { can } = useOperator()
  const [editingUpdate, setEditingUpdate] = useState<AdminUpdateResponse | 'new' | null>(null)
  const [editingContact, setEditingContact] = useState<AdminContactMethod | 'new' | null>(null)
  const [toDelete, setToDelete] = useState<ToDelete>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const deleteError = deleteUpdate.error ?? deleteContact.error

  const confirmDelete = async (target: NonNullable<ToDelete>) => {
    setNotice(null)
    try {
      if (target.kind === 'update') await deleteUpdate.mutateAsync({ id: target.item.id })
      else await deleteContact.mutateAsync({ id: target.item.id })
      setNotice(`“${target.item.title}” deleted`)
    } catch {
      // Shown from the mutations' state.
    }
  }

  const updateColumns: TableColumn<AdminUpdateResponse>[] = [
    {
      id: 'title',
      name: 'Title',
      isRowHeader: true,
      render: (update) => (
        <Stack gap="xxsmall">
          <Text weight="medium">{update.title}</Text>
          <Text size="small" tone="muted">
            {update.text}
          </Text>
        </Stack>
      ),
    },
    { id: 'date', name: 'Date', render: (update) => formatDateTime(update.date) },
    { id: 'url', name: 'Link', render: (update) => linkCell(update.url) },
  ]
  const contactColumns: TableColumn<AdminContactMethod>[] = [
    { id: 'order', name: 'Order', align: 'end', render: (contact) => String(contact.sort_order) },
    {
      id: 'title',
      name: 'Title',
      isRowHeader: true,
      render: (contact) => (
        <Stack gap="xxsmall">
          <Text weight="medium">{contact.title}</Text>
          <Text size="small" tone="muted">
            {[contact.value, contact.text].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      ),
    },
    { id: 'url', name: 'Link', render: (contact) => linkCell(contact.url) },
  ]
  if (can('adminEditUpdate')) {
    updateColumns.push({
      id: 'actions',
      name: 'Actions',
      align: 'end',
      render: (update) => (
        <Stack direction="row" gap="xsmall" justifyContent="flex-end">
          <Button
            tone="secondary"
            size="small"
            aria-label={`Edit ${update.title}`}
            onPress={() => setEditingUpdate(update)}
          >
            Edit
          </Button>
          <Button
            tone="critical"
            size="small"
            aria-label={`Delete ${update.title}`}
            onPress={() => setToDelete({ kind: 'update', item: update })}
          >
            Delete
          </Button>
        </Stack>
      ),
    })
  }
  if (can('adminEditContactMethod')) {
    contactColumns.push({
      id: 'actions',
      name: 'Actions',
      align: 'end',
      render: (contact) => (
        <Stack direction="row" gap="xsmall" justifyContent="flex-end">
          <Button
            tone="secondary"
            size="small"
            aria-label={`Edit ${contact.title}`}
            onPress={() => setEditingContact(contact)}
          >
            Edit
          </Button>
          <Button
            tone="critical"
            size="small"
            aria-label={`Delete ${contact.title}`}
            onPress={() => setToDelete({ kind: 'contact', item: contact })}
          >
            Delete
          </Button>
        </Stack>
      ),
    })
  }

  return (
    <Stack as="section" gap="large" aria-labelledby={headingId}>
      <AdminSectionHeader
        headingId={headingId}
        title={CONTENT_TITLE}
        description="The entries of the customers' Updates and Contact Us tabs."
      />
      {notice ? (
        <Banner tone="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Banner>
      ) : null}
      {deleteError ? (
        <AdminErrorBanner
          title="Failed to delete"
          error={deleteError}
          onDismiss={() => {
            deleteUpdate.reset()
            deleteContact.reset()
          }}
        />
      ) : null}

      <Stack gap="small">
        <Stack direction="row" justifyContent="space-between" alignItems="center" gap="small" wrap>
          <Heading level={3}>Updates</Heading>
          {can('adminCreateUpdate') ? (
            <Button tone="secondary" onPress={() => setEditingUpdate('new')}>
              <Icon name="plus" size="small" />
              Add update
            </Button>
          ) : null}
        </Stack>
        {updates.isError ? (
          <AdminErrorBanner
            title="Failed to load the updates"
            error={updates.error}
            onRetry={() => void updates.refetch()}
          />
        ) : (
          <Table
            aria-label="Updates"
            columns={updateColumns}
            rows={updates.data?.updates ?? []}
            isLoading={updates.isPending}
            loadingLabel="Loading updates"
            emptyState={NO_UPDATES}
          />
        )}
      </Stack>

      <Stack gap="small">
        <Stack direction="row" justifyContent="space-between" alignItems="center" gap="small" wrap>
          <Heading level={3}>Contact methods</Heading>
          {can('adminCreateContactMethod') ? (
            <Button tone="secondary" onPress={() => setEditingContact('new')}>
              <Icon name="plus" size="small" />
              Add contact method
            </Button>
          ) : null}
        </Stack>
        {contacts.isError ? (
          <AdminErrorBanner
            title="Failed to load the contact methods"
            error={contacts.error}
            onRetry={() => void contacts.refetch()}
          />
        ) : (
          <Table
            aria-label="Contact methods"
            columns={contactColumns}
            rows={contacts.data?.contact_methods ?? []}
            isLoading={contacts.isPending}
            loadingLabel="Loading contact methods"
            emptyState={NO_CONTACT_METHODS}
          />
        )}
      </Stack>

      <UpdateDialog
        entry={editingUpdate}
        onClose={() => setEditingUpdate(null)}
        onSaved={(saved, created) => setNotice(`“${saved.title}” ${created ? 'added' : 'saved'}`)}
      />
      <ContactMethodDialog
        entry={editingContact}
        onClose={() => setEditingContact(null)}
        onSaved={(saved, created) => setNotice(`“${saved.title}” ${created ? 'added' : 'saved'}`)}
      />
      <AlertDialog
        title={`Delete “${toDelete?.item.title ?? ''}”?`}
        message="Customers no longer see it. This cannot be undone."
        confirmLabel="Delete"
        tone="critical"
        isOpen={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null)
        }}
        onConfirm={() => {
          if (toDelete !== null) void confirmDelete(toDelete)
        }}
      />
    </Stack>
  )
}
