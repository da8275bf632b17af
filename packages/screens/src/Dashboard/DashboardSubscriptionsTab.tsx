import { Stack } from '@engage/ui'
import { SubscriptionForm, SubscriptionFormList, type SubscriptionFormProps } from '../SubscriptionForm'

/** The Subscriptions tab of the order tabs: the form over the user's subscriptions. */
export function DashboardSubscriptionsTab({
  onChooseAiSettings,
}: Pick<SubscriptionFormProps, 'onChooseAiSettings'>) {
  return (
    <Stack gap="xxlarge">
      <SubscriptionForm onChooseAiSettings={onChooseAiSettings} />
      <SubscriptionFormList />
    </Stack>
  )
}
