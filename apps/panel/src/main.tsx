import './pressable.css'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { createClient, pollUnlessLive, queryKeys, servicesQuery } from '@engage/client'
import { loadPageEndpoints } from '@engage/contract'
import { QueryClient } from '@tanstack/react-query'
import { App } from './App'
import { SIGNED_IN_STATE_ELEMENT_ID, type SignedInPageState } from './document'
import { EARLY_ANSWERS_GLOBAL, opensOnOrderForm, withEarlyAnswers } from './earlyAnswers'
import { isSignedInPath, preloadRoute } from './routes'
import { readStoredToken } from './session'

// The entry of the app (/auth, /logout and the signed-in pages), run once the chunks of the first route have
// arrived (loaded side by side, not one after the other as nested lazy routes would). A signed-in page the
// server rendered for this session (signedInPage.tsx) is hydrated; any other page arrives as the empty shell
// and is rendered here.

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')

// What the server rendered the page with, if it did. Its answers (the current user) are the client's first.
const renderedText = document.getElementById(SIGNED_IN_STATE_ELEMENT_ID)?.textContent
const rendered = renderedText ? (JSON.parse(renderedText) as SignedInPageState) : null
if (rendered) {
  const holder = window as unknown as Record<string, Record<string, Promise<Response>> | undefined>
  const early = (holder[EARLY_ANSWERS_GLOBAL] ??= {})
  for (const [path, text] of Object.entries(rendered.answers)) {
    early[path] = Promise.resolve(new Response(text, { headers: { 'Content-Type': 'application/json' } }))
  }
}

const queryClient = new QueryClient()
// Its first calls for the current user and the service list take the answers the page's inline script asked
// for (earlyAnswers.ts).
const client = createClient({
  baseUrl: '',
  getToken: readStoredToken,
  fetch: withEarlyAnswers((input, init) => fetch(input, init)),
  loadPageEndpoints,
})
const signedIn = readStoredToken() !== null
const ME_FRESH_MS = 5_000
// Hydrated only when this browser would render what the server did: signed in, in the same theme, at the
// same side of the layout's breakpoint. The page's own script (signedInPage.tsx) made the server's HTML inert
// when the theme or the width differ (a window resized since the last page load, say): it is rendered anew.
const hydrates = rendered !== null && signedIn && !container.inert
let meLoaded: Promise<void> = Promise.resolve()
let servicesLoaded: Promise<void> = Promise.resolve()

// The user data is what a signed-in page shows first (the stat cards, the balance): asked for now, while the
// route's chunks are still arriving, rather than once they have rendered. The same query as useMe, which
// takes it from the cache (a failed answer is asked again there, and its rules apply: App.tsx). Fresh for a few
// seconds, so that the page's first render does not ask for it a second time; changes refetch it as before.
// The balance in the header follows what the server does after an answer: the refund of a cancelled order
// lands once the provider has confirmed it, a subscription's next order is charged on its schedule. The user
// data is asked for again as often as the orders list refreshes, while a page shows it: at once on a live
// update, every 20 seconds while the live updates stream is not working.
const meDefaults = { refetchInterval: pollUnlessLive(queryClient) }
queryClient.setQueryDefaults(queryKeys.me, meDefaults)
if (signedIn && isSignedInPath(window.location.pathname)) {
  queryClient.setQueryDefaults(queryKeys.me, { ...meDefaults, staleTime: ME_FRESH_MS })
  meLoaded = queryClient.prefetchQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => client.getMe({ signal }),
    retry: false,
  })
  // The pages that open on an order form ask for the service list now too: the form then renders once, with
  // its choices, instead of rendering again when they arrive. A hydrated page takes the list the server
  // rendered with (from the page, no request).
  if (opensOnOrderForm(window.location.pathname)) {
    servicesLoaded = queryClient.prefetchQuery(servicesQuery(client))
  }
}

// Hydration waits for the user data and the service list too (taken from the page, no request), so that it
// renders what the server rendered with them.
void Promise.all([
  preloadRoute(window.location.pathname, signedIn),
  hydrates && meLoaded,
  hydrates && servicesLoaded,
]).then(() => {
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App
          client={client}
          queryClient={queryClient}
          serverWideLayout={rendered?.wide}
          liveEventId={rendered?.liveEventId ?? undefined}
        />
      </BrowserRouter>
    </StrictMode>
  )
  // In a transition, hydration yields to the browser every few milliseconds instead of running as one long
  // task: the page is already painted, and stays responsive to input while it hydrates.
  if (hydrates) startTransition(() => void hydrateRoot(container, app))
  else {
    container.inert = false
    createRoot(container).render(app)
  }
})
