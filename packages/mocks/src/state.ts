// The in-memory state behind the handlers, so a story's flow behaves: an order placed shows in the list and
// moves the balance, a deposit completes, a deleted AI setting disappears.

import {
  cancelEffect,
  AI_SETTING_NOT_FOUND,
  ALL_PAUSED_ORDERS_QUEUED,
  API_KEY_NOT_FOUND,
  chargeMicrosForUnitRate,
  CURRENT_PASSWORD_INCORRECT,
  DUPLICATE_ACTIVE_ORDER,
  EMAIL_ALREADY_REGISTERED,
  END_BEFORE_START,
  INSUFFICIENT_BALANCE,
  INVALID_CREDENTIALS,
  isMaskedApiKey,
  maskApiKey,
  ME_RECENT_LIMIT,
  microsToUsd,
  NO_PAUSED_ORDERS,
  ORDER_NOT_CANCELLABLE,
  ORDER_NOT_FOUND,
  ORDER_NOT_RETRYABLE,
  orderQueuedForRetry,
  PAYMENT_NOT_FOUND,
  periodCount,
  renewalPeriodMilliseconds,
  SUBSCRIPTION_NOT_ACTIVE,
  SUBSCRIPTION_NOT_FOUND,
  transactionSign,
  UNKNOWN_SERVICE,
  usdToMicros,
  type AiSetting,
  type AiSettingFields,
  type ApiKeySummary,
  type ContactMethod,
  type CryptoMethod,
  type EndpointParsedRequest,
  type EndpointResponse,
  type MeResponse,
  type Order,
  type PaymentProvider,
  type PaymentStatus,
  type Subscription,
  type Timezone,
  type Transaction,
  type Update,
  type UpdateProfileRequest,
} from '@engage/contract'
import {
  FIXTURE_PANEL_TOTAL_ORDERS,
  fixtureApiKeys,
  fixtureContactMethods,
  fixtureOrders,
  fixturePaymentMethods,
  fixtureProfile,
  fixtureServices,
  fixtureStoredAiSettings,
  fixtureSubscriptions,
  fixtureTransactions,
  fixtureUpdates,
} from './fixtures'

/** A refusal with the API's status and `{ detail, field? }`, as the server would answer. */
export class MockRefusal extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail)
  }
}

interface StoredPayment {
  amount: number
  status: PaymentStatus
  transactionId: string
}

export interface MockState {
  now: () => Date
  profile: {
    username: string
    email: string
    password: string
    profilePhoto: string | null
    phone: string
    timezone: Timezone
  }
  balanceMicros: number
  /** undefined: the answer leaves it out (the UI falls back to 25011). */
  totalOrdersPanel: number | undefined
  /** Service name → USD per unit. */
  services: Record<string, number>
  /** Newest first. */
  orders: Order[]
  /** Newest first. */
  transactions: Transaction[]
  /** With the real keys; answers mask them. */
  aiSettings: AiSetting[]
  subscriptions: Subscription[]
  payments: Map<string, StoredPayment>
  updates: Update[]
  contactMethods: ContactMethod[]
  paymentMethods: CryptoMethod[]
  /** API keys for the SMM panel API v2, newest first (revoked ones included). */
  apiKeys: ApiKeySummary[]
  /** Other accounts known to sign-in and sign-up (email → password). */
  accounts: Map<string, string>
  sequence: number
}

export interface MockStateOptions {
  /** No services, orders, transactions, subscriptions, updates or AI settings, and a zero balance. */
  empty?: boolean
  /** The clock for new orders and transactions; defaults to the real time. */
  now?: () => Date
}

function balanceOf(transactions: readonly Transaction[]): number {
  return transactions
    .filter((transaction) => transaction.status === 'completed')
    .reduce((sum, transaction) => {
      const micros = usdToMicros(transaction.amount)
      return transactionSign(transaction.type) === '+' ? sum + micros : sum - micros
    }, 0)
}

/** A fresh state: the realistic fixtures, or an empty account. Each scenario instance has its own. */
export function createMockState(options: MockStateOptions = {}): MockState {
  const empty = options.empty ?? false
  const orders = empty ? [] : fixtureOrders()
  const transactions = empty ? [] : fixtureTransactions(orders)
  return {
    now: options.now ?? (() => new Date()),
    profile: { ...fixtureProfile },
    balanceMicros: balanceOf(transactions),
    totalOrdersPanel: FIXTURE_PANEL_TOTAL_ORDERS,
    services: empty ? {} : { ...fixtureServices },
    orders,
    transactions,
    aiSettings: empty ? [] : fixtureStoredAiSettings(),
    subscriptions: empty ? [] : fixtureSubscriptions(),
    payments: new Map(),
    updates: empty ? [] : fixtureUpdates(),
    contactMethods: fixtureContactMethods(),
    paymentMethods: fixturePaymentMethods(),
    apiKeys: empty ? [] : fixtureApiKeys(),
    accounts: new Map([[fixtureProfile.email, fixtureProfile.password]]),
    sequence: 2000,
  }
}

function nextId(state: MockState): string {
  state.sequence += 1
  return String(state.sequence)
}

function masked(setting: AiSetting): AiSetting {
  return { ...setting, apiKey: maskApiKey(setting.apiKey) }
}

// ---- Reads ------------------------------------------------------------------------------------------------

export function meOf(state: MockState): MeResponse {
  return {
    username: state.profile.username,
    email: state.profile.email,
    balance: microsToUsd(state.balanceMicros),
    profilePhoto: state.profile.profilePhoto,
    totalOrders: state.orders.length,
    ...(state.totalOrdersPanel === undefined ? {} : { totalOrdersPanel: state.totalOrdersPanel }),
    settings: { phone: state.profile.phone, timezone: state.profile.timezone },
    aiSettings: state.aiSettings.map(masked),
    transactions: state.transactions.slice(0, ME_RECENT_LIMIT),
    orders: state.orders.slice(0, ME_RECENT_LIMIT),
    updates: state.updates,
    contactMethods: state.contactMethods,
  }
}

/** Keyset paging over a newest-first list: the cursor is the id of the last item of the previous page. */
export function pageOf<Item extends { id: string }>(
  items: readonly Item[],
  cursor: string | undefined,
  limit: number,
): { items: Item[]; nextCursor: string | null } {
  const start = cursor === undefined ? 0 : items.findIndex((item) => item.id === cursor) + 1
  if (cursor !== undefined && start === 0) throw new MockRefusal(422, 'cursor: Invalid cursor', 'cursor')
  const page = items.slice(start, start + limit)
  const last = page.at(-1)
  return { items: page, nextCursor: start + limit < items.length && last ? last.id : null }
}

// ---- Accounts ---------------------------------------------------------------------------------------------

function newSession(state: MockState): EndpointResponse<'signin'> {
  const id = nextId(state)
  return { token: `mock-token-${id}`, sessionId: `mock-session-${id}` }
}

export function signin(state: MockState, email: string, password: string): EndpointResponse<'signin'> {
  if (state.accounts.get(email) !== password) throw new MockRefusal(401, INVALID_CREDENTIALS)
  return newSession(state)
}

export function signup(state: MockState, email: string, password: string): EndpointResponse<'signup'> {
  if (state.accounts.has(email)) throw new MockRefusal(409, EMAIL_ALREADY_REGISTERED, 'email')
  state.accounts.set(email, password)
  return newSession(state)
}

export function changePassword(state: MockState, currentPassword: string, newPassword: string): void {
  if (state.profile.password !== currentPassword) {
    throw new MockRefusal(400, CURRENT_PASSWORD_INCORRECT, 'currentPassword')
  }
  state.profile.password = newPassword
  state.accounts.set(state.profile.email, newPassword)
}

export function updateProfile(
  state: MockState,
  body: UpdateProfileRequest,
): EndpointResponse<'updateProfile'> {
  if (body.email !== undefined) {
    state.accounts.delete(state.profile.email)
    state.profile.email = body.email
    state.accounts.set(body.email, state.profile.password)
  }
  if (body.phone !== undefined) state.profile.phone = body.phone
  if (body.timezone !== undefined) state.profile.timezone = body.timezone
  return {
    email: state.profile.email,
    settings: { phone: state.profile.phone, timezone: state.profile.timezone },
  }
}

// ---- AI settings ------------------------------------------------------------------------------------------

export function saveAiSettings(state: MockState, settings: readonly AiSettingFields[]): AiSetting[] {
  for (const fields of settings) {
    const index =
      fields.id === undefined
        ? -1
        : state.aiSettings.findIndex((setting) => setting.id.toLowerCase() === fields.id?.toLowerCase())
    const existing = state.aiSettings[index]
    const keepKey = fields.apiKey === undefined || fields.apiKey === null || isMaskedApiKey(fields.apiKey)
    const saved: AiSetting = {
      id: existing?.id ?? fields.id ?? globalThis.crypto.randomUUID(),
      name: fields.name,
      model: fields.model,
      provider: fields.provider,
      temperature: fields.temperature,
      maxTokens: fields.maxTokens,
      topP: fields.topP,
      frequencyPenalty: fields.frequencyPenalty,
      presencePenalty: fields.presencePenalty,
      systemPrompt: fields.systemPrompt,
      userPrompt: fields.userPrompt,
      apiKey: keepKey ? (existing?.apiKey ?? '') : (fields.apiKey ?? ''),
      lastUsed: fields.lastUsed ?? existing?.lastUsed ?? state.now().toISOString(),
    }
    if (existing) state.aiSettings[index] = saved
    else state.aiSettings.push(saved)
  }
  return state.aiSettings.map(masked)
}

export function deleteAiSetting(state: MockState, id: string): AiSetting[] {
  const index = state.aiSettings.findIndex((setting) => setting.id.toLowerCase() === id.toLowerCase())
  if (index === -1) throw new MockRefusal(404, AI_SETTING_NOT_FOUND)
  state.aiSettings.splice(index, 1)
  return state.aiSettings.map(masked)
}

// ---- Orders -----------------------------------------------------------------------------------------------

interface OrderDraft {
  serviceType: string
  targetUrl: string
  quantity: number
  customComment?: string | null
  subscriptionId?: string | null
  /** Where a refusal points ('service_type', 'items[1].url'). */
  fields: { serviceType: string; targetUrl: string }
}

function chargeFor(state: MockState, draft: OrderDraft): number {
  const rate = state.services[draft.serviceType]
  if (rate === undefined)
    throw new MockRefusal(422, `${draft.fields.serviceType}: ${UNKNOWN_SERVICE}`, draft.fields.serviceType)
  return chargeMicrosForUnitRate(rate, draft.quantity)
}

function isActive(order: Order): boolean {
  return order.status === 'pending' || order.status === 'processing' || order.status === 'paused'
}

/** Places orders all together or not at all: the checks run first, the changes after. */
function placeOrders(state: MockState, drafts: readonly OrderDraft[]): Order[] {
  const charges = drafts.map((draft) => chargeFor(state, draft))
  drafts.forEach((draft, index) => {
    const duplicateInState = state.orders.some(
      (order) =>
        isActive(order) && order.service_type === draft.serviceType && order.target_url === draft.targetUrl,
    )
    const duplicateInBatch = drafts
      .slice(0, index)
      .some((earlier) => earlier.serviceType === draft.serviceType && earlier.targetUrl === draft.targetUrl)
    if (duplicateInState || duplicateInBatch) {
      throw new MockRefusal(409, DUPLICATE_ACTIVE_ORDER, draft.fields.targetUrl)
    }
  })
  const total = charges.reduce((sum, charge) => sum + charge, 0)
  if (total > state.balanceMicros) throw new MockRefusal(402, INSUFFICIENT_BALANCE)

  const created = state.now().toISOString()
  const orders = drafts.map((draft, index): Order => {
    const id = nextId(state)
    const charge = charges[index] ?? 0
    state.balanceMicros -= charge
    state.transactions.unshift({
      id: `tx-order-${id}`,
      date: created,
      type: 'order_payment',
      method: 'balance',
      amount: microsToUsd(charge),
      currency: 'USD',
      status: 'completed',
      txid: null,
      payment_details: { order_id: id, service_type: draft.serviceType, quantity: draft.quantity },
    })
    return {
      id,
      order_id: id,
      created_at: created,
      service_type: draft.serviceType,
      target_url: draft.targetUrl,
      quantity: draft.quantity,
      status: 'pending',
      charge: microsToUsd(charge),
      start_count: null,
      remains: null,
      paused_reason: null,
      ai_progress: null,
      custom_comment: draft.customComment ?? null,
      subscription_id: draft.subscriptionId ?? null,
    }
  })
  state.orders.unshift(...[...orders].reverse())
  return orders
}

export function placeOrder(state: MockState, body: EndpointParsedRequest<'createOrder'>): Order {
  const [order] = placeOrders(state, [
    {
      serviceType: body.service_type,
      targetUrl: body.target_url,
      quantity: body.quantity,
      customComment: body.custom_comment,
      fields: { serviceType: 'service_type', targetUrl: 'target_url' },
    },
  ])
  if (!order) throw new Error('placeOrders returned no order')
  return order
}

export function placeMassOrder(state: MockState, body: EndpointParsedRequest<'createMassOrder'>): Order[] {
  return placeOrders(
    state,
    body.items.map((item, index) => ({
      serviceType: item.type,
      targetUrl: item.url,
      quantity: item.quantity,
      fields: { serviceType: `items[${String(index)}].type`, targetUrl: `items[${String(index)}].url` },
    })),
  )
}

export function createSubscription(
  state: MockState,
  body: EndpointParsedRequest<'createSubscription'>,
): EndpointResponse<'createSubscription'> {
  const count = periodCount(body.startDate, body.endDate, body.renewalPeriod)
  if (count <= 0) throw new MockRefusal(422, `endDate: ${END_BEFORE_START}`, 'endDate')
  const rate = state.services[body.actionType]
  if (rate === undefined) throw new MockRefusal(422, `actionType: ${UNKNOWN_SERVICE}`, 'actionType')
  const id = nextId(state)
  const [initialOrder] = placeOrders(state, [
    {
      serviceType: body.actionType,
      targetUrl: body.url,
      quantity: body.quantityPerPeriod,
      subscriptionId: id,
      fields: { serviceType: 'actionType', targetUrl: 'url' },
    },
  ])
  if (!initialOrder) throw new Error('placeOrders returned no order')
  const nextRun = Date.parse(body.startDate) + renewalPeriodMilliseconds(body.renewalPeriod)
  const subscription: Subscription = {
    id,
    plan: body.plan,
    renewalPeriod: body.renewalPeriod,
    actionType: body.actionType,
    quantityPerPeriod: body.quantityPerPeriod,
    startDate: new Date(body.startDate).toISOString(),
    endDate: new Date(body.endDate).toISOString(),
    url: body.url,
    aiSettings: body.aiSettings,
    status: count > 1 ? 'active' : 'completed',
    periodCount: count,
    periodsPlaced: 1,
    nextRunAt: count > 1 ? new Date(nextRun).toISOString() : null,
    totalCost: microsToUsd(chargeMicrosForUnitRate(rate, body.quantityPerPeriod * count)),
    created_at: initialOrder.created_at,
  }
  state.subscriptions.unshift(subscription)
  return { initialOrder, subscription }
}

export function cancelSubscription(state: MockState, id: string): Subscription {
  const subscription = state.subscriptions.find((item) => item.id === id)
  if (!subscription) throw new MockRefusal(404, SUBSCRIPTION_NOT_FOUND)
  if (subscription.status !== 'active') throw new MockRefusal(409, SUBSCRIPTION_NOT_ACTIVE)
  subscription.status = 'cancelled'
  subscription.nextRunAt = null
  return subscription
}

function findOrder(state: MockState, id: string): Order {
  const order = state.orders.find((item) => item.id === id)
  if (!order) throw new MockRefusal(404, ORDER_NOT_FOUND)
  return order
}

/**
 * The server's rule (cancelEffect): a pending order, which the mock never sends upstream, is cancelled and
 * refunded at once (200); a processing one is with the provider, which is asked to stop it, so the answer is
 * 202 with the order as it stands.
 */
export function cancelOrder(state: MockState, id: string): { status: 200 | 202; order: Order } {
  const order = findOrder(state, id)
  const effect = cancelEffect({ status: order.status, sentUpstream: order.status === 'processing' })
  if (effect === 'not-cancellable') throw new MockRefusal(409, ORDER_NOT_CANCELLABLE)
  if (effect === 'requested') return { status: 202, order }
  order.status = 'cancelled'
  order.remains = order.quantity
  const refund = usdToMicros(order.charge)
  state.balanceMicros += refund
  state.transactions.unshift({
    id: `tx-refund-${order.id}`,
    date: state.now().toISOString(),
    type: 'refund',
    method: 'balance',
    amount: order.charge,
    currency: 'USD',
    status: 'completed',
    txid: null,
    payment_details: { order_id: order.id, reason: 'Order cancelled' },
  })
  return { status: 200, order }
}

export function retryOrder(state: MockState, id: string): EndpointResponse<'retryOrder'> {
  const order = findOrder(state, id)
  if (order.status !== 'paused') throw new MockRefusal(409, ORDER_NOT_RETRYABLE)
  order.status = 'pending'
  order.paused_reason = null
  return { message: orderQueuedForRetry(order.id), order }
}

export function retryAllOrders(state: MockState): EndpointResponse<'retryAllOrders'> {
  const paused = state.orders.filter((order) => order.status === 'paused')
  for (const order of paused) {
    order.status = 'pending'
    order.paused_reason = null
  }
  return { message: paused.length > 0 ? ALL_PAUSED_ORDERS_QUEUED : NO_PAUSED_ORDERS, orders: paused }
}

// ---- API keys ---------------------------------------------------------------------------------------------

/** A new key, answered whole once: 'ep_' and 43 characters, like the server's (not random: stories read it). */
export function createApiKey(state: MockState, name: string): EndpointResponse<'createApiKey'> {
  const id = nextId(state)
  const key = `ep_${`mock${id}`.padEnd(43, 'Zk4q')}`
  const summary: ApiKeySummary = {
    id,
    name,
    prefix: key.slice(0, 10),
    created_at: state.now().toISOString(),
    last_used_at: null,
    revoked_at: null,
  }
  state.apiKeys.unshift(summary)
  return { ...summary, key }
}

export function revokeApiKey(state: MockState, id: string): EndpointResponse<'revokeApiKey'> {
  const found = state.apiKeys.find((item) => item.id === id)
  if (!found) throw new MockRefusal(404, API_KEY_NOT_FOUND)
  found.revoked_at ??= state.now().toISOString()
  return found
}

// ---- Payments ---------------------------------------------------------------------------------------------

/**
 * Starts a deposit: a pending deposit transaction, and a payment_url that brings the customer straight back
 * to /wallet as if the gateway's checkout had been paid.
 */
export function createPayment(
  state: MockState,
  provider: PaymentProvider,
  body: EndpointParsedRequest<'createPayment'>,
  origin: string,
): EndpointResponse<'createPayment'> {
  const orderId = `pay-${nextId(state)}`
  const transactionId = `tx-dep-${orderId}`
  state.payments.set(orderId, { amount: body.amount, status: 'pending', transactionId })
  state.transactions.unshift({
    id: transactionId,
    date: state.now().toISOString(),
    type: 'deposit',
    method: body.method ?? 'crypto',
    amount: body.amount,
    currency: 'USD',
    status: 'pending',
    txid: null,
    payment_details: { provider, payment_id: orderId },
  })
  return { payment_url: `${origin}/wallet?payment_status=success&order_id=${orderId}`, order_id: orderId }
}

/** The first status check after the return completes the payment and credits the balance, once. */
export function paymentStatus(state: MockState, orderId: string): EndpointResponse<'paymentStatus'> {
  const payment = state.payments.get(orderId)
  if (!payment) throw new MockRefusal(404, PAYMENT_NOT_FOUND)
  if (payment.status === 'pending') {
    payment.status = 'completed'
    state.balanceMicros += usdToMicros(payment.amount)
    const transaction = state.transactions.find((item) => item.id === payment.transactionId)
    if (transaction) {
      transaction.status = 'completed'
      transaction.txid = `0x${orderId.replace(/\D/g, '').padStart(64, 'a')}`
    }
  }
  return { status: payment.status, amount: payment.amount }
}
