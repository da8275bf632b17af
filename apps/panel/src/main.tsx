import './pressable.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { createClient, pollUnlessLive, queryKeys, servicesQuery } from '@engage/client'
import { QueryClient } from '@tanstack/react-query'
import { App } from './App'
import { opensOnOrderForm, withEarlyAnswers } from './earlyAnswers'
import { isSignedInPath, preloadRoute } from './routes'
import { readStoredToken } from './session'

// The entry of the app (/auth, /logout and the signed-in pages): the server sends these paths the empty
// shell, rendered here once the chunks of the first route have arrived (loaded side by side, not one after
// the other as nested lazy routes would).

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')

const queryClient = new QueryClient()
// Its first calls for the current user and the service list take the answers the page's inline script asked
// for (earlyAnswers.ts).
const client = createClient({
  baseUrl: '',
  getToken: readStoredToken,
  fetch: withEarlyAnswers((input, init) => fetch(input, init)),
})
const signedIn = readStoredToken() !== null
const ME_FRESH_MS = 5_000

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
  void queryClient.prefetchQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => client.getMe({ signal }),
    retry: false,
  })
  // The pages that open on an order form ask for the service list now too: the form then renders once, with
  // its choices, instead of rendering again when they arrive.
  if (opensOnOrderForm(window.location.pathname)) {
    void queryClient.prefetchQuery(servicesQuery(client))
  }
}

void preloadRoute(window.location.pathname, signedIn).then(() => {
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <App client={client} queryClient={queryClient} />
      </BrowserRouter>
    </StrictMode>,
  )
})
