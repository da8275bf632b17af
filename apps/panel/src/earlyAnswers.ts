import type { FetchFunction } from '@engage/client'
import { endpoints } from '@engage/contract'

/**
 * Where the shell's inline script (entry-server.tsx, routePreloadScript) leaves its request for the current
 * user on a signed-in page: sent with the stored token before any bundle has arrived.
 */
export const EARLY_ME_GLOBAL = '__engageEarlyMe'

/**
 * The client's fetch, except that its first GET of the current user takes the answer the shell already asked
 * for. Any other call, and any retry of that one (a network failure, a 401), goes to the network as usual, so
 * the client's rules apply to the early answer like to any other.
 */
export function withEarlyMe(fetchFunction: FetchFunction): FetchFunction {
  const holder = window as unknown as Record<string, Promise<Response> | undefined>
  let early = holder[EARLY_ME_GLOBAL]
  holder[EARLY_ME_GLOBAL] = undefined
  return (input, init) => {
    if (early && input === endpoints.getMe.path && (init.method ?? 'GET') === 'GET') {
      const answer = early
      early = undefined
      return answer
    }
    return fetchFunction(input, init)
  }
}
