// Two-factor sign-in and the account's sessions: the hooks of Settings' security section and of the sign-in
// code step.

import type { EndpointRequest } from '@engage/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryKeys, userScopedKeys } from '../queryKeys'
import { useClient } from './ClientProvider'

/** Whether two-factor sign-in is on, the recovery codes left, and whether the account must have it. */
export function useTwoFactorStatus() {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.twoFactor,
    queryFn: ({ signal }) => client.twoFactorStatus({ signal }),
    retry: false,
  })
}

/** A new secret with its otpauth:// address and QR code; held by the screen until it is confirmed. */
export function useStartTwoFactor() {
  const client = useClient()
  return useMutation({ mutationFn: () => client.twoFactorSetup() })
}

/** Turns two-factor sign-in on with a code; answers the recovery codes, shown once. */
export function useConfirmTwoFactor() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'twoFactorConfirm'>) => client.twoFactorConfirm(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  })
}

export function useDisableTwoFactor() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'twoFactorDisable'>) => client.twoFactorDisable(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  })
}

/** The code step of sign-in; like useSignin, the app stores the session in onSuccess. */
export function useSigninTwoFactor() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointRequest<'signinTwoFactor'>) => client.signinTwoFactor(body),
    onSuccess: () => {
      for (const queryKey of userScopedKeys) queryClient.removeQueries({ queryKey })
    },
  })
}

/** The account's sessions, this one first. */
export function useSessions() {
  const client = useClient()
  return useQuery({
    queryKey: queryKeys.sessions,
    queryFn: ({ signal }) => client.listSessions({ signal }),
    retry: false,
  })
}

export function useRevokeSession() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => client.revokeSession(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  })
}

export function useRevokeOtherSessions() {
  const client = useClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => client.revokeOtherSessions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  })
}
