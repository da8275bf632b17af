import { formatMicros, type NotificationKind, serviceTitleCase } from '@engage/contract'

// What each kind of notification says, in the bell's list and in its e-mail alike: written once, when the
// notification is, from the facts the caller gives (its payload).

/** The facts each kind is written from. Amounts are micro-USD. */
export interface NotificationPayloads {
  order_completed: { orderId: number; serviceType: string; quantity: number }
  order_partial: { orderId: number; serviceType: string; quantity: number; remains: number; refund: number }
  order_cancelled: { orderId: number; serviceType: string; quantity: number; refund: number }
  deposit_credited: { amount: number; balance: number }
  low_balance: { balance: number; threshold: number }
  /** `link`: the ticket's path in the panel, which the support tickets know. */
  ticket_reply: { ticketId: number | string; subject: string; link: string; message: string }
}

export interface NotificationTexts {
  title: string
  body: string
  /** A path in the panel, or null. */
  link: string | null
}

const count = (quantity: number) => quantity.toLocaleString('en-US')

export function notificationTexts<Kind extends NotificationKind>(
  kind: Kind,
  payload: NotificationPayloads[Kind],
): NotificationTexts {
  // One switch over the union: TypeScript narrows the payload through the kind written beside it.
  const fact = { kind, payload } as {
    [K in NotificationKind]: { kind: K; payload: NotificationPayloads[K] }
  }[NotificationKind]
  switch (fact.kind) {
    case 'order_completed': {
      const { orderId, serviceType, quantity } = fact.payload
      return {
        title: `Order ${orderId} completed`,
        body: `Your order of ${count(quantity)} ${serviceTitleCase(serviceType)} was delivered in full.`,
        link: '/orders',
      }
    }
    case 'order_partial': {
      const { orderId, serviceType, quantity, remains, refund } = fact.payload
      return {
        title: `Order ${orderId} partly delivered`,
        body:
          `Your order of ${count(quantity)} ${serviceTitleCase(serviceType)} ended with ${count(remains)} not ` +
          `delivered; ${formatMicros(refund)} was refunded to your balance.`,
        link: '/orders',
      }
    }
    case 'order_cancelled': {
      const { orderId, serviceType, quantity, refund } = fact.payload
      return {
        title: `Order ${orderId} cancelled`,
        body:
          `Your order of ${count(quantity)} ${serviceTitleCase(serviceType)} was cancelled; ` +
          `${formatMicros(refund)} was refunded to your balance.`,
        link: '/orders',
      }
    }
    case 'deposit_credited': {
      const { amount, balance } = fact.payload
      return {
        title: `Deposit of ${formatMicros(amount)} credited`,
        body: `Your deposit of ${formatMicros(amount)} arrived. Your balance is now ${formatMicros(balance)}.`,
        link: '/wallet',
      }
    }
    case 'low_balance': {
      const { balance, threshold } = fact.payload
      return {
        title: 'Your balance is low',
        body:
          `Your balance is ${formatMicros(balance)}, below the ${formatMicros(threshold)} you chose to be ` +
          `told of. Add funds to keep your orders and subscriptions going.`,
        link: '/wallet',
      }
    }
    case 'ticket_reply': {
      const { ticketId, subject, link, message } = fact.payload
      return {
        title: `Support replied: Ticket #${ticketId}: ${subject}`,
        body: `Support replied to your ticket "${subject}":\n\n${message}`,
        link,
      }
    }
  }
}
