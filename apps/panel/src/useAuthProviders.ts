import { useAuthProviders } from '@engage/client'

/** Whether Google sign-in is configured on the server; false until known, and when the call fails. */
export function useGoogleSignInEnabled(): boolean {
  return useAuthProviders().data?.google ?? false
}
