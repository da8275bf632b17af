// The in-memory state behind the operator console's handlers, so a story's flow behaves: a created service
// shows in the list, a balance adjustment writes a ledger entry and moves the balance, a refund moves money
// and every write leaves an audit entry.

import {
  adminCancelMessage,
  ADMIN_BALANCE_BELOW_ZERO,
  cancelEffect,
  ADMIN_LAST_ADMIN,
  ADMIN_NOTHING_TO_REFUND,
  ADMIN_REFUND_TOO_LARGE,
  ADMIN_SERVICE_NAME_TAKEN,
  ADMIN_PROVIDER_NAME_TAKEN,
  ADMIN_JOB_NOT_DEAD,
  CONTACT_METHOD_NOT_FOUND,
  JOB_NOT_FOUND,
  microsToUsd,
  ORDER_NOT_CANCELLABLE,
  ORDER_NOT_FOUND,
  PAYMENT_NOT_FOUND,
  PROVIDER_NOT_FOUND,
  SERVICE_NOT_FOUND,
  UPDATE_NOT_FOUND,
  USER_NOT_FOUND,
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
  type AuditAction,
  type AuditEntry,
  type AdminEndpointName,
  type EndpointParsedRequest,
} from '@engage/contract'
import {
  FIXTURE_CUSTOMER_ID,
  fixtureAdminAudit,
  fixtureAdminContactMethods,
  fixtureAdminJobs,
  fixtureAdminLedger,
  fixtureAdminMe,
  fixtureAdminOrders,
  fixtureAdminPayments,
  fixtureAdminProviders,
  fixtureAdminProviderServices,
  fixtureAdminServices,
  fixtureAdminUpdates,
  fixtureAdminUsers,
  fixtureJobCounts,
  fixtureSupportMe,
} from './adminFixtures'
import { MockRefusal } from './state'

export interface AdminMockState {
  now: () => Date
  /** The operator signed in (GET /api/admin/me). */
  me: AdminMeResponse
  services: AdminService[]
  providers: AdminProvider[]
  /** Provider id → its imported services. */
  providerServices: Map<string, AdminProviderService[]>
  /** Newest first. */
  users: AdminUser[]
  /** User id → ledger entries, newest first. */
  ledger: Map<string, AdminLedgerEntry[]>
  /** Newest first. */
  orders: AdminOrder[]
  payments: AdminPayment[]
  updates: AdminUpdateResponse[]
  contactMethods: AdminContactMethod[]
  /** Every job the console knows of (dead and revived ones). */
  jobs: AdminJob[]
  jobCounts: { queued: number; running: number; done: number }
  /** Newest first. */
  audit: AuditEntry[]
  sequence: number
}

export interface AdminMockStateOptions {
  /** A fresh panel: no services, providers, orders, payments, content, jobs or audit entries; one admin. */
  empty?: boolean
  /** Who is operating. @default 'admin' */
  role?: 'admin' | 'support'
  now?: () => Date
}

export function createAdminMockState(options: AdminMockStateOptions = {}): AdminMockState {
  const empty = options.empty ?? false
  const orders = empty ? [] : fixtureAdminOrders()
  const me = options.role === 'support' ? fixtureSupportMe : fixtureAdminMe
  const users = empty ? fixtureAdminUsers().filter((user) => user.id === me.id) : fixtureAdminUsers()
  return {
    now: options.now ?? (() => new Date()),
    me,
    services: empty ? [] : fixtureAdminServices(),
    providers: empty ? [] : fixtureAdminProviders(),
    providerServices: new Map(empty ? [] : [['1', fixtureAdminProviderServices()]]),
    users,
    ledger: new Map(empty ? [] : [[FIXTURE_CUSTOMER_ID, fixtureAdminLedger(orders)]]),
    orders,
    payments: empty ? [] : fixtureAdminPayments(),
    updates: empty ? [] : fixtureAdminUpdates(),
    contactMethods: empty ? [] : fixtureAdminContactMethods(),
    jobs: empty ? [] : fixtureAdminJobs(),
    jobCounts: empty ? { queued: 0, running: 0, done: 0 } : { ...fixtureJobCounts },
    audit: empty ? [] : fixtureAdminAudit(),
    sequence: 5000,
  }
}

/** The validated body of an endpoint's request, as the handler passes it in. */
type Body<Name extends AdminEndpointName> = EndpointParsedRequest<Name>

function nextId(state: AdminMockState): string {
  state.sequence += 1
  return String(state.sequence)
}

function nowIso(state: AdminMockState): string {
  return state.now().toISOString()
}

function audit(
  state: AdminMockState,
  action: AuditAction,
  target: string,
  before: unknown,
  after: unknown,
  reason: string | null | undefined,
) {
  state.audit.unshift({
    id: nextId(state),
    created_at: nowIso(state),
    actor_id: state.me.id,
    actor_email: state.me.email,
    actor_role: state.me.role,
    action,
    target,
    before: before ?? null,
    after: after ?? null,
    reason: reason ?? null,
  })
}

function find<Item extends { id: string }>(items: readonly Item[], id: string, notFound: string): Item {
  const item = items.find((candidate) => candidate.id === id)
  if (!item) throw new MockRefusal(404, notFound)
  return item
}

function addUsd(a: number, b: number): number {
  return microsToUsd(usdToMicros(a) + usdToMicros(b))
}

// ---- Services and providers -------------------------------------------------------------------------------

function withProvider(state: AdminMockState, service: AdminService): AdminService {
  const provider = state.providers.find((candidate) => candidate.id === service.provider_id)
  const remote = state.providerServices
    .get(service.provider_id ?? '')
    ?.find((candidate) => candidate.remote_service_id === service.remote_service_id)
  return {
    ...service,
    provider_name: provider?.name ?? null,
    provider_rate_per_1k: remote?.rate_per_1k ?? null,
  }
}

export function createService(state: AdminMockState, body: Body<'adminCreateService'>): AdminService {
  if (state.services.some((service) => service.name === body.name)) {
    throw new MockRefusal(409, ADMIN_SERVICE_NAME_TAKEN, 'name')
  }
  const { reason, ...fields } = body
  const service = withProvider(state, {
    ...fields,
    id: nextId(state),
    provider_name: null,
    provider_rate_per_1k: null,
    created_at: nowIso(state),
    updated_at: nowIso(state),
  })
  state.services.push(service)
  audit(state, 'service.create', `service:${service.id}`, null, fields, reason)
  return service
}

export function updateService(
  state: AdminMockState,
  id: string,
  body: Body<'adminUpdateService'>,
): AdminService {
  const before = find(state.services, id, SERVICE_NOT_FOUND)
  const { reason, ...changes } = body
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined))
  if (
    typeof defined.name === 'string' &&
    state.services.some((service) => service.name === defined.name && service.id !== id)
  ) {
    throw new MockRefusal(409, ADMIN_SERVICE_NAME_TAKEN, 'name')
  }
  const after = withProvider(state, { ...before, ...defined, updated_at: nowIso(state) })
  state.services = state.services.map((service) => (service.id === id ? after : service))
  audit(state, 'service.update', `service:${id}`, before, after, reason)
  return after
}

export function createProvider(state: AdminMockState, body: Body<'adminCreateProvider'>): AdminProvider {
  if (state.providers.some((provider) => provider.name === body.name)) {
    throw new MockRefusal(409, ADMIN_PROVIDER_NAME_TAKEN, 'name')
  }
  const provider: AdminProvider = {
    id: nextId(state),
    name: body.name,
    api_url: body.api_url,
    api_key_masked: `••••••••${body.api_key.slice(-4)}`,
    enabled: true,
    margin_percent: null,
    services_count: 0,
    mapped_services_count: 0,
    created_at: nowIso(state),
    updated_at: nowIso(state),
  }
  state.providers.push(provider)
  audit(
    state,
    'provider.create',
    `provider:${provider.id}`,
    null,
    { name: provider.name, api_url: provider.api_url },
    body.reason,
  )
  return provider
}

export function updateProvider(
  state: AdminMockState,
  id: string,
  body: Body<'adminUpdateProvider'>,
): AdminProvider {
  const before = find(state.providers, id, PROVIDER_NOT_FOUND)
  const after: AdminProvider = {
    ...before,
    ...(body.api_url === undefined ? {} : { api_url: body.api_url }),
    ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
    ...(body.api_key === undefined ? {} : { api_key_masked: `••••••••${body.api_key.slice(-4)}` }),
    updated_at: nowIso(state),
  }
  state.providers = state.providers.map((provider) => (provider.id === id ? after : provider))
  audit(state, 'provider.update', `provider:${id}`, before, after, body.reason)
  return after
}

export function providerServices(state: AdminMockState, id: string): AdminProviderService[] {
  find(state.providers, id, PROVIDER_NOT_FOUND)
  return (state.providerServices.get(id) ?? []).map((remote) => ({
    ...remote,
    mapped_to: state.services
      .filter(
        (service) => service.provider_id === id && service.remote_service_id === remote.remote_service_id,
      )
      .map((service) => service.name),
  }))
}

/** The simulator-like catalogue a provider answers when imported for the first time. */
export function importProviderServices(
  state: AdminMockState,
  id: string,
  reason: string | null,
): AdminProviderService[] {
  const provider = find(state.providers, id, PROVIDER_NOT_FOUND)
  const existing = state.providerServices.get(id)
  const imported: AdminProviderService[] = (
    existing ??
    [
      ['201', 'Instagram Followers', 'Followers', 1.8],
      ['202', 'Instagram Likes', 'Likes', 0.7],
      ['203', 'YouTube Views', 'Views', 0.25],
    ].map(([remoteId, name, category, rate]) => ({
      provider_id: id,
      remote_service_id: String(remoteId),
      name: String(name),
      type: 'Default',
      category: String(category),
      rate_per_1k: Number(rate),
      min_quantity: 10,
      max_quantity: 50_000,
      refill: false,
      cancel: true,
      imported_at: nowIso(state),
      mapped_to: [],
    }))
  ).map((remote) => ({ ...remote, imported_at: nowIso(state) }))
  state.providerServices.set(id, imported)
  state.providers = state.providers.map((candidate) =>
    candidate.id === id
      ? { ...candidate, services_count: imported.length, updated_at: nowIso(state) }
      : candidate,
  )
  audit(state, 'provider.import', `provider:${provider.id}`, null, { services: imported.length }, reason)
  return providerServices(state, id)
}

export function setProviderMargin(state: AdminMockState, id: string, body: Body<'adminProviderMargin'>) {
  const before = find(state.providers, id, PROVIDER_NOT_FOUND)
  const remotes = state.providerServices.get(id) ?? []
  const repriced: AdminService[] = []
  state.services = state.services.map((service) => {
    const remote = remotes.find(
      (candidate) => service.provider_id === id && candidate.remote_service_id === service.remote_service_id,
    )
    if (!remote) return service
    const rateMicros = Math.ceil(usdToMicros(remote.rate_per_1k) * (1 + body.margin_percent / 100))
    const updated = { ...service, rate_per_1k: microsToUsd(rateMicros), updated_at: nowIso(state) }
    repriced.push(updated)
    return updated
  })
  const provider = { ...before, margin_percent: body.margin_percent, updated_at: nowIso(state) }
  state.providers = state.providers.map((candidate) => (candidate.id === id ? provider : candidate))
  audit(
    state,
    'provider.margin',
    `provider:${id}`,
    { margin_percent: before.margin_percent },
    { margin_percent: body.margin_percent },
    body.reason,
  )
  return { provider, services: repriced }
}

// ---- Users ------------------------------------------------------------------------------------------------

export function userDetail(state: AdminMockState, id: string) {
  const user = find(state.users, id, USER_NOT_FOUND)
  const ledger = state.ledger.get(id) ?? []
  return {
    user,
    ledger_sum: ledger.reduce((sum, entry) => addUsd(sum, entry.amount), 0),
    active_sessions: user.disabled ? 0 : 2,
    ledger: ledger.slice(0, 50),
    orders: state.orders.filter((order) => order.user_id === id).slice(0, 50),
  }
}

export function adjustBalance(state: AdminMockState, id: string, body: Body<'adminAdjustBalance'>) {
  const before = find(state.users, id, USER_NOT_FOUND)
  const ledger = state.ledger.get(id) ?? []
  const repeated = ledger.find((entry) => entry.id === `adj-${body.idempotency_key}`)
  if (repeated) return { user: before, entry: repeated }
  const balance = addUsd(before.balance, body.amount)
  if (balance < 0) throw new MockRefusal(409, ADMIN_BALANCE_BELOW_ZERO, 'amount')
  const entry: AdminLedgerEntry = {
    id: `adj-${body.idempotency_key}`,
    created_at: nowIso(state),
    amount: body.amount,
    kind: 'adjustment',
    reference: `adjustment:${id}:${body.idempotency_key}`,
    note: body.reason,
  }
  state.ledger.set(id, [entry, ...ledger])
  const user = { ...before, balance }
  state.users = state.users.map((candidate) => (candidate.id === id ? user : candidate))
  audit(state, 'user.adjust_balance', `user:${id}`, { balance: before.balance }, { balance }, body.reason)
  return { user, entry }
}

export function setUserRole(state: AdminMockState, id: string, body: Body<'adminSetUserRole'>) {
  const before = find(state.users, id, USER_NOT_FOUND)
  const admins = state.users.filter((user) => user.role === 'admin' && !user.disabled)
  if (before.role === 'admin' && body.role !== 'admin' && admins.length <= 1) {
    throw new MockRefusal(409, ADMIN_LAST_ADMIN)
  }
  const user = { ...before, role: body.role }
  state.users = state.users.map((candidate) => (candidate.id === id ? user : candidate))
  audit(state, 'user.set_role', `user:${id}`, { role: before.role }, { role: body.role }, body.reason)
  return { user }
}

export function setUserDisabled(state: AdminMockState, id: string, disabled: boolean, reason: string | null) {
  const before = find(state.users, id, USER_NOT_FOUND)
  const user = { ...before, disabled, disabled_at: disabled ? nowIso(state) : null }
  state.users = state.users.map((candidate) => (candidate.id === id ? user : candidate))
  audit(
    state,
    disabled ? 'user.disable' : 'user.enable',
    `user:${id}`,
    { disabled: before.disabled },
    { disabled },
    reason,
  )
  return { user }
}

// ---- Orders -----------------------------------------------------------------------------------------------

export function orderDetail(state: AdminMockState, id: string) {
  const order = find(state.orders, id, ORDER_NOT_FOUND)
  const provider = state.providers.find((candidate) => candidate.id === order.provider_id)
  const service = state.services.find((candidate) => candidate.name === order.service_type)
  return {
    order,
    upstream: {
      provider_id: order.provider_id,
      provider_name: provider?.name ?? null,
      remote_service_id: order.provider_id === null ? null : (service?.remote_service_id ?? null),
      upstream_order_id: order.upstream_order_id,
      attempted_at: order.upstream_order_id === null ? null : order.created_at,
    },
    jobs: state.jobs.filter((job) => (job.payload as { orderId?: number }).orderId === Number(id)),
    ledger: (state.ledger.get(order.user_id) ?? []).filter((entry) => entry.reference === `order:${id}`),
    refills: [],
    audit: state.audit.filter((entry) => entry.target === `order:${id}`),
  }
}

function changeOrder(
  state: AdminMockState,
  id: string,
  action: AuditAction,
  reason: string | null,
  change: (order: AdminOrder) => Partial<AdminOrder>,
  message: string,
) {
  const before = find(state.orders, id, ORDER_NOT_FOUND)
  const order = { ...before, ...change(before), updated_at: nowIso(state) }
  state.orders = state.orders.map((candidate) => (candidate.id === id ? order : candidate))
  audit(
    state,
    action,
    `order:${id}`,
    { status: before.status, refunded: before.refunded },
    { status: order.status, refunded: order.refunded },
    reason,
  )
  return { message, order }
}

function creditRefund(state: AdminMockState, order: AdminOrder, amount: number, note: string) {
  const entry: AdminLedgerEntry = {
    id: `le-${nextId(state)}`,
    created_at: nowIso(state),
    amount,
    kind: 'refund',
    reference: `order:${order.id}`,
    note,
  }
  state.ledger.set(order.user_id, [entry, ...(state.ledger.get(order.user_id) ?? [])])
  state.users = state.users.map((user) =>
    user.id === order.user_id ? { ...user, balance: addUsd(user.balance, amount) } : user,
  )
}

export function refundOrder(state: AdminMockState, id: string, body: Body<'adminRefundOrder'>) {
  const before = find(state.orders, id, ORDER_NOT_FOUND)
  const left = microsToUsd(usdToMicros(before.charge) - usdToMicros(before.refunded))
  if (left <= 0) throw new MockRefusal(409, ADMIN_NOTHING_TO_REFUND)
  const amount = body.amount ?? left
  if (amount > left) throw new MockRefusal(409, ADMIN_REFUND_TOO_LARGE, 'amount')
  creditRefund(state, before, amount, body.reason)
  return changeOrder(
    state,
    id,
    'order.refund',
    body.reason,
    (order) => ({ refunded: addUsd(order.refunded, amount) }),
    `Refunded $${amount.toFixed(2)} to ${before.user_email}`,
  )
}

/**
 * The server's cancel rule (cancelEffect): an order never sent upstream is cancelled and refunded at once; one
 * the provider has is only asked of it (202), and stays as it is until the provider answers.
 */
export function cancelOrder(state: AdminMockState, id: string, reason: string | null) {
  const before = find(state.orders, id, ORDER_NOT_FOUND)
  const effect = cancelEffect({ status: before.status, sentUpstream: before.upstream_order_id !== null })
  if (effect === 'not-cancellable') throw new MockRefusal(409, ORDER_NOT_CANCELLABLE)
  if (effect === 'requested') {
    return {
      accepted: true,
      ...changeOrder(state, id, 'order.cancel', reason, () => ({}), adminCancelMessage(id, effect)),
    }
  }
  const left = microsToUsd(usdToMicros(before.charge) - usdToMicros(before.refunded))
  if (left > 0) creditRefund(state, before, left, 'Order cancelled before it started')
  return {
    accepted: false,
    ...changeOrder(
      state,
      id,
      'order.cancel',
      reason,
      () => ({ status: 'cancelled', refunded: before.charge }),
      adminCancelMessage(id, effect),
    ),
  }
}

export function retryOrder(state: AdminMockState, id: string, reason: string | null) {
  return changeOrder(
    state,
    id,
    'order.retry',
    reason,
    () => ({ status: 'pending', paused_reason: null }),
    `Order ${id} queued for retry`,
  )
}

export function pauseOrder(state: AdminMockState, id: string, reason: string) {
  return changeOrder(
    state,
    id,
    'order.pause',
    reason,
    () => ({ status: 'paused', paused_reason: reason }),
    `Order ${id} paused`,
  )
}

export function setOrderStatus(state: AdminMockState, id: string, body: Body<'adminSetOrderStatus'>) {
  return changeOrder(
    state,
    id,
    'order.set_status',
    body.reason,
    (order) => ({
      status: body.status,
      remains: body.remains === undefined ? order.remains : body.remains,
      start_count: body.start_count === undefined ? order.start_count : body.start_count,
    }),
    `Order ${id} set to ${body.status}`,
  )
}

// ---- Payments, content, jobs ------------------------------------------------------------------------------

export function recheckPayment(state: AdminMockState, id: string, reason: string | null) {
  const before = find(state.payments, id, PAYMENT_NOT_FOUND)
  if (before.status !== 'pending') {
    return {
      payment: before,
      outcome: 'unchanged' as const,
      message: `Already ${before.status}: nothing to do`,
    }
  }
  const payment: AdminPayment = {
    ...before,
    status: 'completed',
    gateway_status: 'paid',
    amount_credited: before.amount_requested,
    credited_at: nowIso(state),
    updated_at: nowIso(state),
  }
  state.payments = state.payments.map((candidate) => (candidate.id === id ? payment : candidate))
  state.users = state.users.map((user) =>
    user.id === payment.user_id ? { ...user, balance: addUsd(user.balance, payment.amount_requested) } : user,
  )
  audit(
    state,
    'payment.recheck',
    `payment:${id}`,
    { status: before.status },
    { status: payment.status },
    reason,
  )
  return {
    payment,
    outcome: 'credited' as const,
    message: `The gateway reports it paid: $${payment.amount_requested.toFixed(2)} credited`,
  }
}

export function saveUpdate(
  state: AdminMockState,
  id: string | null,
  body: Body<'adminCreateUpdate'>,
): AdminUpdateResponse {
  const { reason, date, ...fields } = body
  if (id === null) {
    const update = { ...fields, id: nextId(state), date: date ?? nowIso(state) }
    state.updates.unshift(update)
    audit(state, 'update.create', `update:${update.id}`, null, update, reason)
    return update
  }
  const before = find(state.updates, id, UPDATE_NOT_FOUND)
  const update = { ...before, ...fields, date: date ?? before.date }
  state.updates = state.updates.map((candidate) => (candidate.id === id ? update : candidate))
  audit(state, 'update.update', `update:${id}`, before, update, reason)
  return update
}

export function deleteUpdate(state: AdminMockState, id: string, reason: string | null) {
  const before = find(state.updates, id, UPDATE_NOT_FOUND)
  state.updates = state.updates.filter((candidate) => candidate.id !== id)
  audit(state, 'update.delete', `update:${id}`, before, null, reason)
  return { message: `Update ${id} deleted` }
}

export function saveContactMethod(
  state: AdminMockState,
  id: string | null,
  body: Body<'adminCreateContactMethod'>,
): AdminContactMethod {
  const { reason, ...fields } = body
  const sorted = () => state.contactMethods.sort((a, b) => a.sort_order - b.sort_order)
  if (id === null) {
    const contact = { ...fields, id: nextId(state) }
    state.contactMethods.push(contact)
    sorted()
    audit(state, 'contact_method.create', `contact_method:${contact.id}`, null, contact, reason)
    return contact
  }
  const before = find(state.contactMethods, id, CONTACT_METHOD_NOT_FOUND)
  const contact = { ...before, ...fields }
  state.contactMethods = state.contactMethods.map((candidate) => (candidate.id === id ? contact : candidate))
  sorted()
  audit(state, 'contact_method.update', `contact_method:${id}`, before, contact, reason)
  return contact
}

export function deleteContactMethod(state: AdminMockState, id: string, reason: string | null) {
  const before = find(state.contactMethods, id, CONTACT_METHOD_NOT_FOUND)
  state.contactMethods = state.contactMethods.filter((candidate) => candidate.id !== id)
  audit(state, 'contact_method.delete', `contact_method:${id}`, before, null, reason)
  return { message: `Contact method ${id} deleted` }
}

export function jobsOf(state: AdminMockState) {
  const dead = state.jobs.filter((job) => job.status === 'dead')
  const queued = state.jobs.filter((job) => job.status === 'queued').length
  return {
    counts: { ...state.jobCounts, queued: state.jobCounts.queued + queued, dead: dead.length },
    dead,
  }
}

export function retryJob(state: AdminMockState, id: string, reason: string | null) {
  const before = find(state.jobs, id, JOB_NOT_FOUND)
  if (before.status !== 'dead') throw new MockRefusal(409, ADMIN_JOB_NOT_DEAD)
  const job: AdminJob = {
    ...before,
    status: 'queued',
    attempts: 0,
    run_at: nowIso(state),
    updated_at: nowIso(state),
  }
  state.jobs = state.jobs.map((candidate) => (candidate.id === id ? job : candidate))
  audit(state, 'job.retry', `job:${id}`, { status: 'dead' }, { status: 'queued' }, reason)
  return { job }
}
