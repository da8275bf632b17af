import type { Client, ClientOptions } from '@engage/client'

/**
 * The API client, loaded on its first call. A public page calls the API at most for the current user and,
 * when its prerendered list is stale, the services: the client and the contract's response schemas (zod)
 * stay out of the page's first load and arrive with that first call.
 */
export function createLazyClient(options: ClientOptions): Client {
  let client: Promise<Client> | undefined
  const load = () => (client ??= import('./realClient').then(({ createClient }) => createClient(options)))
  return new Proxy({} as Client, {
    get(_target, name: string) {
      return (...args: unknown[]) =>
        load().then((loaded) => (loaded[name as keyof Client] as (...input: unknown[]) => unknown)(...args))
    },
  })
}
