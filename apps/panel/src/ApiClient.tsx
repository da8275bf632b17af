import { createContext, useContext, type ReactNode } from 'react'
import type { Client } from '@engage/client'
import type { ContactMethod, Service } from '@engage/contract'

// The app's own context for what both entries give their pages: the API client (the public pages have no
// ClientProvider, which would bring the query library along) and, on a prerendered page, the service list
// and the operator's contact methods it was rendered with.

interface PageData {
  client: Client
  /** The prerendered page's service list; undefined in the app, where the pricing grid loads it. */
  services?: readonly Service[]
  /** The prerendered page's contact methods; undefined in the app (and in a build copy), where they load. */
  contactMethods?: readonly ContactMethod[]
}

const PageDataContext = createContext<PageData | null>(null)

export function PageDataProvider({ children, ...data }: PageData & { children: ReactNode }) {
  return <PageDataContext.Provider value={data}>{children}</PageDataContext.Provider>
}

function usePageData(): PageData {
  const data = useContext(PageDataContext)
  if (data === null) throw new Error('usePageData must be used inside PageDataProvider')
  return data
}

export function useApiClient(): Client {
  return usePageData().client
}

/** The service list a prerendered page was rendered with. */
export function usePrerenderedServices(): readonly Service[] | undefined {
  return usePageData().services
}

/** The contact methods a prerendered page was rendered with. */
export function usePrerenderedContactMethods(): readonly ContactMethod[] | undefined {
  return usePageData().contactMethods
}
