// The operator console's admin client (from AdminClientProvider; the console builds it in its own chunk), its
// query keys, and the invalidation every write does. The cache is the app's QueryClientProvider's.

import type { QueryClient } from '@tanstack/react-query'
import { createContext, createElement, type ReactNode, useContext } from 'react'
import type {
  AdminAuditFilters,
  AdminClient,
  AdminOrderFilters,
  AdminPaymentFilters,
  AdminTicketFilters,
  AdminReportRange,
  AdminUserFilters,
} from '../../admin'

const AdminClientContext = createContext<AdminClient | null>(null)

export interface AdminClientProviderProps {
  /** From createAdminClient({ baseUrl, getToken }). */
  client: AdminClient
  children: ReactNode
}

/** Gives the console's hooks their admin client (inside a ClientProvider or QueryClientProvider). */
export function AdminClientProvider({ client, children }: AdminClientProviderProps) {
  return createElement(AdminClientContext.Provider, { value: client }, children)
}

/** The admin client of the nearest AdminClientProvider. */
export function useAdminClient(): AdminClient {
  const client = useContext(AdminClientContext)
  if (client === null) throw new Error('useAdminClient must be used inside an AdminClientProvider')
  return client
}

/** Query keys of the console; every one starts with 'admin', so signing out can drop them all at once. */
export const adminQueryKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  audit: ['admin', 'audit'] as const,
  auditPage: (filters: AdminAuditFilters, cursor: string | undefined, limit: number) =>
    ['admin', 'audit', { ...filters, cursor, limit }] as const,
  services: ['admin', 'services'] as const,
  providers: ['admin', 'providers'] as const,
  providerBalance: (id: string) => ['admin', 'providers', id, 'balance'] as const,
  providerServices: (id: string) => ['admin', 'providers', id, 'services'] as const,
  users: ['admin', 'users'] as const,
  usersPage: (filters: AdminUserFilters, cursor: string | undefined, limit: number) =>
    ['admin', 'users', 'list', { ...filters, cursor, limit }] as const,
  user: (id: string) => ['admin', 'users', id] as const,
  userLedger: (id: string, cursor: string | undefined, limit: number) =>
    ['admin', 'users', id, 'ledger', { cursor, limit }] as const,
  orders: ['admin', 'orders'] as const,
  ordersPage: (filters: AdminOrderFilters, cursor: string | undefined, limit: number) =>
    ['admin', 'orders', 'list', { ...filters, cursor, limit }] as const,
  order: (id: string) => ['admin', 'orders', id] as const,
  payments: ['admin', 'payments'] as const,
  paymentsPage: (filters: AdminPaymentFilters, cursor: string | undefined, limit: number) =>
    ['admin', 'payments', { ...filters, cursor, limit }] as const,
  updates: ['admin', 'updates'] as const,
  contactMethods: ['admin', 'contact-methods'] as const,
  jobs: ['admin', 'jobs'] as const,
  tickets: ['admin', 'tickets'] as const,
  ticketsPage: (filters: AdminTicketFilters, cursor: string | undefined, limit: number) =>
    ['admin', 'tickets', 'list', { ...filters, cursor, limit }] as const,
  ticket: (id: string) => ['admin', 'tickets', id] as const,
  affiliateSettings: ['admin', 'affiliate-settings'] as const,
  reports: (range: AdminReportRange) => ['admin', 'reports', range] as const,
}

export function invalidate(queryClient: QueryClient, keys: readonly (readonly unknown[])[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

/** Every operator write is audited: the audit log is stale after any of them. */
export function afterWrite(queryClient: QueryClient, keys: readonly (readonly unknown[])[]) {
  return invalidate(queryClient, [...keys, adminQueryKeys.audit])
}
