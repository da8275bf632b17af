// Realistic fixtures of the operator console, typed by the contract and hung off FIXTURE_NOW like
// the customer fixtures: the same services, the demo customer's orders, two upstream providers, a handful of
// accounts of every role, deposits through every gateway, dead jobs and an audit trail.

import {
  microsToUsd,
  usdToMicros,
  type AdminContactMethod,
  type AdminJob,
  type AdminLedgerEntry,
  type AdminMeResponse,
  type AdminOrder,
  type AdminPayment,
  type AdminProvider,
  type AdminProviderService,
  type AdminService,
  type AdminUpdateResponse,
  type AdminUser,
  type AuditEntry,
} from '@engage/contract'
import {
  FIXTURE_NOW,
  fixtureContactMethods,
  fixtureOrders,
  fixtureProfile,
  fixtureServices,
  fixtureUpdates,
} from './fixtures'

function hoursBefore(hours: number): string {
  return new Date(FIXTURE_NOW.getTime() - hours * 3_600_000).toISOString()
}

/** The operator the console is signed in as, in each role. */
export const fixtureAdminMe: AdminMeResponse = {
  id: '1',
  email: 'operator@engage-panel.test',
  username: 'operator',
  role: 'admin',
}
export const fixtureSupportMe: AdminMeResponse = {
  id: '4',
  email: 'sam.support@engage-panel.test',
  username: 'sam.support',
  role: 'support',
}

/** The demo customer's id among the fixture accounts. */
export const FIXTURE_CUSTOMER_ID = '2'

export function fixtureAdminUsers(): AdminUser[] {
  const user = (
    fields: Omit<AdminUser, 'disabled' | 'disabled_at' | 'created_at'> & {
      hoursAgo: number
      disabledHoursAgo?: number
    },
  ): AdminUser => {
    const { hoursAgo, disabledHoursAgo, ...rest } = fields
    return {
      ...rest,
      disabled: disabledHoursAgo !== undefined,
      disabled_at: disabledHoursAgo === undefined ? null : hoursBefore(disabledHoursAgo),
      created_at: hoursBefore(hoursAgo),
    }
  }
  return [
    user({
      id: '7',
      email: 'spam.bot@mailinator.example',
      username: 'spam.bot',
      role: 'customer',
      balance: 0,
      hoursAgo: 30,
      disabledHoursAgo: 20,
    }),
    user({
      id: '6',
      email: 'lena.fischer@example.de',
      username: 'lena.fischer',
      role: 'customer',
      balance: 112.4,
      hoursAgo: 200,
    }),
    user({
      id: '5',
      email: 'marco.rossi@example.it',
      username: 'marco.rossi',
      role: 'customer',
      balance: 8.75,
      hoursAgo: 400,
    }),
    user({
      id: '4',
      email: fixtureSupportMe.email,
      username: fixtureSupportMe.username,
      role: 'support',
      balance: 0,
      hoursAgo: 900,
    }),
    user({
      id: '3',
      email: 'priya.shah@example.com',
      username: 'priya.shah',
      role: 'customer',
      balance: 245,
      hoursAgo: 1200,
    }),
    user({
      id: FIXTURE_CUSTOMER_ID,
      email: fixtureProfile.email,
      username: fixtureProfile.username,
      role: 'customer',
      balance: 50,
      hoursAgo: 1500,
    }),
    user({
      id: '1',
      email: fixtureAdminMe.email,
      username: fixtureAdminMe.username,
      role: 'admin',
      balance: 0,
      hoursAgo: 2000,
    }),
  ]
}

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

export function fixtureAdminProviders(): AdminProvider[] {
  return [
    {
      id: '1',
      name: 'SMM Central',
      api_url: 'https://smmcentral.example/api/v2',
      api_key_masked: '••••••••9f2c',
      enabled: true,
      margin_percent: 25,
      services_count: 6,
      mapped_services_count: 4,
      created_at: hoursBefore(2000),
      updated_at: hoursBefore(48),
    },
    {
      id: '2',
      name: 'Boost Wholesale',
      api_url: 'https://boostwholesale.example/api/v2',
      api_key_masked: '••••••••41ad',
      enabled: false,
      margin_percent: null,
      services_count: 0,
      mapped_services_count: 0,
      created_at: hoursBefore(300),
      updated_at: hoursBefore(300),
    },
  ]
}

/** SMM Central's catalogue as last imported; our rate is theirs + 25 %. */
export function fixtureAdminProviderServices(): AdminProviderService[] {
  const remote = (
    id: string,
    name: string,
    category: string,
    rate: number,
    mappedTo: string[],
  ): AdminProviderService => ({
    provider_id: '1',
    remote_service_id: id,
    name,
    type: name.includes('Comments') ? 'Custom Comments' : 'Default',
    category,
    rate_per_1k: rate,
    min_quantity: 10,
    max_quantity: 100_000,
    refill: category !== 'Views',
    cancel: true,
    imported_at: hoursBefore(48),
    mapped_to: mappedTo,
  })
  return [
    remote('101', 'Instagram Followers [Real]', 'Followers', 2, ['followers']),
    remote('102', 'Instagram Likes [Fast]', 'Likes', 0.96, ['likes']),
    remote('103', 'YouTube Views [HQ]', 'Views', 0.32, ['views']),
    remote('104', 'X Retweets', 'Retweets', 2.4, ['retweets']),
    remote('105', 'X Custom Comments', 'Comments', 36, []),
    remote('106', 'TikTok Views', 'Views', 0.08, []),
  ]
}

export function fixtureAdminServices(): AdminService[] {
  const remoteByName = new Map(
    fixtureAdminProviderServices().flatMap((remote) =>
      remote.mapped_to.map((name) => [name, remote] as const),
    ),
  )
  return Object.entries(fixtureServices).map(([name, ratePerUnit], index) => {
    const remote = remoteByName.get(name)
    return {
      id: String(index + 1),
      name,
      category: name.startsWith('ai_') ? 'AI' : 'Social',
      description: `${name.replace(/_/g, ' ')} for your profile or post`,
      rate_per_1k: microsToUsd(usdToMicros(ratePerUnit) * 1000),
      min_quantity: name.startsWith('ai_') ? 5 : 10,
      max_quantity: name.startsWith('ai_') ? 500 : 10_000,
      is_ai: name.startsWith('ai_'),
      enabled: name !== 'premium_followers',
      refill: name === 'followers',
      cancel: true,
      provider_id: remote ? '1' : null,
      provider_name: remote ? 'SMM Central' : null,
      remote_service_id: remote?.remote_service_id ?? null,
      provider_rate_per_1k: remote?.rate_per_1k ?? null,
      created_at: hoursBefore(2000),
      updated_at: hoursBefore(48 + index),
    }
  })
}

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

export function fixtureAdminUpdates(): AdminUpdateResponse[] {
  return fixtureUpdates().map((update, index) => ({ ...update, id: String(3 - index) }))
}

export function fixtureAdminContactMethods(): AdminContactMethod[] {
  return fixtureContactMethods().map((contact, index) => ({
    ...contact,
    id: String(index + 1),
    sort_order: index + 1,
  }))
}

export function fixtureAdminJobs(): AdminJob[] {
  return [
    {
      id: '311',
      kind: 'place_order',
      payload: { orderId: 1046 },
      status: 'dead',
      attempts: 8,
      max_attempts: 8,
      last_error: 'Upstream timeout after 15000 ms (POST https://smmcentral.example/api/v2 action=add)',
      run_at: hoursBefore(19),
      created_at: hoursBefore(20),
      updated_at: hoursBefore(19),
    },
    {
      id: '287',
      kind: 'generate_ai_texts',
      payload: { orderId: 1039 },
      status: 'dead',
      attempts: 5,
      max_attempts: 5,
      last_error: 'OpenAI answered 429: You exceeded your current quota',
      run_at: hoursBefore(60),
      created_at: hoursBefore(62),
      updated_at: hoursBefore(60),
    },
  ]
}

/** Counts beside the dead jobs (the queue's other states). */
export const fixtureJobCounts = { queued: 3, running: 1, done: 1_284 }

export function fixtureAdminAudit(): AuditEntry[] {
  const entry = (
    fields: Omit<AuditEntry, 'created_at' | 'actor_id' | 'actor_email' | 'actor_role'> & {
      hoursAgo: number
      support?: boolean
    },
  ): AuditEntry => {
    const { hoursAgo, support, ...rest } = fields
    const actor = support ? fixtureSupportMe : fixtureAdminMe
    return {
      created_at: hoursBefore(hoursAgo),
      actor_id: actor.id,
      actor_email: actor.email,
      actor_role: actor.role,
      ...rest,
    }
  }
  return [
    entry({
      id: '9',
      action: 'order.refund',
      target: 'order:1044',
      before: { refunded: 0 },
      after: { refunded: 0.36 },
      reason: 'Undelivered remainder',
      hoursAgo: 50,
      support: true,
    }),
    entry({
      id: '8',
      action: 'user.disable',
      target: 'user:7',
      before: { disabled_at: null },
      after: { disabled_at: hoursBefore(20) },
      reason: 'Chargeback fraud pattern',
      hoursAgo: 20,
    }),
    entry({
      id: '7',
      action: 'provider.margin',
      target: 'provider:1',
      before: { margin_percent: 20 },
      after: { margin_percent: 25 },
      reason: 'Q4 pricing',
      hoursAgo: 48,
    }),
    entry({
      id: '6',
      action: 'service.update',
      target: 'service:8',
      before: { enabled: true },
      after: { enabled: false },
      reason: 'Provider out of stock',
      hoursAgo: 49,
    }),
    entry({
      id: '5',
      action: 'user.adjust_balance',
      target: 'user:3',
      before: { balance: 200 },
      after: { balance: 245 },
      reason: 'Bank transfer received',
      hoursAgo: 300,
    }),
  ]
}
