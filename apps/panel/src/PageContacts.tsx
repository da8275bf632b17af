import { useEffect, useState, type ReactNode } from 'react'
import type { ContactMethod } from '@engage/contract'
import { SiteContactsProvider } from '@engage/screens'
import { useApiClient, usePrerenderedContactMethods } from './ApiClient'

/**
 * Gives a public page the operator's contact methods, for its footer and texts: those the server rendered it
 * with, or, after a navigation in the app (or on a build copy of the page), the ones GET /api/contact-methods
 * answers. Until they arrive the page names no address at all rather than a made-up one.
 */
export function PageContacts({ children }: { children: ReactNode }) {
  const client = useApiClient()
  const prerendered = usePrerenderedContactMethods()
  const [loaded, setLoaded] = useState<readonly ContactMethod[]>([])
  useEffect(() => {
    if (prerendered !== undefined) return
    const controller = new AbortController()
    client.listContactMethods({ signal: controller.signal }).then(setLoaded, (error: unknown) => {
      if (!controller.signal.aborted) console.warn('The contact methods could not be loaded:', error)
    })
    return () => controller.abort()
  }, [client, prerendered])
  return <SiteContactsProvider contactMethods={prerendered ?? loaded}>{children}</SiteContactsProvider>
}
