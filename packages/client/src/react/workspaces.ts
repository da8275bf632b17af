// Workspaces (ADR 270): the top bar's switcher, Settings' Team tab (members, invitations, the activity log)
// and the invitation page.

import type { EndpointRequest } from '@engage/contract'
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { queryKeys, userScopedKeys } from '../queryKeys'
import { useClient } from './ClientProvider'

/** The workspaces the signed-in person belongs to, the active one marked. */
export function useWorkspaces() {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.workspaces,
    queryFn: ({ signal }) => client.send('listWorkspaces', { signal }),
  })
}

/** Everything loaded belongs to the workspace it was loaded in: another one starts afresh. */
function forgetWorkspaceData(queryClient: QueryClient) {
  for (const queryKey of userScopedKeys) void queryClient.invalidateQueries({ queryKey })
}

export function useSwitchWorkspace() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => client.send('switchWorkspace', { params: { id } }),
    onSuccess: (workspaces) => {
      forgetWorkspaceData(queryClient)
      queryClient.setQueryData(queryKeys.workspaces, workspaces)
    },
  })
}

export function useMembers(options: { enabled?: boolean } = {}) {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.members,
    queryFn: ({ signal }) => client.send('listMembers', { signal }),
    enabled: options.enabled ?? true,
  })
}

export function useInvitations(options: { enabled?: boolean } = {}) {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.invitations,
    queryFn: ({ signal }) => client.send('listInvitations', { signal }),
    enabled: options.enabled ?? true,
  })
}

/** The activity log, newest first, a page at a time (fetchNextPage for the older entries). */
export function useActivity(filters: { action?: string | undefined; member?: string | undefined } = {}) {
  const client = useClient()
  return useInfiniteQuery({
    queryKey: queryKeys.activity(filters),
    queryFn: ({ pageParam, signal }) =>
      client.send('listActivity', { query: { ...filters, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  })
}

function useWorkspaceMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspace }),
  })
}

export function useInviteMember() {
  const client = useClient()
  return useWorkspaceMutation((body: EndpointRequest<'inviteMember'>) =>
    client.send('inviteMember', { body }),
  )
}

export function useRevokeInvitation() {
  const client = useClient()
  return useWorkspaceMutation((id: string) => client.send('revokeInvitation', { params: { id } }))
}

export function useUpdateMember() {
  const client = useClient()
  return useWorkspaceMutation(({ id, body }: { id: string; body: EndpointRequest<'updateMember'> }) =>
    client.send('updateMember', { params: { id }, body }),
  )
}

export function useRemoveMember() {
  const client = useClient()
  return useWorkspaceMutation((id: string) => client.send('removeMember', { params: { id } }))
}

/** Leaving takes the session back to the person's own workspace: everything loaded is of the one left. */
export function useLeaveWorkspace() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => client.send('leaveWorkspace'),
    onSuccess: () => forgetWorkspaceData(queryClient),
  })
}

/** What an invitation link offers; public, so the page can say it before sign-in. */
export function useInvitation(token: string) {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.invitation(token),
    queryFn: ({ signal }) => client.send('getInvitation', { params: { token }, signal }),
    retry: false,
  })
}

export function useAcceptInvitation() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) => client.send('acceptInvitation', { params: { token } }),
    onSuccess: () => forgetWorkspaceData(queryClient),
  })
}
