// Read hooks. The client already retries by its own rules (transport.ts), so TanStack's own retries are off
// (retry: false): retrying twice over would multiply the waits.

import {
  DEFAULT_TIMEZONE,
  servicesFromRates,
  PAGE_LIMIT_DEFAULT,
  type ListServicesResponse,
  type OrderFilterQuery,
  type QuantityLimits,
  type Timezone,
} from '@engage/contract'
import { queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { normaliseOrders, normaliseUser } from '../normalise'
import type { Client } from '../createClient'
import { queryKeys } from '../queryKeys'
import { useClient } from './ClientProvider'
import { pollUnlessLive } from './live'

/** The signed-in user (GET /api/user/me), normalised. See isSessionEndingError for the logout rule. */
export function useMe(options: { enabled?: boolean } = {}) {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => client.getMe({ signal }),
    select: (me) => normaliseUser(me),
    retry: false,
    enabled: options.enabled,
  })
}

/**
 * The signed-in customer's timezone, from the current-user data (UTC until it has loaded). Screens that only
 * show dates read it from what the page has loaded: it asks for the user once when nothing has, and never again
 * on its own, so a table or dialog that mounts does not fetch the user again (nor again and again after a
 * failure).
 */
export function useProfileTimezone(): Timezone {
  const client = useClient()
  const me = useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => client.getMe({ signal }),
    select: (me) => normaliseUser(me).settings.timezone,
    retry: false,
    retryOnMount: false,
    refetchOnMount: false,
  })
  return me.data ?? DEFAULT_TIMEZONE
}

/**
 * The query of the public service list (GET /api/get-services): what useServices reads, and what a page that
 * shows an order form first may ask for before it renders (queryClient.prefetchQuery).
 */
export function servicesQuery(client: Client) {
  return queryOptions({
    queryKey: queryKeys.services,
    queryFn: ({ signal }) => client.getServices({ signal }),
    staleTime: 5 * 60_000,
    retry: false,
  })
}

/** The public service list as [{ serviceName, rate }] (rate in USD per unit), in the server's order. */
export function useServices() {
  const client = useClient()
  return useQuery({ ...servicesQuery(client), select: servicesFromRates })
}

/** GET /api/services, shared by the limits of the order forms and the services of a pasted mass order. */
function serviceListingsQuery(client: Client) {
  return queryOptions({
    queryKey: queryKeys.serviceLimits,
    queryFn: ({ signal }) => client.listServices({ signal }),
    staleTime: 5 * 60_000,
    retry: false,
  })
}

/** Service name → the quantities it accepts, from the public service list with limits (GET /api/services). */
function limitsByService(listings: ListServicesResponse): Record<string, QuantityLimits> {
  return Object.fromEntries(
    listings.map((listing) => [listing.name, { min: listing.minQuantity, max: listing.maxQuantity }]),
  )
}

/**
 * Each service's own minimum and maximum quantity, for the order forms to show and check before sending. While
 * it loads (or when it fails) a form falls back to the rule of every order, and the server still checks.
 */
export function useServiceLimits() {
  const client = useClient()
  return useQuery({ ...serviceListingsQuery(client), select: limitsByService })
}

/** Every service with its id, name and limits (GET /api/services), for a mass order pasted as text. */
export function useServiceListings() {
  const client = useClient()
  return useQuery(serviceListingsQuery(client))
}

/**
 * Orders, newest first, polled every 20 s while the live updates stream is not open (useLiveUpdates). `data` is the flat, normalised list of the pages loaded so far;
 * `fetchNextPage` / `hasNextPage` load older ones.
 */
export function useOrders(options: { limit?: number; enabled?: boolean; filters?: OrderFilterQuery } = {}) {
  const client = useClient()
  const queryClient = useQueryClient()
  const limit = options.limit ?? PAGE_LIMIT_DEFAULT
  const filters = options.filters ?? {}
  return useInfiniteQuery({
    queryKey: queryKeys.ordersPage(limit, filters),
    queryFn: ({ pageParam, signal }) => client.listOrders({ cursor: pageParam, limit, signal, filters }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    select: (data) => normaliseOrders(data.pages.flatMap((page) => page.items)),
    refetchInterval: pollUnlessLive(queryClient),
    retry: false,
    enabled: options.enabled,
  })
}

/** The user's subscriptions, newest first. */
export function useSubscriptions(options: { enabled?: boolean } = {}) {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.subscriptions,
    queryFn: ({ signal }) => client.listSubscriptions({ signal }),
    retry: false,
    enabled: options.enabled,
  })
}
