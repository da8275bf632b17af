// The console's reads: a query per read. Like the customer hooks, TanStack's retries are off: the client
// already retries by its own rules (transport.ts), and retrying twice over would multiply the waits.

import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type {
  AdminAuditFilters,
  AdminOrderFilters,
  AdminPaymentFilters,
  AdminTicketFilters,
  AdminReportRange,
  AdminUserFilters,
} from '../../admin'
import { adminQueryKeys, useAdminClient } from './context'

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

/** A page of the support queue, newest first. */
export function useAdminTickets(filters: AdminTicketFilters = {}, cursor?: string, limit = 25) {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.ticketsPage(filters, cursor, limit),
    queryFn: ({ signal }) => client.listTickets(filters, { cursor, limit, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  })
}

/** A ticket with its customer, assignee and messages; only while `ticketId` is set. */
export function useAdminTicket(ticketId: string | null) {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.ticket(ticketId ?? ''),
    queryFn: ({ signal }) => client.getTicket(ticketId ?? '', signal),
    enabled: ticketId !== null,
  })
}

/** The commission referrers earn and its hold. */
export function useAdminAffiliateSettings() {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.affiliateSettings,
    queryFn: ({ signal }) => client.affiliateSettings(signal),
    retry: false,
  })
}

/** The reports of a range on the operator's clock; while another range loads, the last one stays shown. */
export function useAdminReports(range: AdminReportRange) {
  const client = useAdminClient()
  return useQuery({
    queryKey: adminQueryKeys.reports(range),
    queryFn: ({ signal }) => client.reports(range, signal),
    placeholderData: keepPreviousData,
    retry: false,
  })
}
