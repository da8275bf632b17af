// The console's writes: a mutation per write, each invalidating what it changes (and the audit log, which
// every operator write adds to).

import type { EndpointRequest } from '@engage/contract'
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminClient, AdminEndpointName } from '../../admin'
import { queryKeys } from '../../queryKeys'
import { adminQueryKeys, afterWrite, useAdminClient } from './context'

/** The query keys a write makes stale (besides the audit log, which every write does). */
type StaleKeys = readonly (readonly unknown[])[]

/**
 * The mutation of one console write: `write` sends the input with the admin client; once it succeeds,
 * `onAnswer` (when given) puts the answer in the cache, then the queries of `stale` (a list, or the list for
 * that input) and the audit log are invalidated.
 */
function useAdminWrite<Input, Answer>(
  write: (client: AdminClient, input: Input) => Promise<Answer>,
  stale: StaleKeys | ((input: Input) => StaleKeys),
  onAnswer?: (queryClient: QueryClient, answer: Answer) => void,
) {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: Input) => write(client, input),
    onSuccess: (answer, input) => {
      onAnswer?.(queryClient, answer)
      return afterWrite(queryClient, typeof stale === 'function' ? stale(input) : stale)
    },
  })
}

/** A change of one record: its id and the request's body. */
interface Change<Name extends AdminEndpointName> {
  id: string
  body: EndpointRequest<Name>
}

/** An action on one record, with the reason the audit log keeps. */
interface Action {
  id: string
  reason?: string
}

/** A creation, with the idempotency key of the form that sends it (a retried send creates one). */
interface Creation<Name extends AdminEndpointName> {
  body: EndpointRequest<Name>
  idempotencyKey: string
}

// A service's rate, limits and enabled flag are what the customers' service list answers.
const afterServiceChange = [adminQueryKeys.services, adminQueryKeys.providers, queryKeys.services] as const

export function useAdminCreateService() {
  return useAdminWrite(
    (client, body: EndpointRequest<'adminCreateService'>) => client.createService(body),
    afterServiceChange,
  )
}

export function useAdminUpdateService() {
  return useAdminWrite(
    (client, { id, body }: Change<'adminUpdateService'>) => client.updateService(id, body),
    afterServiceChange,
  )
}

export function useAdminCreateProvider() {
  return useAdminWrite(
    (client, body: EndpointRequest<'adminCreateProvider'>) => client.createProvider(body),
    [adminQueryKeys.providers],
  )
}

export function useAdminUpdateProvider() {
  return useAdminWrite(
    (client, { id, body }: Change<'adminUpdateProvider'>) => client.updateProvider(id, body),
    [adminQueryKeys.providers],
  )
}

/** Deletes a provider none of whose orders is active; the services mapped to it lose their provider. */
export function useAdminDeleteProvider() {
  return useAdminWrite(
    (client, { id, reason }: Action) => client.deleteProvider(id, reason),
    afterServiceChange,
  )
}

/** Asks the provider for its services now and stores them with their remote rates. */
export function useAdminImportProviderServices() {
  return useAdminWrite(
    (client, { id, reason }: Action) => client.importProviderServices(id, { reason }),
    ({ id }) => [adminQueryKeys.providers, adminQueryKeys.providerServices(id)],
  )
}

/** Stores the margin rule and sets the rates of the services mapped to the provider from theirs. */
export function useAdminSetProviderMargin() {
  return useAdminWrite(
    (client, { id, body }: Change<'adminProviderMargin'>) => client.setProviderMargin(id, body),
    afterServiceChange,
  )
}

// A user's balance, role and state show in the list, the detail and (their orders) the orders list.
const afterUserChange = [adminQueryKeys.users] as const

/** A ledger entry with a reason (never an edit of the balance). */
export function useAdminAdjustBalance() {
  return useAdminWrite(
    (client, { id, body }: Change<'adminAdjustBalance'>) => client.adjustBalance(id, body),
    afterUserChange,
  )
}

export function useAdminSetUserRole() {
  return useAdminWrite(
    (client, { id, body }: Change<'adminSetUserRole'>) => client.setUserRole(id, body),
    afterUserChange,
  )
}

/** Disables an account: its sessions end. */
export function useAdminDisableUser() {
  return useAdminWrite(
    (client, { id, body }: Change<'adminDisableUser'>) => client.disableUser(id, body),
    afterUserChange,
  )
}

export function useAdminEnableUser() {
  return useAdminWrite(
    (client, { id, body }: { id: string; body?: EndpointRequest<'adminEnableUser'> }) =>
      client.enableUser(id, body),
    afterUserChange,
  )
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
  return useAdminWrite((client, input: AdminOrderAction) => {
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
  }, afterOrderChange)
}

/** Asks the gateway for a payment's status now; a paid deposit is credited once. */
export function useAdminRecheckPayment() {
  return useAdminWrite(
    (client, { id, reason }: Action) => client.recheckPayment(id, { reason }),
    [adminQueryKeys.payments, adminQueryKeys.users],
  )
}

// Updates and contact methods are what the customers' dashboard shows (GET /api/user/me).
const afterContentChange = [adminQueryKeys.updates, adminQueryKeys.contactMethods, queryKeys.me] as const

export function useAdminCreateUpdate() {
  return useAdminWrite(
    (client, { body, idempotencyKey }: Creation<'adminCreateUpdate'>) =>
      client.createUpdate(body, { idempotencyKey }),
    afterContentChange,
  )
}

export function useAdminEditUpdate() {
  return useAdminWrite(
    (client, { id, body }: Change<'adminEditUpdate'>) => client.editUpdate(id, body),
    afterContentChange,
  )
}

export function useAdminDeleteUpdate() {
  return useAdminWrite(
    (client, { id, reason }: Action) => client.deleteUpdate(id, reason),
    afterContentChange,
  )
}

export function useAdminCreateContactMethod() {
  return useAdminWrite(
    (client, { body, idempotencyKey }: Creation<'adminCreateContactMethod'>) =>
      client.createContactMethod(body, { idempotencyKey }),
    afterContentChange,
  )
}

export function useAdminEditContactMethod() {
  return useAdminWrite(
    (client, { id, body }: Change<'adminEditContactMethod'>) => client.editContactMethod(id, body),
    afterContentChange,
  )
}

export function useAdminDeleteContactMethod() {
  return useAdminWrite(
    (client, { id, reason }: Action) => client.deleteContactMethod(id, reason),
    afterContentChange,
  )
}

/** Puts a dead job back in the queue with fresh attempts. */
export function useAdminRetryJob() {
  return useAdminWrite(
    (client, { id, reason }: Action) => client.retryJob(id, { reason }),
    [adminQueryKeys.jobs, adminQueryKeys.orders],
  )
}

/** The ticket actions by name; each answers the ticket as it is now. */
export type AdminTicketAction =
  | { action: 'reply'; id: string; body: EndpointRequest<'adminReplyTicket'> }
  | { action: 'assign'; id: string; body: EndpointRequest<'adminAssignTicket'> }
  | { action: 'close'; id: string; body?: EndpointRequest<'adminCloseTicket'> }
  | { action: 'reopen'; id: string; body?: EndpointRequest<'adminReopenTicket'> }

/** Answer, assign, close or reopen a ticket. */
export function useAdminTicketAction() {
  return useAdminWrite(
    (client, input: AdminTicketAction) => {
      switch (input.action) {
        case 'reply':
          return client.replyTicket(input.id, input.body)
        case 'assign':
          return client.assignTicket(input.id, input.body)
        case 'close':
          return client.closeTicket(input.id, input.body)
        case 'reopen':
          return client.reopenTicket(input.id, input.body)
      }
    },
    [adminQueryKeys.tickets],
    // The answer is the thread as it is now: the open thread shows it at once.
    (queryClient, thread) => queryClient.setQueryData(adminQueryKeys.ticket(thread.id), thread),
  )
}

export function useAdminUpdateAffiliateSettings() {
  return useAdminWrite(
    (client, body: EndpointRequest<'adminUpdateAffiliateSettings'>) => client.updateAffiliateSettings(body),
    [adminQueryKeys.affiliateSettings, queryKeys.affiliates],
  )
}
