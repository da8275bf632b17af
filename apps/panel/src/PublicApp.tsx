import type { ComponentType, ReactNode } from 'react'
import type { Client } from '@engage/client'
import type { ContactMethod, Service } from '@engage/contract'
import { PageDataProvider } from './ApiClient'
import { AppErrorBoundary } from './AppErrorBoundary'
import { AppStateProvider } from './AppState'
import { lazyComponent } from './lazyPage'

const QueryProvider = lazyComponent<{ children: ReactNode }>(() => import('./QueryProvider'))

/** Loads what a public page rendered with (or without) a service list needs before its first render. */
export function preloadPublicApp(services: readonly Service[] | null): Promise<void> {
  return services === null ? QueryProvider.preload() : Promise.resolve()
}

export interface PublicAppProps {
  client: Client
  /** The service list the page is rendered with; null when it has none (then the grid loads it). */
  services: readonly Service[] | null
  /** The contact methods the page is rendered with; null when it has none (then the page loads them). */
  contactMethods: readonly ContactMethod[] | null
  /** The page's component (publicPages), already loaded. */
  Page: ComponentType
}

/**
 * A public page on its own, as the server renders it and the public entry hydrates it. No router: links from
 * a public page are plain page loads, each page is prerendered HTML, so the page ships no routing code. No
 * query library either, unless the page came without its service list.
 */
export function PublicApp({ client, services, contactMethods, Page }: PublicAppProps) {
  return (
    <PageDataProvider
      client={client}
      services={services ?? undefined}
      contactMethods={contactMethods ?? undefined}
    >
      <AppStateProvider>
        <AppErrorBoundary>
          {services === null ? (
            <QueryProvider>
              <Page />
            </QueryProvider>
          ) : (
            <Page />
          )}
        </AppErrorBoundary>
      </AppStateProvider>
    </PageDataProvider>
  )
}
