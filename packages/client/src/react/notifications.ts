// Notifications: the list the bell opens and the switches of Settings. The unread count comes with the
// current user (useMe), so the top bar needs none of these hooks.

import { PAGE_LIMIT_DEFAULT, type EndpointRequest } from '@engage/contract'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '../queryKeys'
import { useClient } from './ClientProvider'

/** Notifications, newest first; `data` holds the pages loaded so far (each with the unread count). */
export function useNotifications(options: { limit?: number } = {}) {
  const client = useClient()
  const limit = options.limit ?? PAGE_LIMIT_DEFAULT
  return useInfiniteQuery({
    queryKey: queryKeys.notificationsPage(limit),
    queryFn: ({ pageParam, signal }) =>
      client.send('listNotifications', { query: { cursor: pageParam, limit }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    retry: false,
  })
}

function useAfterRead() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
      queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    ])
}

export function useMarkNotificationRead() {
  const client = useClient()
  const onSuccess = useAfterRead()
  return useMutation({
    mutationFn: (id: string) => client.send('markNotificationRead', { params: { id } }),
    onSuccess,
  })
}

export function useMarkAllNotificationsRead() {
  const client = useClient()
  const onSuccess = useAfterRead()
  return useMutation({ mutationFn: () => client.send('markAllNotificationsRead'), onSuccess })
}

/** Which kinds are e-mailed, and the low-balance alert. */
export function useNotificationPreferences() {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.notificationPreferences,
    queryFn: ({ signal }) => client.send('notificationPreferences', { signal }),
    retry: false,
  })
}

/** Saves a switch or the threshold; the answer (the whole new state) replaces the cached one. */
export function useUpdateNotificationPreferences() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'updateNotificationPreferences'>) =>
      client.send('updateNotificationPreferences', { body }),
    onSuccess: (preferences) => queryClient.setQueryData(queryKeys.notificationPreferences, preferences),
  })
}
