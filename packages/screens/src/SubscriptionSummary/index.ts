export {
  formatDuration,
  renewalPeriodLabels,
  SubscriptionSummary,
  type SubscriptionSummaryProps,
} from './SubscriptionSummary'
