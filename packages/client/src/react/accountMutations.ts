// Write hooks of the pages the first page does not load: signing in and up, the password and profile,
// deposits and API keys. Each invalidates the data it changes.

import type { EndpointRequest, PaymentProvider } from '@engage/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '../queryKeys'
import { useClient } from './ClientProvider'
import { invalidate, forgetUserData } from './mutations'

/** Stores nothing: the app saves token and sessionId (localStorage) in onSuccess. */
export function useSignin() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'signin'>) => client.signin(body),
    onSuccess: () => forgetUserData(queryClient),
  })
}

export function useSignup() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'signup'>) => client.signup(body),
    onSuccess: () => forgetUserData(queryClient),
  })
}

export function useForgotPassword() {
  const client = useClient()
  return useMutation({ mutationFn: (body: EndpointRequest<'forgotPassword'>) => client.forgotPassword(body) })
}

export function useResetPassword() {
  const client = useClient()
  return useMutation({ mutationFn: (body: EndpointRequest<'resetPassword'>) => client.resetPassword(body) })
}

export function useChangePassword() {
  const client = useClient()
  return useMutation({ mutationFn: (body: EndpointRequest<'changePassword'>) => client.changePassword(body) })
}

export function useUpdateProfile() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'updateProfile'>) => client.updateProfile(body),
    onSuccess: () => invalidate(queryClient, [queryKeys.me]),
  })
}

/** Starts a deposit; the screen sends the browser to the answer's payment_url. */
export function useCreatePayment() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ provider, ...body }: EndpointRequest<'createPayment'> & { provider: PaymentProvider }) =>
      client.createPayment(provider, body),
    onSuccess: () => invalidate(queryClient, [queryKeys.transactions]),
  })
}

/** Creates an API key; the answer's `key` is the whole key, to show once. */
export function useCreateApiKey() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'createApiKey'>) => client.createApiKey(body),
    onSuccess: () => invalidate(queryClient, [queryKeys.apiKeys]),
  })
}

/** Revokes an API key: it stops working at once. */
export function useRevokeApiKey() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => client.revokeApiKey(id),
    onSuccess: () => invalidate(queryClient, [queryKeys.apiKeys]),
  })
}
