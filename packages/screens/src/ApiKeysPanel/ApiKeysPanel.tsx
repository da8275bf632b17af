import { useId, useState } from 'react'
import type { ApiKeySummary, CreateApiKeyResponse } from '@engage/contract'
import { isApiError, useApiKeys, useRevokeApiKey } from '@engage/client'
import {
  AlertDialog,
  Badge,
  Banner,
  Button,
  Heading,
  Icon,
  Stack,
  Table,
  Text,
  type TableColumn,
} from '@engage/ui'
import { CreateApiKeyDialog, RevealApiKeyDialog } from './ApiKeyDialogs'
import { ApiUsageGuide } from './ApiUsageGuide'
import { copyWithClipboard } from './CopyButton'
import { keyName, keyPrefix, nowrap, sectionHeader } from './ApiKeysPanel.css'
import { useCustomerDates } from '../CustomerDates'

export const API_KEYS_TITLE = 'API keys'
export const CREATE_API_KEY = 'Create API key'
export const NO_API_KEYS = 'No API keys yet. Create one to connect a script or a reseller panel.'
export const FAILED_TO_LOAD_API_KEYS = 'Failed to load your API keys'
export const FAILED_TO_REVOKE_API_KEY = 'Failed to revoke the API key'
export const REVOKE_API_KEY_MESSAGE =
  'Scripts and panels that use this key stop working at once. This cannot be undone.'
export const NEVER_USED = 'Never'

/** 'Revoke “Reseller panel”?' */
export function revokeApiKeyTitle(name: string): string {
  return `Revoke “${name}”?`
}

/** 'API key “Reseller panel” revoked' */
export function apiKeyRevokedMessage(name: string): string {
  return `API key “${name}” revoked`
}

export interface ApiKeysPanelProps {
  /** The panel's origin, for the endpoint and the example requests (e.g. window.location.origin). */
  origin: string
  /** Puts a text on the clipboard. @default navigator.clipboard.writeText */
  copyText?: (text: string) => Promise<void>
}

/**
 * The settings page's API tab: the customer's keys for the SMM panel API v2 (name, first characters, created,
 * last used, active or revoked), a dialog that creates one by name and then shows the key once with a copy
 * button and a warning, revoking with a confirmation, and a short guide with example requests.
 */
export function ApiKeysPanel({ origin, copyText = copyWithClipboard }: ApiKeysPanelProps) {
  const keys = useApiKeys()
  const revoke = useRevokeApiKey()
  const dates = useCustomerDates()
  const [isCreateOpen, setCreateOpen] = useState(false)
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null)
  const [toRevoke, setToRevoke] = useState<ApiKeySummary | null>(null)
  const [revokedName, setRevokedName] = useState<string | null>(null)
  const headingId = useId()

  const confirmRevoke = async (key: ApiKeySummary) => {
    setRevokedName(null)
    try {
      await revoke.mutateAsync(key.id)
      setRevokedName(key.name)
    } catch {
      // Shown from the mutation's state.
    }
  }

  const columns: readonly TableColumn<ApiKeySummary>[] = [
    {
      id: 'name',
      name: 'Name',
      isRowHeader: true,
      render: (key) => (
        <span className={keyName}>
          <span>{key.name}</span>
          <span className={keyPrefix}>{key.prefix}…</span>
        </span>
      ),
    },
    {
      id: 'created',
      name: 'Created',
      render: (key) => <span className={nowrap}>{dates.dateTime(key.created_at)}</span>,
    },
    {
      id: 'lastUsed',
      name: 'Last used',
      render: (key) => (
        <span className={nowrap}>
          {key.last_used_at === null ? NEVER_USED : dates.dateTime(key.last_used_at)}
        </span>
      ),
    },
    {
      id: 'status',
      name: 'Status',
      render: (key) =>
        key.revoked_at === null ? (
          <Badge tone="success">Active</Badge>
        ) : (
          <Badge tone="neutral">Revoked</Badge>
        ),
    },
    {
      id: 'actions',
      name: 'Actions',
      align: 'end',
      render: (key) =>
        key.revoked_at === null ? (
          <Button
            tone="critical"
            size="small"
            aria-label={`Revoke ${key.name}`}
            onPress={() => setToRevoke(key)}
          >
            Revoke
          </Button>
        ) : (
          <Text size="small" tone="muted">
            <span className={nowrap}>Since {dates.dateTime(key.revoked_at)}</span>
          </Text>
        ),
    },
  ]

  return (
    <Stack gap="xlarge">
      <Stack gap="medium" as="section" aria-labelledby={headingId}>
        <div className={sectionHeader}>
          <Stack gap="xsmall">
            <Heading level={2} id={headingId}>
              {API_KEYS_TITLE}
            </Heading>
            <Text tone="muted" elementType="p">
              Keys let your scripts and reseller panels place and follow orders for this account. Treat each
              key like a password.
            </Text>
          </Stack>
          <Button onPress={() => setCreateOpen(true)}>
            <Icon name="plus" size="small" />
            {CREATE_API_KEY}
          </Button>
        </div>

        {revokedName !== null ? (
          <Banner tone="success" onDismiss={() => setRevokedName(null)}>
            {apiKeyRevokedMessage(revokedName)}
          </Banner>
        ) : null}
        {revoke.isError ? (
          <Banner tone="error" title={FAILED_TO_REVOKE_API_KEY} onDismiss={() => revoke.reset()}>
            {isApiError(revoke.error) ? revoke.error.detail : String(revoke.error)}
          </Banner>
        ) : null}

        {keys.isError ? (
          <Banner tone="error" title={FAILED_TO_LOAD_API_KEYS}>
            <Stack gap="small" alignItems="flex-start">
              <span>{isApiError(keys.error) ? keys.error.detail : String(keys.error)}</span>
              <Button tone="secondary" size="small" onPress={() => void keys.refetch()}>
                Try again
              </Button>
            </Stack>
          </Banner>
        ) : (
          <Table
            aria-label={API_KEYS_TITLE}
            columns={columns}
            rows={keys.data ?? []}
            isLoading={keys.isPending}
            loadingLabel="Loading API keys"
            emptyState={NO_API_KEYS}
          />
        )}
      </Stack>

      <ApiUsageGuide origin={origin} copyText={copyText} />

      <CreateApiKeyDialog isOpen={isCreateOpen} onOpenChange={setCreateOpen} onCreated={setCreated} />
      <RevealApiKeyDialog created={created} onClose={() => setCreated(null)} copyText={copyText} />
      <AlertDialog
        title={revokeApiKeyTitle(toRevoke?.name ?? '')}
        message={REVOKE_API_KEY_MESSAGE}
        confirmLabel="Revoke key"
        tone="critical"
        isOpen={toRevoke !== null}
        onOpenChange={(open) => {
          if (!open) setToRevoke(null)
        }}
        onConfirm={() => {
          if (toRevoke !== null) void confirmRevoke(toRevoke)
        }}
      />
    </Stack>
  )
}
