// Every widget on a page that reads the same API shares one client and one query cache: the service list is
// asked for once, however many widgets the page has, and a widget added later finds it already there. The cache
// goes when the last of them leaves the page (a single-page app that shows a widget again asks again).

import { useEffect } from 'react'
import { QueryClient } from '@tanstack/react-query'
import { createClient, type Client } from '@engage/client'

/** One API's client and cache, shared by the widgets that read it. */
interface SharedApi {
  client: Client
  queryClient: QueryClient
  /** How many widgets on the page use it. */
  users: number
}

const shared = new Map<string, SharedApi>()

/**
 * The client of the widgets reading `apiBase`. Its two service lists (the prices of GET /api/get-services and
 * the quantity limits of GET /api/services, which the order form reads separately) come from one request to
 * GET /api/services, which has both; requests made while one is under way wait for it.
 */
function widgetClient(apiBase: string): Client {
  const client = createClient({ baseUrl: apiBase, getToken: () => null })
  let pending: ReturnType<Client['listServices']> | undefined
  // No abort signal: a widget that leaves the page must not cancel the request the others wait for.
  const listServices = () => {
    pending ??= client.listServices().finally(() => {
      pending = undefined
    })
    return pending
  }
  const getServices = async () =>
    Object.fromEntries((await listServices()).map((service) => [service.name, service.rate]))
  return { ...client, listServices, getServices }
}

/** The client and query cache shared by the widgets that read `apiBase`. */
function sharedApi(apiBase: string): SharedApi {
  let api = shared.get(apiBase)
  if (!api) {
    // Fetched once and kept: a partner page is often open for a long time and prices change rarely. The widget
    // retries a failed list itself (WidgetContent), with a message in the meantime.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
    })
    api = { client: widgetClient(apiBase), queryClient, users: 0 }
    shared.set(apiBase, api)
  }
  return api
}

/** A widget's share of its API's client and cache, given up when the widget leaves the page. */
export function useSharedApi(apiBase: string): Pick<SharedApi, 'client' | 'queryClient'> {
  const api = sharedApi(apiBase)
  useEffect(() => {
    api.users++
    if (!shared.has(apiBase)) shared.set(apiBase, api)
    return () => {
      api.users--
      if (api.users > 0) return
      shared.delete(apiBase)
      api.queryClient.clear()
    }
  }, [api, apiBase])
  return api
}
