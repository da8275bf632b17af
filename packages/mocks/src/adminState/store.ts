// The console's mock state, its clock and ids, and the audit entry every write leaves.

import {
  type AdminAffiliateSettings,
  type AdminContactMethod,
  type AdminEndpointName,
  type AdminJob,
  type AdminLedgerEntry,
  type AdminMeResponse,
  type AdminOrder,
  type AdminPayment,
  type AdminProvider,
  type AdminProviderService,
  type AdminRefill,
  type AdminService,
  type AdminTicketThread,
  type AdminUpdateResponse,
  type AdminUser,
  type AuditAction,
  type AuditEntry,
  type EndpointParsedRequest,
  microsToUsd,
  usdToMicros,
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
  fixtureAdminRefills,
  fixtureAdminServices,
  fixtureAdminTickets,
  fixtureAdminUpdates,
  fixtureAdminUsers,
  fixtureJobCounts,
  fixtureSupportMe,
} from '../adminFixtures'
import { MockRefusal } from '../state'

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
  /** Order id → its refills, newest first. */
  refills: Map<string, AdminRefill[]>
  /** The support queue, newest first, with each ticket's messages. */
  tickets: AdminTicketThread[]
  /** Newest first. */
  audit: AuditEntry[]
  affiliateSettings: AdminAffiliateSettings
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
    refills: empty ? new Map() : fixtureAdminRefills(),
    tickets: empty ? [] : fixtureAdminTickets(),
    audit: empty ? [] : fixtureAdminAudit(),
    // The server's defaults: 10 % after 14 days, never changed.
    affiliateSettings: { rate_basis_points: 1000, hold_days: 14, updated_at: null },
    sequence: 5000,
  }
}

/** The validated body of an endpoint's request, as the handler passes it in. */
export type Body<Name extends AdminEndpointName> = EndpointParsedRequest<Name>

export function nextId(state: AdminMockState): string {
  state.sequence += 1
  return String(state.sequence)
}

export function nowIso(state: AdminMockState): string {
  return state.now().toISOString()
}

export function audit(
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

export function find<Item extends { id: string }>(
  items: readonly Item[],
  id: string,
  notFound: string,
): Item {
  const item = items.find((candidate) => candidate.id === id)
  if (!item) throw new MockRefusal(404, notFound)
  return item
}

export function addUsd(a: number, b: number): number {
  return microsToUsd(usdToMicros(a) + usdToMicros(b))
}
