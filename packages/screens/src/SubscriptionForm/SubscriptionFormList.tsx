import { useState } from 'react'
import {
  serviceDisplayName,
  SUBSCRIPTION_CANCELLED,
  type StatusTone,
  type Subscription,
  type SubscriptionStatus,
} from '@engage/contract'
import { isApiError, useCancelSubscription, useSubscriptions } from '@engage/client'
import { AlertDialog, Badge, Banner, Button, Heading, Stack, Table, type TableColumn } from '@engage/ui'
import { useOrderMessages } from '../OrderForm/OrderFormMessages'
import { renewalPeriodLabels } from '../SubscriptionSummary'

// House texts: the spec names the cancel action of a subscription but not its messages.
export const CANCEL_SUBSCRIPTION_CONFIRMATION = 'Are you sure you want to cancel this subscription?'
export const FAILED_TO_CANCEL_SUBSCRIPTION = 'Failed to cancel subscription'
export const NO_SUBSCRIPTIONS_FOUND = 'No subscriptions yet'

const statusTones: Record<SubscriptionStatus, StatusTone> = {
  active: 'success',
  completed: 'neutral',
  cancelled: 'neutral',
}

const statusLabels: Record<SubscriptionStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

const countFormat = new Intl.NumberFormat('en-US')

/**
 * The user's subscriptions (newest first) with their progress and status; an active one can be cancelled,
 * which stops its future periods.
 */
export function SubscriptionFormList() {
  const subscriptions = useSubscriptions()
  const cancelSubscription = useCancelSubscription()
  const messages = useOrderMessages()
  const [confirming, setConfirming] = useState<Subscription | null>(null)

  const cancel = async (subscription: Subscription) => {
    try {
      await cancelSubscription.mutateAsync(subscription.id)
      messages.success(SUBSCRIPTION_CANCELLED)
    } catch (error) {
      messages.failure(error, FAILED_TO_CANCEL_SUBSCRIPTION)
    }
  }

  const columns: TableColumn<Subscription>[] = [
    {
      id: 'service',
      name: 'Service',
      render: (item) => serviceDisplayName(item.actionType),
      isRowHeader: true,
    },
    { id: 'period', name: 'Renewal', render: (item) => renewalPeriodLabels[item.renewalPeriod] },
    {
      id: 'quantity',
      name: 'Per Period',
      align: 'end',
      render: (item) => countFormat.format(item.quantityPerPeriod),
    },
    {
      id: 'progress',
      name: 'Periods',
      align: 'end',
      render: (item) =>
        `${countFormat.format(item.periodsPlaced)} of ${countFormat.format(item.periodCount)}`,
    },
    {
      id: 'status',
      name: 'Status',
      render: (item) => <Badge tone={statusTones[item.status]}>{statusLabels[item.status]}</Badge>,
    },
    {
      id: 'actions',
      name: 'Actions',
      render: (item) =>
        item.status === 'active' ? (
          <Button
            size="small"
            tone="secondary"
            aria-label={`Cancel subscription ${item.id}`}
            // Disabled rather than pending: the button is gone once the subscription is cancelled.
            isDisabled={cancelSubscription.isPending && cancelSubscription.variables === item.id}
            onPress={() => setConfirming(item)}
          >
            Cancel
          </Button>
        ) : null,
    },
  ]

  return (
    <Stack as="section" gap="medium" aria-label="Your Subscriptions">
      <Heading level={2} size="small">
        Your Subscriptions
      </Heading>
      {subscriptions.isError ? (
        <Banner tone="error">
          {isApiError(subscriptions.error) ? subscriptions.error.detail : subscriptions.error.message}
        </Banner>
      ) : null}
      <Table
        aria-label="Your Subscriptions"
        columns={columns}
        rows={subscriptions.data ?? []}
        isLoading={subscriptions.isPending && !subscriptions.isError}
        emptyState={NO_SUBSCRIPTIONS_FOUND}
      />
      <AlertDialog
        isOpen={confirming !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setConfirming(null)
        }}
        title={CANCEL_SUBSCRIPTION_CONFIRMATION}
        message={
          confirming
            ? `No more ${serviceDisplayName(confirming.actionType)} orders will be placed for ${confirming.url}. Orders already placed continue.`
            : ''
        }
        tone="critical"
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep Subscription"
        onConfirm={() => {
          if (confirming) void cancel(confirming)
        }}
      />
    </Stack>
  )
}
