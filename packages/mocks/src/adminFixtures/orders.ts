// The demo customer's orders as the console lists them, and the ledger behind its balance.

import { type AdminLedgerEntry, type AdminOrder, microsToUsd, usdToMicros } from '@engage/contract'
import { fixtureOrders, fixtureProfile, fixtureServices, hoursBefore } from '../fixtures'
import { FIXTURE_CUSTOMER_ID } from './operators'

/** The demo customer's orders as the console lists them (placed by the demo customer). */
export function fixtureAdminOrders(): AdminOrder[] {
  return fixtureOrders().map((order) => {
    const refunded =
      order.status === 'cancelled'
        ? order.charge
        : order.status === 'partial'
          ? microsToUsd(Math.round((usdToMicros(order.charge) * (order.remains ?? 0)) / order.quantity))
          : 0
    const sent = order.status !== 'pending' && order.status !== 'paused'
    return {
      ...order,
      user_id: FIXTURE_CUSTOMER_ID,
      user_email: fixtureProfile.email,
      service_id: String(Object.keys(fixtureServices).indexOf(order.service_type) + 1),
      refunded,
      provider_id: sent ? '1' : null,
      upstream_order_id: sent ? `SMC-${Number(order.id) * 7 + 90_000}` : null,
      updated_at: order.created_at,
    }
  })
}

/** The demo customer's ledger, newest first: an opening balance, deposits, order payments and refunds. */
export function fixtureAdminLedger(orders: readonly AdminOrder[] = fixtureAdminOrders()): AdminLedgerEntry[] {
  const entries: AdminLedgerEntry[] = []
  for (const order of orders) {
    if (order.refunded > 0) {
      entries.push({
        id: `le-refund-${order.id}`,
        created_at: order.updated_at,
        amount: order.refunded,
        kind: 'refund',
        reference: `order:${order.id}`,
        note: order.status === 'cancelled' ? 'Cancelled order' : 'Undelivered remainder',
      })
    }
    entries.push({
      id: `le-order-${order.id}`,
      created_at: order.created_at,
      amount: -order.charge,
      kind: 'order_payment',
      reference: `order:${order.id}`,
      note: null,
    })
  }
  entries.push(
    {
      id: 'le-dep-2',
      created_at: hoursBefore(150),
      amount: 100,
      kind: 'deposit',
      reference: 'payment:dep_7f3a91',
      note: null,
    },
    {
      id: 'le-open',
      created_at: hoursBefore(1500),
      amount: 50,
      kind: 'adjustment',
      reference: 'opening-balance',
      note: 'Demo opening balance',
    },
  )
  return entries.sort((a, b) => b.created_at.localeCompare(a.created_at))
}
