import { type EndpointName } from '@engage/contract'
import { endpoints } from '@engage/contract/all-endpoints'
import { http, type HttpHandler } from 'msw'

const routes = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const

/**
 * Records the JSON body of every request to `endpoint` into `bodies`, then lets the next handler (a scenario's)
 * answer it. Put it before the scenario: `[recordBodies('createOrder', sent), ...createScenario('default', s)]`.
 */
export function recordBodies(endpoint: EndpointName, bodies: unknown[]): HttpHandler {
  const { method, path } = endpoints[endpoint]
  return routes[method](`*${path.replace(/\{(\w+)\}/g, ':$1')}`, async ({ request }) => {
    bodies.push(await request.clone().json())
    return undefined
  })
}
