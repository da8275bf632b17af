import { useState, type ReactNode } from 'react'
import { ClientProvider } from '@engage/client'
import { QueryClient } from '@tanstack/react-query'
import { useApiClient } from './ApiClient'

/**
 * The query cache for a public page prerendered without its service list (the build's copy, served only
 * when the server could not render the page at start): the pricing grid then loads the list itself.
 */
export default function QueryProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient())
  return (
    <ClientProvider client={useApiClient()} queryClient={queryClient}>
      {children}
    </ClientProvider>
  )
}
