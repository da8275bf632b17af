// The operator console's hooks: a query per read, a mutation per write, each write invalidating what it
// changes. The admin client comes from AdminClientProvider (the console builds it in its own chunk), the cache
// from the app's QueryClientProvider. Like the customer hooks, TanStack's retries are off: the client already
// retries per

import type { EndpointRequest } from '@engage/contract'
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { createContext, createElement, useContext, type ReactNode } from 'react'
import type {
  AdminAuditFilters,
  AdminClient,
  AdminOrderFilters,
  AdminPaymentFilters,
  AdminUserFilters,
} from '../admin'
import { queryKeys } from '../queryKeys'

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
}

function invalidate(queryClient: QueryClient, keys: readonly (readonly unknown[])[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

/** Every operator write is audited: the audit log is stale after any of them. */
function afterWrite(queryClient: QueryClient, keys: readonly (readonly unknown[])[]) {
  return invalidate(queryClient, [...keys, adminQueryKeys.audit])
}

// ---- Reads ------------------------------------------------------------------------------------------------

/** The signed-in operator and their role (a customer's token answers 403). */
export function useAdminMe() {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.me,
    queryFn: ({ signal }) => client.me(signal),
    staleTime: 60_000,
    retry: false,
  })
}

/** A page of the audit log, newest first; pass the previous page's nextCursor for the next one. */
export function useAdminAuditLog(filters: AdminAuditFilters = {}, cursor?: string, limit = 25) {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.auditPage(filters, cursor, limit),
    queryFn: ({ signal }) => client.auditLog(filters, { cursor, limit, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  })
}

export function useAdminServices() {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.services,
    queryFn: ({ signal }) => client.listServices(signal),
    retry: false,
  })
}

export function useAdminProviders() {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.providers,
    queryFn: ({ signal }) => client.listProviders(signal),
    retry: false,
  })
}

/** The provider's balance, asked live; only when `enabled` (the console asks on a press). */
export function useAdminProviderBalance(providerId: string, options: { enabled?: boolean } = {}) {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.providerBalance(providerId),
    queryFn: ({ signal }) => client.providerBalance(providerId, signal),
    enabled: options.enabled ?? true,
    staleTime: 0,
    retry: false,
  })
}

/** The provider's services as last imported, with their remote rates. */
export function useAdminProviderServices(providerId: string | null) {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.providerServices(providerId ?? ''),
    queryFn: ({ signal }) => client.providerServices(providerId ?? '', signal),
    enabled: providerId !== null && providerId !== '',
    retry: false,
  })
}

export function useAdminUsers(filters: AdminUserFilters = {}, cursor?: string, limit = 25) {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.usersPage(filters, cursor, limit),
    queryFn: ({ signal }) => client.listUsers(filters, { cursor, limit, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  })
}

/** One account with its latest ledger entries and orders. */
export function useAdminUser(userId: string | null) {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.user(userId ?? ''),
    queryFn: ({ signal }) => client.getUser(userId ?? '', signal),
    enabled: userId !== null && userId !== '',
    retry: false,
  })
}

/** A page of an account's whole ledger, newest first. */
export function useAdminUserLedger(userId: string | null, cursor?: string, limit = 25) {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.userLedger(userId ?? '', cursor, limit),
    queryFn: ({ signal }) => client.userLedger(userId ?? '', { cursor, limit, signal }),
    enabled: userId !== null && userId !== '',
    placeholderData: keepPreviousData,
    retry: false,
  })
}

export function useAdminOrders(filters: AdminOrderFilters = {}, cursor?: string, limit = 25) {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.ordersPage(filters, cursor, limit),
    queryFn: ({ signal }) => client.listOrders(filters, { cursor, limit, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  })
}

/** One order with its upstream history (jobs, ledger entries, refills, operator actions). */
export function useAdminOrder(orderId: string | null) {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.order(orderId ?? ''),
    queryFn: ({ signal }) => client.getOrder(orderId ?? '', signal),
    enabled: orderId !== null && orderId !== '',
    retry: false,
  })
}

export function useAdminPayments(filters: AdminPaymentFilters = {}, cursor?: string, limit = 25) {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.paymentsPage(filters, cursor, limit),
    queryFn: ({ signal }) => client.listPayments(filters, { cursor, limit, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  })
}

export function useAdminUpdates() {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.updates,
    queryFn: ({ signal }) => client.listUpdates(signal),
    retry: false,
  })
}

export function useAdminContactMethods() {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.contactMethods,
    queryFn: ({ signal }) => client.listContactMethods(signal),
    retry: false,
  })
}

/** Counts of jobs by state and the dead ones with their last error. */
export function useAdminJobs() {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.jobs,
    queryFn: ({ signal }) => client.jobs(signal),
    retry: false,
  })
}

// ---- Writes -----------------------------------------------------------------------------------------------

// A service's rate, limits and enabled flag are what the customers' service list answers.
const afterServiceChange = [adminQueryKeys.services, adminQueryKeys.providers, queryKeys.services] as const

export function useAdminCreateService() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'adminCreateService'>) => client.createService(body),
    onSuccess: () => afterWrite(queryClient, afterServiceChange),
  })
}

export function useAdminUpdateService() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EndpointRequest<'adminUpdateService'> }) =>
      client.updateService(id, body),
    onSuccess: () => afterWrite(queryClient, afterServiceChange),
  })
}

export function useAdminCreateProvider() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'adminCreateProvider'>) => client.createProvider(body),
    onSuccess: () => afterWrite(queryClient, [adminQueryKeys.providers]),
  })
}

export function useAdminUpdateProvider() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EndpointRequest<'adminUpdateProvider'> }) =>
      client.updateProvider(id, body),
    onSuccess: () => afterWrite(queryClient, [adminQueryKeys.providers]),
  })
}

/** Asks the provider for its services now and stores them with their remote rates. */
export function useAdminImportProviderServices() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      client.importProviderServices(id, { reason }),
    onSuccess: (_answer, { id }) =>
      afterWrite(queryClient, [adminQueryKeys.providers, adminQueryKeys.providerServices(id)]),
  })
}

/** Stores the margin rule and sets the rates of the services mapped to the provider from theirs. */
export function useAdminSetProviderMargin() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EndpointRequest<'adminProviderMargin'> }) =>
      client.setProviderMargin(id, body),
    onSuccess: () => afterWrite(queryClient, afterServiceChange),
  })
}

// A user's balance, role and state show in the list, the detail and (their orders) the orders list.
const afterUserChange = [adminQueryKeys.users] as const

/** A ledger entry with a reason (never an edit of the balance). */
export function useAdminAdjustBalance() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EndpointRequest<'adminAdjustBalance'> }) =>
      client.adjustBalance(id, body),
    onSuccess: () => afterWrite(queryClient, afterUserChange),
  })
}

export function useAdminSetUserRole() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EndpointRequest<'adminSetUserRole'> }) =>
      client.setUserRole(id, body),
    onSuccess: () => afterWrite(queryClient, afterUserChange),
  })
}

/** Disables an account: its sessions end. */
export function useAdminDisableUser() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EndpointRequest<'adminDisableUser'> }) =>
      client.disableUser(id, body),
    onSuccess: () => afterWrite(queryClient, afterUserChange),
  })
}

export function useAdminEnableUser() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body?: EndpointRequest<'adminEnableUser'> }) =>
      client.enableUser(id, body),
    onSuccess: () => afterWrite(queryClient, afterUserChange),
  })
}

// An order action may move money (refund, cancel) and changes the order, its owner's balance and the jobs.
const afterOrderChange = [adminQueryKeys.orders, adminQueryKeys.users, adminQueryKeys.jobs] as const

/** The order actions by name; each answers the order as it is now and a confirmation. */
export type AdminOrderAction =
  | { action: 'retry'; id: string; body?: EndpointRequest<'adminRetryOrder'> }
  | { action: 'pause'; id: string; body: EndpointRequest<'adminPauseOrder'> }
  | { action: 'cancel'; id: string; body?: EndpointRequest<'adminCancelOrder'> }
  | { action: 'refund'; id: string; body: EndpointRequest<'adminRefundOrder'> }
  | { action: 'status'; id: string; body: EndpointRequest<'adminSetOrderStatus'> }

/** Retry, pause, cancel, refund (full or partial) or set the status of an order by hand. */
export function useAdminOrderAction() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AdminOrderAction) => {
      switch (input.action) {
        case 'retry':
          return client.retryOrder(input.id, input.body)
        case 'pause':
          return client.pauseOrder(input.id, input.body)
        case 'cancel':
          return client.cancelOrder(input.id, input.body)
        case 'refund':
          return client.refundOrder(input.id, input.body)
        case 'status':
          return client.setOrderStatus(input.id, input.body)
      }
    },
    onSuccess: () => afterWrite(queryClient, afterOrderChange),
  })
}

/** Asks the gateway for a payment's status now; a paid deposit is credited once. */
export function useAdminRecheckPayment() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => client.recheckPayment(id, { reason }),
    onSuccess: () => afterWrite(queryClient, [adminQueryKeys.payments, adminQueryKeys.users]),
  })
}

// Updates and contact methods are what the customers' dashboard shows (GET /api/user/me).
const afterContentChange = [adminQueryKeys.updates, adminQueryKeys.contactMethods, queryKeys.me] as const

export function useAdminCreateUpdate() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'adminCreateUpdate'>) => client.createUpdate(body),
    onSuccess: () => afterWrite(queryClient, afterContentChange),
  })
}

export function useAdminEditUpdate() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EndpointRequest<'adminEditUpdate'> }) =>
      client.editUpdate(id, body),
    onSuccess: () => afterWrite(queryClient, afterContentChange),
  })
}

export function useAdminDeleteUpdate() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => client.deleteUpdate(id, reason),
    onSuccess: () => afterWrite(queryClient, afterContentChange),
  })
}

export function useAdminCreateContactMethod() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'adminCreateContactMethod'>) => client.createContactMethod(body),
    onSuccess: () => afterWrite(queryClient, afterContentChange),
  })
}

export function useAdminEditContactMethod() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EndpointRequest<'adminEditContactMethod'> }) =>
      client.editContactMethod(id, body),
    onSuccess: () => afterWrite(queryClient, afterContentChange),
  })
}

export function useAdminDeleteContactMethod() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => client.deleteContactMethod(id, reason),
    onSuccess: () => afterWrite(queryClient, afterContentChange),
  })
}

/** Puts a dead job back in the queue with fresh attempts. */
export function useAdminRetryJob() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => client.retryJob(id, { reason }),
    onSuccess: () => afterWrite(queryClient, [adminQueryKeys.jobs, adminQueryKeys.orders]),
  })
}
