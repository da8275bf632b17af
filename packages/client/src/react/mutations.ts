// Write hooks: one per call, each invalidating the data it changes.

import type { EndpointRequest, MeResponse, Order } from '@engage/contract'
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { Page } from '../createClient'
import { queryKeys, userScopedKeys } from '../queryKeys'
import { useClient } from './ClientProvider'

export function invalidate(queryClient: QueryClient, keys: readonly (readonly unknown[])[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

export function forgetUserData(queryClient: QueryClient) {
  for (const queryKey of userScopedKeys) queryClient.removeQueries({ queryKey })
}

/** Puts the server's copy of an order into every loaded orders page (a cancel shows at once). */
function replaceOrderInPages(queryClient: QueryClient, order: Order) {
  queryClient.setQueriesData<InfiniteData<Page<Order>, string | undefined>>(
    { queryKey: queryKeys.orders },
    (data) =>
      data === undefined
        ? data
        : {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === order.id ? order : item)),
            })),
          },
  )
}

// Money moves with every order call, so they refresh the user (balance), orders and transactions.
const afterOrderChange = [queryKeys.me, queryKeys.orders, queryKeys.transactions] as const

/**
 * logout forgets the user's data even when the server reports a failure (the failure is only logged by
 * the app); the app removes authToken and sessionId and navigates to / in onSettled.
 */
export function useLogout() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => client.logout(),
    onSettled: () => forgetUserData(queryClient),
  })
}

/** Saves (creates or updates) AI settings; also seeds the two presets for a user who has none. */
export function useSaveAiSettings() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'saveAiSettings'>) => client.saveAiSettings(body),
    onSuccess: (aiSettings) => {
      queryClient.setQueryData<MeResponse>(queryKeys.me, (me) =>
        me === undefined ? me : { ...me, aiSettings },
      )
      return invalidate(queryClient, [queryKeys.me])
    },
  })
}

/** Deletes an AI setting (retrying a 404 with a case-insensitive id match from the cached user). */
export function useDeleteAiSetting() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => {
      const knownIds = queryClient
        .getQueryData<MeResponse>(queryKeys.me)
        ?.aiSettings.map((setting) => setting.id)
      return client.deleteAiSetting(id, knownIds === undefined ? undefined : { knownIds })
    },
    onSuccess: (aiSettings) => {
      queryClient.setQueryData<MeResponse>(queryKeys.me, (me) =>
        me === undefined ? me : { ...me, aiSettings },
      )
      return invalidate(queryClient, [queryKeys.me])
    },
  })
}

export function useCreateOrder() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'createOrder'>) => client.createOrder(body),
    onSuccess: () => invalidate(queryClient, afterOrderChange),
  })
}

export function useCreateMassOrder() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'createMassOrder'>) => client.createMassOrder(body),
    onSuccess: () => invalidate(queryClient, afterOrderChange),
  })
}

export function useCreateSubscription() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'createSubscription'>) => client.createSubscription(body),
    onSuccess: () => invalidate(queryClient, [...afterOrderChange, queryKeys.subscriptions]),
  })
}

export function useCancelSubscription() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => client.cancelSubscription(id),
    onSuccess: () => invalidate(queryClient, [queryKeys.subscriptions]),
  })
}

export function useCancelOrder() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => client.cancelOrder(id),
    onSuccess: (order) => {
      replaceOrderInPages(queryClient, order)
      return invalidate(queryClient, afterOrderChange)
    },
  })
}

/** No money moves with a refill: only the order (its latest refill) changes. */
export function useRequestRefill() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => client.requestRefill(id),
    onSuccess: (order) => {
      replaceOrderInPages(queryClient, order)
      return invalidate(queryClient, [queryKeys.orders])
    },
  })
}

export function useRetryOrder() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => client.retryOrder(id),
    onSuccess: (answer) => {
      replaceOrderInPages(queryClient, answer.order)
      return invalidate(queryClient, [queryKeys.me, queryKeys.orders])
    },
  })
}

export function useRetryAllOrders() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => client.retryAllOrders(),
    onSuccess: (answer) => {
      for (const order of answer.orders) replaceOrderInPages(queryClient, order)
      return invalidate(queryClient, [queryKeys.me, queryKeys.orders])
    },
  })
}

export function useFetchModels() {
  const client = useClient()
  return useMutation({ mutationFn: (body: EndpointRequest<'fetchModels'>) => client.fetchModels(body) })
}

/** One sample text from an AI setting (the AI settings dialog's preview). */
export function useAiPreview() {
  const client = useClient()
  return useMutation({ mutationFn: (body: EndpointRequest<'aiPreview'>) => client.aiPreview(body) })
}
