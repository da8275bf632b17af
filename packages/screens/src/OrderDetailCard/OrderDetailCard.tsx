import { formatUsd, ORDER_TOTAL_DECIMALS, serviceDisplayName, statusLabel } from '@engage/contract'
import type { NormalisedOrder } from '@engage/client'
import { Popover } from '@engage/ui'
import { detailList, detailTerm, detailValue } from './OrderDetailCard.css'

const countFormat = new Intl.NumberFormat('en-US')

/** 'Order 1048 details': the card's accessible name. */
export function orderDetailTitle(orderId: string): string {
  return `Order ${orderId} details`
}

/** '15 of 40 texts': how far the AI has written an order's texts. */
export function aiTextsProgress(progress: { generated: number; total: number }): string {
  return `${countFormat.format(progress.generated)} of ${countFormat.format(progress.total)} texts`
}

export interface OrderDetailCardProps {
  order: NormalisedOrder
}

/**
 * An order's service name that opens a detail card on hover, keyboard focus or tap: id, link, charge, start
 * count, remains, why it is paused, and for AI orders the progress of their texts.
 */
export function OrderDetailCard({ order }: OrderDetailCardProps) {
  const rows: { term: string; value: React.ReactNode }[] = [
    { term: 'Order ID', value: order.id },
    { term: 'Link', value: order.url },
    { term: 'Quantity', value: countFormat.format(order.quantity) },
    { term: 'Status', value: statusLabel(order.status) },
    {
      term: 'Charge',
      value: order.charge === null ? 'Not charged yet' : formatUsd(order.charge, ORDER_TOTAL_DECIMALS),
    },
    {
      term: 'Start count',
      value: order.startCount === null ? 'Not started' : countFormat.format(order.startCount),
    },
    { term: 'Remains', value: order.remains === null ? 'Not reported' : countFormat.format(order.remains) },
  ]
  if (order.pausedReason) rows.push({ term: 'Paused because', value: order.pausedReason })
  if (order.aiProgress) rows.push({ term: 'AI texts', value: aiTextsProgress(order.aiProgress) })
  return (
    <Popover trigger={serviceDisplayName(order.serviceType)} title={orderDetailTitle(order.id)}>
      <dl className={detailList}>
        {rows.map((row) => (
          <div key={row.term}>
            <dt className={detailTerm}>{row.term}</dt>
            <dd className={detailValue}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </Popover>
  )
}
