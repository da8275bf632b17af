import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { createContext, useContext, type ReactNode } from 'react'
import type { Client } from '../createClient'

const ClientContext = createContext<Client | null>(null)

export interface ClientProviderProps {
  /** From createClient({ baseUrl, getToken }). */
  client: Client
  /** The TanStack Query cache; create one per app (or per story). */
  queryClient: QueryClient
  children: ReactNode
}

/** Gives the hooks their API client and query cache. */
export function ClientProvider({ client, queryClient, children }: ClientProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ClientContext.Provider value={client}>{children}</ClientContext.Provider>
    </QueryClientProvider>
  )
}

/** The API client of the nearest ClientProvider. */
export function useClient(): Client {
  const client = useContext(ClientContext)
  if (client === null) throw new Error('useClient must be used inside a ClientProvider')
  return client
}
