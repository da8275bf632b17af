import {
  dripFeedRunLabel,
  formatLedgerUsd,
  refillStatusLabel,
  serviceDisplayName,
  statusLabel,
} from '@engage/contract'
import type { NormalisedOrder } from '@engage/client'
import { Link, Popover } from '@engage/ui'
import { useId } from 'react'
import { aiTextsList, aiTextsScroll, detailList, detailTerm, detailValue } from './OrderDetailCard.css'

const countFormat = new Intl.NumberFormat('en-US')

/** The support page's new-ticket form with the order chosen: '/support?order=1048'. */
export function orderHelpHref(orderId: string): string {
  return `/support?order=${encodeURIComponent(orderId)}`
}

/** 'Order 1048 details': the card's accessible name. */
export function orderDetailTitle(orderId: string): string {
  return `Order ${orderId} details`
}

/** '15 of 40 texts': how far the AI has written an order's texts. */
export function aiTextsProgress(progress: { generated: number; total: number }): string {
  return `${countFormat.format(progress.generated)} of ${countFormat.format(progress.total)} texts`
}

/** 'Generated comments' for ai_comments, 'Generated tweets' for ai_tweets: the name of an order's text list. */
export function aiTextsTitle(serviceType: string): string {
  if (serviceType === 'ai_comments') return 'Generated comments'
  if (serviceType === 'ai_tweets') return 'Generated tweets'
  return 'Generated texts'
}

export interface OrderDetailCardProps {
  order: NormalisedOrder
  /** An instant as the customer's clock shows it (useCustomerDates().dateTime). */
  dateTime: (value: string) => string
}

/**
 * An order's service name that opens a detail card on hover, keyboard focus or tap: id, link, charge, start
 * count, remains, why it is paused, a link that opens a support ticket about it, and for AI orders the progress
 * of their texts while they are written and the texts written so far. An order that is not an AI order has
 * neither. A drip-feed order shows which run it is at, when the next one goes (on the customer's clock) and how
 * much has been delivered so far. A completed order of a service with refills shows until when a refill may be
 * asked for, and its latest refill: its status, when it was asked for and last changed, and why it was refused.
 */
export function OrderDetailCard({ order, dateTime }: OrderDetailCardProps) {
  const textsTermId = useId()
  const rows: { term: string; value: React.ReactNode }[] = [
    { term: 'Order ID', value: order.id },
    { term: 'Link', value: order.url },
    { term: 'Quantity', value: countFormat.format(order.quantity) },
    { term: 'Status', value: statusLabel(order.status) },
    {
      term: 'Charge',
      value: order.charge === null ? 'Not charged yet' : formatLedgerUsd(order.charge),
    },
    {
      term: 'Start count',
      value: order.startCount === null ? 'Not started' : countFormat.format(order.startCount),
    },
    { term: 'Remains', value: order.remains === null ? 'Not reported' : countFormat.format(order.remains) },
  ]
  if (order.dripFeed) {
    const { dripFeed } = order
    rows.push(
      {
        term: 'Drip-feed',
        value: `${dripFeedRunLabel(dripFeed)}, every ${countFormat.format(dripFeed.interval)} min`,
      },
      {
        term: 'Next run',
        value: dripFeed.nextRunAt === null ? 'None left' : dateTime(dripFeed.nextRunAt),
      },
      {
        term: 'Delivered',
        value: `${countFormat.format(dripFeed.delivered)} of ${countFormat.format(order.quantity)}`,
      },
    )
  }
  if (order.pausedReason) rows.push({ term: 'Paused because', value: order.pausedReason })
  if (order.refillUntil) rows.push({ term: 'Refill available until', value: dateTime(order.refillUntil) })
  if (order.refill) {
    const { status, requestedAt, updatedAt, reason } = order.refill
    rows.push(
      { term: 'Refill', value: refillStatusLabel(status) },
      { term: 'Refill requested', value: dateTime(requestedAt) },
    )
    if (updatedAt !== requestedAt) rows.push({ term: 'Refill updated', value: dateTime(updatedAt) })
    if (reason) rows.push({ term: 'Refill not done because', value: reason })
  }
  // Progress is news only while texts are still missing (being written, or paused half way); a finished
  // order shows its list alone.
  if (order.aiProgress && order.aiProgress.generated < order.aiProgress.total) {
    rows.push({ term: 'AI texts', value: aiTextsProgress(order.aiProgress) })
  }
  return (
    <Popover trigger={serviceDisplayName(order.serviceType)} title={orderDetailTitle(order.id)}>
      <dl className={detailList}>
        {rows.map((row) => (
          <div key={row.term}>
            <dt className={detailTerm}>{row.term}</dt>
            <dd className={detailValue}>{row.value}</dd>
          </div>
        ))}
        {order.aiTexts.length > 0 ? (
          <div>
            <dt id={textsTermId} className={detailTerm}>
              {aiTextsTitle(order.serviceType)}
            </dt>
            <dd className={detailValue}>
              {/* An order may have thousands of texts: the list scrolls inside the card. A scrolling
                  region must be reachable by keyboard to be scrolled (WCAG 2.1.1; axe's
                  scrollable-region-focusable), hence a named region with tabIndex 0. */}
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region, see above */}
              <div role="region" aria-labelledby={textsTermId} tabIndex={0} className={aiTextsScroll}>
                <ol className={aiTextsList}>
                  {order.aiTexts.map((aiText, index) => (
                    <li key={index}>{aiText}</li>
                  ))}
                </ol>
              </div>
            </dd>
          </div>
        ) : null}
      </dl>
      <Link href={orderHelpHref(order.id)}>Get help with this order</Link>
    </Popover>
  )
}
