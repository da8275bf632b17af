import path from 'node:path'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { entryFile } from './config'

// Packages of the server.
// bench/ is not a workspace package, so bare imports from here would not resolve: autocannon and @hono/node-server
// are loaded from the server package, which depends on them, and the few members used are typed here.

const requireFromServer = createRequire(path.join(path.dirname(entryFile), '../server/package.json'))

export interface AutocannonRequest {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest
}

interface AutocannonResult {
  requests: { average: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
  timeouts: number
}

type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  requests?: AutocannonRequest[]
}) => Promise<AutocannonResult>

export const autocannon = requireFromServer('autocannon') as Autocannon

export const { serve } = requireFromServer('@hono/node-server') as {
  serve: (
    options: { fetch: (request: Request) => Response | Promise<Response>; port: number; hostname: string },
    listening: (info: AddressInfo) => void,
  ) => unknown
}
