import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'

// Starting and stopping an HTTP listener, shared by the public port and the internal metrics port.

export interface Listener {
  /** http://host:port of the listening socket (the real port when 0 was asked for). */
  url: string
  /** Stops accepting connections and resolves once the requests in flight are answered. */
  close(): Promise<void>
}

export async function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  hostname: string,
  port: number,
): Promise<Listener> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const listening = serve({ fetch, hostname, port }, () => {
      listening.off('error', reject)
      resolve(listening)
    })
    // A port already in use or a host that is not ours: a start-up error, not a crash.
    listening.once('error', reject)
  })
  const address = server.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return {
    url: `http://${host}:${address.port}`,
    // close() also ends idle keep-alive connections, so it does not wait for a proxy's pooled sockets.
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
