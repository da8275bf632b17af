import {
  chargedPeriodByPeriod,
  formatMicros,
  ORDER_TOTAL_DECIMALS,
  subscriptionCostMicros,
  subscriptionSummary,
  TOTAL_USD_AMOUNT,
  type DurationUnit,
  type RenewalPeriod,
} from '@engage/contract'
import { Heading, Stack, StatCard, Text } from '@engage/ui'
import { summaryList, summaryTerm, summaryValue } from './SubscriptionSummary.css'

/** How each renewal period reads in the summary. */
export const renewalPeriodLabels: Record<RenewalPeriod, string> = {
  minutely: 'Minutely',
  daily: 'Daily',
  weekly: 'Weekly',
  'bi-weekly': 'Bi-weekly',
  monthly: 'Monthly',
}

const durationUnitNames: Record<DurationUnit, { one: string; other: string }> = {
  minutes: { one: 'minute', other: 'minutes' },
  days: { one: 'day', other: 'days' },
  weeks: { one: 'week', other: 'weeks' },
  'bi-weeks': { one: 'bi-week', other: 'bi-weeks' },
  months: { one: 'month', other: 'months' },
}

const countFormat = new Intl.NumberFormat('en-US')
const durationFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/** '7 days', '1 week', '0.23 months': the duration in the unit of the renewal period, to 2 decimals. */
export function formatDuration(value: number, unit: DurationUnit): string {
  const text = durationFormat.format(value)
  return `${text} ${text === '1' ? durationUnitNames[unit].one : durationUnitNames[unit].other}`
}

export interface SubscriptionSummaryProps {
  /** The first period starts here; null while the field is empty. */
  startDate: Date | null
  /** The subscription ends here; null while the field is empty. */
  endDate: Date | null
  renewalPeriod: RenewalPeriod
  /** Units ordered each period (0 while the field holds no whole number). */
  quantityPerPeriod: number
  /** USD per unit of the action type; undefined when the service has no known rate (it then costs 0). */
  rateUsdPerUnit: number | undefined
}

/**
 * What a subscription amounts to: the number of periods, the duration in the period's unit, the units, the
 * cost of one period and the total, the Total USD Amount box, and the plain word that the total is charged
 * period by period.
 */
export function SubscriptionSummary({
  startDate,
  endDate,
  renewalPeriod,
  quantityPerPeriod,
  rateUsdPerUnit,
}: SubscriptionSummaryProps) {
  // Without both dates the range is empty: no periods, nothing to pay.
  const start = startDate ?? new Date(0)
  const summary = subscriptionSummary({
    start,
    end: endDate ?? start,
    renewalPeriod,
    quantityPerPeriod,
    rateUsdPerUnit,
  })
  const totalCost = formatMicros(summary.totalCostMicros, ORDER_TOTAL_DECIMALS)
  const perPeriod = formatMicros(
    subscriptionCostMicros(quantityPerPeriod, 1, rateUsdPerUnit),
    ORDER_TOTAL_DECIMALS,
  )
  const rows = [
    { term: 'Renewal period', value: renewalPeriodLabels[renewalPeriod] },
    { term: 'Number of periods', value: countFormat.format(summary.periodCount) },
    { term: 'Duration', value: formatDuration(summary.durationValue, summary.durationUnit) },
    { term: 'Quantity per period', value: countFormat.format(quantityPerPeriod) },
    { term: 'Total quantity', value: countFormat.format(summary.totalUnits) },
    { term: 'Cost per period', value: perPeriod },
    { term: 'Total cost', value: totalCost },
  ]
  return (
    <Stack as="section" gap="medium" aria-label="Subscription summary">
      <Heading level={2} size="small">
        Summary
      </Heading>
      <dl className={summaryList}>
        {rows.map((row) => (
          <div key={row.term}>
            <dt className={summaryTerm}>{row.term}</dt>
            <dd className={summaryValue}>{row.value}</dd>
          </div>
        ))}
      </dl>
      <StatCard label={TOTAL_USD_AMOUNT} value={totalCost} />
      <Text size="small" tone="muted">
        {chargedPeriodByPeriod(perPeriod)}
      </Text>
    </Stack>
  )
}
