import type { Decorator } from '@storybook/react-vite'
import { ClientProvider, createClient, type FetchFunction } from '@engage/client'
import { loadPageEndpoints } from '@engage/contract'
import { QueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { RouterProvider } from 'react-aria-components'
import { action } from 'storybook/actions'

// Screens link with plain hrefs (react-aria Links); the panel app turns them into router navigations through
// RouterProvider. In a story a click must not leave the story, so navigation is recorded as an action instead.
const navigate = action('navigate')

/** Wraps a story in a react-aria RouterProvider that records navigations instead of performing them. */
export const withRouter: Decorator = (Story) => (
  <RouterProvider navigate={(path) => navigate(path)}>
    <Story />
  </RouterProvider>
)

/** The bearer token stories run with; `parameters.signedOut: true` runs a story without one. */
export const STORY_TOKEN = 'story-token'

/**
 * The fetch a story's API clients send with. A story's calls end with the story: once it unmounts, a request
 * still in flight is aborted and a retry the client had scheduled never reaches the network, where the next
 * story's handlers would meet it.
 */
export function useStoryFetch(): FetchFunction {
  const ended = useRef(new AbortController())
  useEffect(() => {
    if (ended.current.signal.aborted) ended.current = new AbortController()
    const controller = ended.current
    return () => controller.abort()
  }, [])
  return (input, init) =>
    globalThis.fetch(input, {
      ...init,
      signal: init.signal ? AbortSignal.any([init.signal, ended.current.signal]) : ended.current.signal,
    })
}

function StoryClient({ signedOut, children }: { signedOut: boolean; children: React.ReactNode }) {
  // A fresh cache per story, so one story's data never shows in another; no query retries, so error states
  // appear at once (the client's own retry rules still apply, with their short delays).
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
      }),
  )
  const fetch = useStoryFetch()
  const [client] = useState(() =>
    createClient({
      baseUrl: '',
      getToken: () => (signedOut ? null : STORY_TOKEN),
      fetch,
      loadPageEndpoints,
    }),
  )
  return (
    <ClientProvider client={client} queryClient={queryClient}>
      {children}
    </ClientProvider>
  )
}

/**
 * Gives a story the API client and TanStack Query cache the screens' hooks need; the story's
 * `parameters.msw.handlers` answer the requests.
 */
export const withClient: Decorator = (Story, context) => (
  <StoryClient signedOut={context.parameters.signedOut === true}>
    <Story />
  </StoryClient>
)
