// Support tickets: the hooks of the /support page (its own chunk, not the dashboard's first load).

import type { EndpointRequest, TicketThread } from '@engage/contract'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '../queryKeys'
import { useClient } from './ClientProvider'

/** The customer's tickets, newest first; `data` is the flat list of the pages loaded so far. */
export function useTickets(limit = 20) {
  const client = useClient()
  return useInfiniteQuery({
    queryKey: [...queryKeys.tickets, 'list', limit],
    queryFn: ({ pageParam, signal }) =>
      client.send('listTickets', { query: { cursor: pageParam, limit }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.tickets),
    retry: false,
  })
}

/** One ticket with its messages; only while `ticketId` is set. */
export function useTicket(ticketId: string | null) {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.ticket(ticketId ?? ''),
    queryFn: ({ signal }) => client.send('getTicket', { params: { id: ticketId ?? '' }, signal }),
    enabled: ticketId !== null,
    retry: false,
  })
}

/** Every write answers the ticket as it is now: shown at once, and the list refreshed behind it. */
function useTicketWrite<Input>(write: (input: Input) => Promise<TicketThread>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: (thread) => {
      queryClient.setQueryData(queryKeys.ticket(thread.id), thread)
      return queryClient.invalidateQueries({ queryKey: [...queryKeys.tickets, 'list'] })
    },
  })
}

export function useCreateTicket() {
  const client = useClient()
  return useTicketWrite((body: EndpointRequest<'createTicket'>) => client.send('createTicket', { body }))
}

export function useReplyTicket() {
  const client = useClient()
  return useTicketWrite(({ id, message }: { id: string; message: string }) =>
    client.send('replyTicket', { params: { id }, body: { message } }),
  )
}

export function useCloseTicket() {
  const client = useClient()
  return useTicketWrite((id: string) => client.send('closeTicket', { params: { id } }))
}
