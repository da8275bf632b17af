export { SubscriptionForm, type SubscriptionFormProps } from './SubscriptionForm'
export {
  CANCEL_SUBSCRIPTION_CONFIRMATION,
  FAILED_TO_CANCEL_SUBSCRIPTION,
  NO_SUBSCRIPTIONS_FOUND,
  SubscriptionFormList,
} from './SubscriptionFormList'
