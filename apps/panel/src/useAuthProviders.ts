import { useQuery } from '@tanstack/react-query'

/** GET /api/auth/providers: which sign-in providers this server offers. */
export interface AuthProviders {
  google: boolean
}

async function fetchAuthProviders(signal: AbortSignal): Promise<AuthProviders> {
  const response = await fetch('/api/auth/providers', { signal, headers: { Accept: 'application/json' } })
  // A server without the endpoint offers no Google sign-in.
  if (response.status === 404) return { google: false }
  if (!response.ok) throw new Error(`GET /api/auth/providers answered ${response.status}`)
  const body = (await response.json()) as Partial<AuthProviders>
  return { google: body.google === true }
}

/** Whether Google sign-in is configured on the server; false until known, and when the call fails. */
export function useGoogleSignInEnabled(): boolean {
  const providers = useQuery({
    queryKey: ['auth-providers'],
    queryFn: ({ signal }) => fetchAuthProviders(signal),
    staleTime: Infinity,
    retry: false,
  })
  return providers.data?.google ?? false
}
