import { Suspense, useEffect, type ReactNode } from 'react'
import { RouterProvider } from 'react-aria-components'
import { useHref, useLocation, useNavigate, useRoutes, type NavigateOptions } from 'react-router'
import { ClientProvider, isSessionEndingError, useLiveUpdates, useMe, type Client } from '@engage/client'
import { ServerWideLayoutContext } from '@engage/screens'
import { keepAbsoluteAddresses, ToastProvider } from '@engage/ui'
import type { QueryClient } from '@tanstack/react-query'
import { PageDataProvider } from './ApiClient'
import { AppErrorBoundary } from './AppErrorBoundary'
import { AppStateProvider, useSession, type InitialAppState } from './AppState'
import { LOGOUT_PATH, routes } from './routes'
import { titleOf } from './titles'

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions
  }
}

export interface AppProps {
  client: Client
  queryClient: QueryClient
  /** The server render's session and theme (from its cookies); the browser reads localStorage. */
  initialState?: InitialAppState
  /**
   * Whether the signed-in layout is wide before the window is asked: what the server rendered with, given to
   * the server render and to the hydration of its HTML alike.
   */
  serverWideLayout?: boolean
  /** The newest live update the server-rendered page's data holds: the live updates stream starts after it. */
  liveEventId?: string
}

/** The whole panel, below the browser's router, with its one toast region (bottom right). */
export function App({ client, queryClient, initialState, serverWideLayout = true, liveEventId }: AppProps) {
  return (
    <ClientProvider client={client} queryClient={queryClient}>
      <PageDataProvider client={client}>
        <AppStateProvider initial={initialState}>
          <ServerWideLayoutContext.Provider value={serverWideLayout}>
            <AriaRouter>
              <ToastProvider>
                <UserDataRules />
                <SignedInLiveUpdates after={liveEventId} />
                <PageTitle />
                <AppErrorBoundary>
                  <Suspense fallback={null}>
                    <AppRoutes />
                  </Suspense>
                </AppErrorBoundary>
              </ToastProvider>
            </AriaRouter>
          </ServerWideLayoutContext.Provider>
        </AppStateProvider>
      </PageDataProvider>
    </ClientProvider>
  )
}

/** Contact and update links carry complete addresses (`https://t.me/...`, `mailto:...`), kept as they are. */
const useAppHref = keepAbsoluteAddresses(useHref)

/** ui's links, menus and buttons with `href` navigate through react-router instead of reloading the page. */
function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  return (
    <RouterProvider navigate={(path, options) => void navigate(path, options)} useHref={useAppHref}>
      {children}
    </RouterProvider>
  )
}

function AppRoutes() {
  return useRoutes(routes)
}

function SignedInLiveUpdates({ after }: { after: string | undefined }) {
  const { token } = useSession()
  const { pathname } = useLocation()
  return token === null || pathname === LOGOUT_PATH ? null : <LiveUpdates key={token} after={after} />
}

function PageTitle() {
  const { pathname } = useLocation()
  useEffect(() => {
    document.title = titleOf(pathname)
  }, [pathname])
  return null
}

/**
 * The user-data rules, once for the whole app: without a token the session is over (both stored items
 * removed); when the current-user call answers 401, 403, 500 or 503 the user is logged out and the page
 * reloads; any other failure is logged and the data already shown stays. Not on /logout, which ends the
 * session itself: a call for the user answered after the server has ended it would otherwise reload the page
 * (and cancel wherever the visitor went next).
 */
function UserDataRules() {
  const { token, signOut } = useSession()
  const { pathname } = useLocation()
  const me = useMe({ enabled: token !== null && pathname !== LOGOUT_PATH })

  useEffect(() => {
    if (token === null) signOut()
  }, [token, signOut])

  useEffect(() => {
    if (!me.error) return
    if (isSessionEndingError(me.error)) {
      signOut()
      window.location.reload()
    } else {
      console.error('Could not load the user data', me.error)
    }
  }, [me.error, signOut])

  return null
}

/** A signed-in user's data follows the server's live updates; a new sign-in opens a new stream (App). */
function LiveUpdates({ after }: { after: string | undefined }) {
  useLiveUpdates({ after })
  return null
}
