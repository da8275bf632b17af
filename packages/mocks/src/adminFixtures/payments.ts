// Deposits through every gateway.

import type { AdminPayment } from '@engage/contract'
import { fixtureProfile, hoursBefore } from '../fixtures'
import { FIXTURE_CUSTOMER_ID } from './operators'

export function fixtureAdminPayments(): AdminPayment[] {
  const payment = (
    fields: Pick<
      AdminPayment,
      'id' | 'order_id' | 'gateway' | 'amount_requested' | 'status' | 'gateway_status'
    > &
      Partial<AdminPayment> & { hoursAgo: number },
  ): AdminPayment => {
    const { hoursAgo, ...rest } = fields
    return {
      user_id: FIXTURE_CUSTOMER_ID,
      user_email: fixtureProfile.email,
      gateway_id: `inv_${fields.id}a8c2`,
      amount_credited: fields.status === 'completed' ? fields.amount_requested : null,
      currency: 'USDT',
      network: 'TRON',
      txid: fields.status === 'completed' ? `0x${fields.id}f9e1c0b7` : null,
      created_at: hoursBefore(hoursAgo),
      updated_at: hoursBefore(hoursAgo - 0.2),
      credited_at: fields.status === 'completed' ? hoursBefore(hoursAgo - 0.2) : null,
      ...rest,
    }
  }
  return [
    payment({
      id: '14',
      order_id: 'dep_c41d07',
      gateway: 'cryptomus',
      amount_requested: 25,
      status: 'pending',
      gateway_status: 'confirm_check',
      hoursAgo: 2,
    }),
    payment({
      id: '13',
      order_id: 'dep_b2e990',
      gateway: 'nowpayments',
      amount_requested: 40,
      status: 'failed',
      gateway_status: 'expired',
      hoursAgo: 26,
      user_id: '5',
      user_email: 'marco.rossi@example.it',
      currency: 'BTC',
      network: 'BTC',
    }),
    payment({
      id: '12',
      order_id: 'dep_7f3a91',
      gateway: 'cryptomus',
      amount_requested: 100,
      status: 'completed',
      gateway_status: 'paid',
      hoursAgo: 150,
    }),
    payment({
      id: '11',
      order_id: 'dep_0aa3f2',
      gateway: 'sandbox',
      amount_requested: 250,
      status: 'completed',
      gateway_status: 'paid',
      hoursAgo: 1100,
      user_id: '3',
      user_email: 'priya.shah@example.com',
      currency: null,
      network: null,
    }),
  ]
}
