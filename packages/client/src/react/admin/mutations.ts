// The console's writes: a mutation per write, each invalidating what it changes (and the audit log, which
// every operator write adds to).

import type { EndpointRequest } from '@engage/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '../../queryKeys'
import { adminQueryKeys, afterWrite, useAdminClient } from './context'

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

/** Deletes a provider none of whose orders is active; the services mapped to it lose their provider. */
export function useAdminDeleteProvider() {
  const client = useAdminClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => client.deleteProvider(id, reason),
    onSuccess: () => afterWrite(queryClient, afterServiceChange),
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
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: EndpointRequest<'adminCreateUpdate'>
      idempotencyKey: string
    }) => client.createUpdate(body, { idempotencyKey }),
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
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: EndpointRequest<'adminCreateContactMethod'>
      idempotencyKey: string
    }) => client.createContactMethod(body, { idempotencyKey }),
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
