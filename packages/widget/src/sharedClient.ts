// Every widget on a page that reads the same API shares one client and one query cache: the service list is
// asked for once, however many widgets the page has, and a widget added later finds it already there.

import { QueryClient } from '@tanstack/react-query'
import { createClient, type Client } from '@engage/client'

/** One API's client and cache, shared by the widgets that read it. */
interface SharedApi {
  client: Client
  queryClient: QueryClient
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
export function sharedApi(apiBase: string): SharedApi {
  let api = shared.get(apiBase)
  if (!api) {
    // Fetched once and kept: a partner page is often open for a long time and prices change rarely. The widget
    // retries a failed list itself (WidgetContent), with a message in the meantime.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
    })
    api = { client: widgetClient(apiBase), queryClient }
    shared.set(apiBase, api)
  }
  return api
}
