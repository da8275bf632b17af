// The read hooks of the pages the first page does not load (the catalogue, deposits, API keys, affiliates,
// analytics): their own chunk, not the dashboard's first load. The later pages' calls go through the client's
// `send`, whose declarations load with the first of them.

import { PAGE_LIMIT_DEFAULT, type AnalyticsQuery, type PaymentProvider } from '@engage/contract'
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '../queryKeys'
import { useClient } from './ClientProvider'
import { pollUnlessLive } from './live'

/** The customer's referral link with its counts and commissions (the affiliate page). */
export function useAffiliates() {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.affiliates,
    queryFn: ({ signal }) => client.send('getAffiliates', { signal }),
    retry: false,
  })
}

/**
 * The customer's figures of a range of days on their own clock (GET /api/analytics). The live updates make
 * them stale when an order or the balance changes; while another range loads, the last one stays shown.
 */
export function useAnalytics(query: AnalyticsQuery) {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.analyticsRange(query),
    queryFn: ({ signal }) => client.send('analytics', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  })
}

/** The delivery progress of the active orders now (GET /api/analytics/delivery), fresh with each order event. */
export function useAnalyticsDelivery() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: queryKeys.analyticsDelivery,
    queryFn: ({ signal }) => client.send('analyticsDelivery', { signal }),
    refetchInterval: pollUnlessLive(queryClient),
    retry: false,
  })
}

/** The services catalogue (GET /api/services/catalogue): every service with its details and completion time. */
export function useServiceCatalogue() {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.serviceCatalogue,
    queryFn: ({ signal }) => client.serviceCatalogue({ signal }),
    staleTime: 60_000,
    retry: false,
    select: (answer) => answer.services,
  })
}

/** The crypto methods the payment provider accepts (the deposit form falls back to CRYPTO_FALLBACK_METHODS). */
export function usePaymentMethods(provider: PaymentProvider, options: { enabled?: boolean } = {}) {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.paymentMethods(provider),
    queryFn: ({ signal }) => client.paymentMethods(provider, { signal }),
    staleTime: 10 * 60_000,
    retry: false,
    enabled: options.enabled,
  })
}

/** The status of a deposit after the gateway sends the customer back (?payment_status=&order_id=). */
export function usePaymentStatus(orderId: string | null) {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.paymentStatus(orderId ?? ''),
    queryFn: ({ signal }) => client.paymentStatus(orderId ?? '', { signal }),
    enabled: orderId !== null && orderId !== '',
    retry: false,
  })
}

/** The user's API keys for the SMM panel API v2, newest first (revoked ones included). */
export function useApiKeys(options: { enabled?: boolean } = {}) {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.apiKeys,
    queryFn: ({ signal }) => client.listApiKeys({ signal }),
    retry: false,
    enabled: options.enabled,
  })
}

/** Which sign-in providers the server offers (GET /api/auth/providers); it changes only with a restart. */
export function useAuthProviders() {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.authProviders,
    queryFn: ({ signal }) => client.authProviders({ signal }),
    staleTime: Infinity,
    retry: false,
  })
}

/** Transactions, newest first; `data` is the flat list of the pages loaded so far. */
export function useTransactions(options: { limit?: number; enabled?: boolean } = {}) {
  const client = useClient()
  const limit = options.limit ?? PAGE_LIMIT_DEFAULT
  return useInfiniteQuery({
    queryKey: queryKeys.transactionsPage(limit),
    queryFn: ({ pageParam, signal }) => client.listTransactions({ cursor: pageParam, limit, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.items),
    retry: false,
    enabled: options.enabled,
  })
}
