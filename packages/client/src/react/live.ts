// Live updates (ADR 180): while a signed-in page is open, the server tells it over Server-Sent Events what
// changed (an order, the balance, the panel's updates, a notification) and the matching queries are fetched
// again at once.
// The 20-second poll of the orders and the user data runs only while the stream is not working: before it
// opens, and from a few seconds after it drops until it is back.

import { LIVE_HEARTBEAT_MS, ORDERS_POLL_MS } from '@engage/contract'
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { useEffect } from 'react'
import { queryKeys } from '../queryKeys'
import { useClient } from './ClientProvider'

const streamOpen = new WeakMap<QueryClient, boolean>()

/** A refetchInterval for data the stream keeps fresh: no poll while it is open, the 20-second one otherwise. */
export function pollUnlessLive(queryClient: QueryClient) {
  return () => (streamOpen.get(queryClient) ? false : ORDERS_POLL_MS)
}

/**
 * What each event makes stale. An order's change leaves the user data alone: what it shows of orders (their
 * count) changes only when one is placed, which charges the balance, and that has an event of its own. The
 * analytics change with both: orders by status and delivery with an order, spend, refunds and deposits with
 * the balance.
 */
const staleAfter: Record<string, QueryKey[]> = {
  order: [queryKeys.orders, queryKeys.subscriptions, queryKeys.analytics],
  balance: [queryKeys.me, queryKeys.transactions, queryKeys.analytics],
  updates: [queryKeys.me],
  // The bell's count comes with the user data; the list is fetched only while it is shown.
  notification: [queryKeys.me, queryKeys.notifications],
}
const everything = [...new Set(Object.values(staleAfter).flat())]

/** Events this close together are applied together. */
const BURST_MS = 50
/** The least time between two refreshes of the same page. */
const MIN_REFRESH_GAP_MS = 1_000
/** How long a dropped stream may take to come back (the browser reconnects by itself) before polling resumes. */
const RECONNECT_GRACE_MS = 5_000
/** A stream silent for this long (no event, no heartbeat) is taken for dead and opened again. */
const SILENCE_MS = LIVE_HEARTBEAT_MS * 3

/**
 * Keeps the signed-in user's queries fresh from the live updates stream, while mounted. `after`: the newest
 * event the page's data already holds (a page the server rendered says which), so the stream starts after it
 * instead of going back over the last seconds' events.
 */
export function useLiveUpdates({ after }: { after?: string } = {}): void {
  const client = useClient()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    let source: EventSource | undefined
    let lastEventId = after ?? ''
    let stopped = false
    let watchdog: ReturnType<typeof setTimeout> | undefined
    let fallback: ReturnType<typeof setTimeout> | undefined
    let flush: ReturnType<typeof setTimeout> | undefined
    const due = new Set<QueryKey>()

    // A burst of events (a batch of status changes) asks for each query once, and a customer with many active
    // orders, whose statuses change one after another, has the page ask at most once a second.
    let lastFlush = 0
    const refresh = (keys: QueryKey[]) => {
      if (keys.length === 0) return
      for (const key of keys) due.add(key)
      flush ??= setTimeout(
        () => {
          flush = undefined
          lastFlush = Date.now()
          for (const queryKey of due) void queryClient.invalidateQueries({ queryKey })
          due.clear()
        },
        Math.max(BURST_MS, lastFlush + MIN_REFRESH_GAP_MS - Date.now()),
      )
    }
    const setOpen = (open: boolean) => {
      clearTimeout(fallback)
      if ((streamOpen.get(queryClient) ?? false) === open) return
      streamOpen.set(queryClient, open)
      // Fetched again, the queries take up the poll again (their interval is read after each fetch).
      if (!open) refresh(everything)
    }
    const reopen = (delay: number) => {
      source?.close()
      source = undefined
      setOpen(false)
      clearTimeout(watchdog)
      watchdog = setTimeout(() => void connect(), delay)
    }
    const listen = () => {
      clearTimeout(watchdog)
      watchdog = setTimeout(() => reopen(0), SILENCE_MS)
    }

    async function connect() {
      const url = await client.liveEventsUrl()
      if (stopped) return
      if (url === null) return reopen(ORDERS_POLL_MS * 3)
      const stream = (source = new EventSource(
        lastEventId ? `${url}?lastEventId=${encodeURIComponent(lastEventId)}` : url,
      ))
      listen()
      const on = (name: string, keys: QueryKey[]) =>
        stream.addEventListener(name, (event) => {
          lastEventId = (event as MessageEvent).lastEventId || lastEventId
          listen()
          setOpen(true)
          refresh(keys)
        })
      on('ping', [])
      on('reset', everything)
      for (const [name, keys] of Object.entries(staleAfter)) on(name, keys)
      stream.onerror = () => {
        if (stream.readyState === EventSource.CLOSED) return reopen(ORDERS_POLL_MS * 3)
        clearTimeout(fallback)
        fallback = setTimeout(() => setOpen(false), RECONNECT_GRACE_MS)
      }
    }

    void connect()
    return () => {
      stopped = true
      source?.close()
      for (const timer of [watchdog, fallback, flush]) clearTimeout(timer)
      streamOpen.delete(queryClient)
    }
  }, [client, queryClient, after])
}
