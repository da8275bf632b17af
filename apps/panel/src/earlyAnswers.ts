import type { FetchFunction } from '@engage/client'

/**
 * Where the shell's inline script (entry-server.tsx, routePreloadScript) leaves the requests it sends on a
 * signed-in page with the stored token, before any bundle has arrived: path → the answer on its way.
 */
export const EARLY_ANSWERS_GLOBAL = '__engageEarlyAnswers'

/** The signed-in pages whose first view has the new order form: their service list is asked for at once. */
export const ORDER_FORM_PAGES: readonly string[] = ['/dashboard', '/orders']

/** Whether the path's page opens on the new order form: one of ORDER_FORM_PAGES, a trailing slash or not. */
export function opensOnOrderForm(pathname: string): boolean {
  return ORDER_FORM_PAGES.includes(pathname.replace(/\/+$/, '') || '/')
}

/**
 * The client's fetch, except that its first GET of a path the shell already asked for (the current user, the
 * service list) takes that answer. Any other call, and any later call or retry of those (a network failure, a
 * 401), goes to the network as usual, so the client's rules apply to an early answer like to any other.
 */
export function withEarlyAnswers(fetchFunction: FetchFunction): FetchFunction {
  const holder = window as unknown as Record<string, Record<string, Promise<Response>> | undefined>
  const early = new Map(Object.entries(holder[EARLY_ANSWERS_GLOBAL] ?? {}))
  holder[EARLY_ANSWERS_GLOBAL] = undefined
  return (input, init) => {
    const answer = early.get(input)
    if (answer && (init.method ?? 'GET') === 'GET') {
      early.delete(input)
      return answer
    }
    return fetchFunction(input, init)
  }
}
